import type { TerminalState, TerminalStateView } from '@shared/ipc/diagnostics-views';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { explainCode } from '@shared/spin/codes';
import type { SpinExchange } from '../spin/spin-client';

// The header's "is my terminal working?" light, learned for free from the answers the app gets
// anyway: no extra request is ever sent just to keep it fresh.

interface Known {
  state: TerminalState;
  at: number;
  lastSuccessAt?: number;
  statusCode?: string;
  /** Worded when the light is read, in the language main speaks then (it may change meanwhile). */
  detail: () => string;
}

type Learned = Omit<Known, 'at' | 'lastSuccessAt'>;

const REFUSED_SETUP = new Set(['2002', '2003', '2004', '2005']);

/**
 * What one exchange says about its terminal. Any answer from the terminal (ResultCode 0 or 1, a
 * decline included) means it is online; a timeout, 2007 or an HTTP error proves nothing either
 * way, so the last known state stands.
 */
export function learnedFrom(exchange: SpinExchange): Learned | undefined {
  const { resultCode, statusCode } = exchange;
  const connection = exchange.endpoint === 'TerminalStatus' ? terminalStatusOf(exchange.responseText) : undefined;
  if (connection) return CONNECTION[connection];
  if (resultCode === '0' || resultCode === '1')
    return { state: 'online', detail: m.diag_state_answered, ...(statusCode ? { statusCode } : {}) };
  if (statusCode === '2001' || statusCode === '2011') return { state: 'offline', statusCode, detail: explanationOf(statusCode) };
  if (statusCode === '2008') return { state: 'busy', statusCode, detail: explanationOf(statusCode) };
  if (statusCode && REFUSED_SETUP.has(statusCode)) return { state: 'refused', statusCode, detail: explanationOf(statusCode) };
  if (exchange.errorCode === 'NETWORK') return { state: 'unreachable', detail: m.diag_state_unreachable };
  return undefined;
}

const explanationOf = (statusCode: string) => (): string => explainCode(statusCode).explanation;

/** TerminalStatus's answer (docs/PROTOCOL.md §4.20): the proxy's own view of the connection. */
const CONNECTION: Record<'Online' | 'Offline' | 'NotFound', Learned> = {
  Online: { state: 'online', detail: m.diag_state_online },
  Offline: {
    state: 'offline',
    statusCode: '2001',
    detail: m.diag_state_offline,
  },
  NotFound: {
    state: 'refused',
    statusCode: '2003',
    detail: m.diag_state_not_found,
  },
};

function terminalStatusOf(text: string | undefined): keyof typeof CONNECTION | undefined {
  if (!text) return undefined;
  try {
    const value = (JSON.parse(text) as { TerminalStatus?: unknown }).TerminalStatus;
    return typeof value === 'string' && Object.hasOwn(CONNECTION, value) ? (value as keyof typeof CONNECTION) : undefined;
  } catch {
    return undefined;
  }
}

export class TerminalStates {
  readonly #known = new Map<string, Known>();

  observe(exchange: SpinExchange): void {
    const learned = exchange.profileId ? learnedFrom(exchange) : undefined;
    if (!learned || !exchange.profileId) return;
    const at = exchange.startedAt + exchange.durationMs;
    this.#set(exchange.profileId, learned, at, learned.state === 'online');
  }

  /** The connection check's network steps know more than any exchange when they fail (its verdict, already worded). */
  note(profileId: string, state: TerminalState, detail: string, at = Date.now()): void {
    this.#set(profileId, { state, detail: () => detail }, at, false);
  }

  view(profileId: string | null): TerminalStateView {
    const known = profileId ? this.#known.get(profileId) : undefined;
    if (!known) return { profileId, state: 'unknown', detail: m.diag_state_unknown() };
    return {
      profileId,
      state: known.state,
      at: new Date(known.at).toISOString(),
      ...(known.lastSuccessAt ? { lastSuccessAt: new Date(known.lastSuccessAt).toISOString() } : {}),
      ...(known.statusCode ? { statusCode: known.statusCode } : {}),
      detail: known.detail(),
    };
  }

  all(): TerminalStateView[] {
    return [...this.#known.keys()].map((id) => this.view(id));
  }

  #set(profileId: string, learned: Learned, at: number, success: boolean): void {
    const previous = this.#known.get(profileId);
    // Answers arrive in the order they finish; an older one must not overwrite newer news.
    if (previous && previous.at > at) return;
    const lastSuccessAt = success ? at : previous?.lastSuccessAt;
    this.#known.set(profileId, { ...learned, at, ...(lastSuccessAt ? { lastSuccessAt } : {}) });
  }
}
