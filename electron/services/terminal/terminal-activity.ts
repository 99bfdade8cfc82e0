import { isLoopbackHost } from '@shared/ipc/base-url';
import { endpoints, type EndpointName } from '@shared/spin/endpoints';
import { AppFailure } from '../app-failure';
import type { SpinExchange } from '../spin/spin-client';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

// What this PC has out on each terminal right now, and when a terminal was last shown idle.
// A terminal works on one request at a time: a second one from this PC would only be answered
// 2008 after a wait, so it is refused at once, naming the request that holds the terminal
// (docs/PROTOCOL.md §9.3). The cashier's "Cancel on terminal" aborts what is recorded here.

/**
 * One terminal at one service, named by the service's base URL and the TPN. The same TPN at
 * another service is another terminal; at the same service it is one terminal however the URL is
 * spelled (terminalKeyOf).
 */
export interface TerminalKey {
  baseUrl: string;
  tpn: string;
}

export interface Running {
  /** The endpoint sent: Sale, Auth, UserInput... */
  operation: string;
  /** Its ReferenceId; prompts carry none. */
  referenceId?: string | undefined;
  profileId: string;
  startedAt: number;
  /**
   * Stops this PC's wait for a request that carries no ReferenceId (a prompt): an abort for it
   * could end another register's request (docs/PROTOCOL.md §4.19), so only our side stops.
   */
  stopWaiting?: (() => void) | undefined;
}

/**
 * Answers that come from the proxy's records or the proxy itself, not from a free terminal:
 * Status is answered even while the terminal works (docs/PROTOCOL.md §9.4).
 */
const ANSWERED_WITHOUT_TERMINAL: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'Status',
  'StatusList',
  'OfflineStatus',
  'AbortTransaction',
  'TerminalStatus',
]);

/** Terminal codes that do not show it free: 1000 busy, 1030 disconnected (as recovery/idle-probe.ts). */
const NOT_IDLE = new Set(['1000', '1030']);

/**
 * What identifies a terminal: the TPN at one service, the service being the host and port the
 * requests go to. How a profile spells its URL does not matter: `localhost`, `127.0.0.1` and
 * `[::1]` are this computer, upper case, a trailing dot or slash, a default port written out and
 * a path (`/spin`) name the same service. Two profiles on one terminal then wait for each other
 * here instead of both sending and the second being answered busy (2008) after a wait.
 */
export function terminalKeyOf(target: TerminalKey): string {
  return `${serviceOf(target.baseUrl)}\u0000${target.tpn.trim()}`;
}

function serviceOf(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    // Profiles hold checked URLs; whatever else arrives is at least compared without case and slashes.
    return baseUrl.trim().toLowerCase().replace(/\/+$/, '');
  }
  // URL has already lower-cased the host, written IPv4 in dotted decimal and dropped a default port.
  const host = url.hostname.replace(/\.$/, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
  return `${isLoopbackHost(host) ? 'this computer' : host}:${port}`;
}

/** The money operations by name, as a cashier reads them in a sentence ("sale", in Spanish "venta"). */
const OPERATION_WORDS: Record<string, () => string> = {
  Sale: m.svc_op_sale,
  Auth: m.svc_op_auth,
  Capture: m.svc_op_capture,
  Return: m.svc_op_return,
  Void: m.svc_op_void,
  TipAdjust: m.svc_op_tipadjust,
  Settle: m.svc_op_settle,
};

/** "sale", "tipadjust": an operation named in a sentence, in the language of the answer; an endpoint without words keeps its name. */
export function operationWord(operation: string): string {
  return OPERATION_WORDS[operation]?.() ?? operation.toLowerCase();
}

/** "sale R1", "customer request (UserInput)": how the busy message names a request, in the language of the answer. */
export function describeRunning(running: Running): string {
  const what = running.operation === 'Settle' ? m.svc_running_settle() : operationWord(running.operation);
  return running.referenceId
    ? m.svc_running_named({ what, reference: running.referenceId })
    : m.svc_running_prompt({ operation: running.operation });
}

export class TerminalActivity {
  readonly #running = new Map<string, Running>();
  readonly #idleAt = new Map<string, number>();

  /**
   * Records that this PC now waits on the terminal and returns what ends it. Refuses at once,
   * before anything is written or sent, when something from this PC already waits there.
   */
  claim(
    target: TerminalKey & { profileId: string },
    what: { operation: string; referenceId?: string | undefined; stopWaiting?: (() => void) | undefined },
  ): () => void {
    const key = terminalKeyOf(target);
    const busy = this.#running.get(key);
    if (busy) throw busyFailure(busy);
    const running: Running = { ...what, profileId: target.profileId, startedAt: Date.now() };
    this.#running.set(key, running);
    return () => {
      if (this.#running.get(key) === running) this.#running.delete(key);
    };
  }

  running(target: TerminalKey): Running | undefined {
    return this.#running.get(terminalKeyOf(target));
  }

  /** An answer showed the terminal doing nothing (an abort answered, nothing running): recovery may conclude sooner. */
  sawIdle(target: TerminalKey, at = Date.now()): void {
    this.#idleAt.set(terminalKeyOf(target), at);
  }

  /**
   * Every SPIn exchange passes here: the terminal's own answer to a request (ResultCode 0 or 1, not
   * busy) shows that it has finished and is free, which recovery after a 2007 may use.
   */
  observe(exchange: SpinExchange): void {
    const { endpoint, resultCode, statusCode } = exchange;
    if (ANSWERED_WITHOUT_TERMINAL.has(endpoint) || (resultCode !== '0' && resultCode !== '1') || NOT_IDLE.has(statusCode ?? '')) return;
    const at = exchange.url.indexOf(endpoints[endpoint].path);
    if (at < 0) return;
    this.sawIdle({ baseUrl: exchange.url.slice(0, at), tpn: exchange.tpn }, exchange.startedAt + exchange.durationMs);
  }

  /** When the terminal was last shown idle, if ever since start. */
  idleAt(target: TerminalKey): number | undefined {
    return this.#idleAt.get(terminalKeyOf(target));
  }
}

function busyFailure(running: Running): AppFailure {
  const what = describeRunning(running);
  return new AppFailure('TERMINAL_BUSY', m.svc_busy({ what }), {
    remedy: m.svc_busy_remedy(),
    busyWith: {
      operation: running.operation,
      profileId: running.profileId,
      ...(running.referenceId ? { referenceId: running.referenceId } : {}),
    },
  });
}
