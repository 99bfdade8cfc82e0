import { doublingDelayMs } from '@shared/backoff';
import type { TerminalState, TerminalStateView } from '@shared/ipc/diagnostics-views';

/** How often a terminal that answers is asked: at most one TerminalStatus per terminal per 5 s (issue 27). */
export const ONLINE_POLL_MS = 5000;
/** The longest wait between asks of a terminal that does not answer. */
export const OFFLINE_POLL_MAX_MS = 60_000;

/** States in which the terminal is there: asked at the online pace. */
const THERE: ReadonlySet<TerminalState> = new Set<TerminalState>(['online', 'busy']);

/** The terminal answered and is there (not offline, not an ask that failed). */
function isThere(state: TerminalState | 'failed'): boolean {
  return state !== 'failed' && THERE.has(state);
}

/**
 * The wait before the next ask: the online pace while the terminal is there, doubling (10 s, 20 s,
 * 40 s, then every 60 s) with each ask in a row it is not (`misses` before this one), so a store
 * with lanes switched off for the night does not keep asking the service about each of them every
 * few seconds.
 */
export function nextPollDelay(state: TerminalState | 'failed', misses: number): number {
  return isThere(state) ? ONLINE_POLL_MS : doublingDelayMs({ startMs: 2 * ONLINE_POLL_MS, maxMs: OFFLINE_POLL_MAX_MS }, misses);
}

interface Watched {
  timer: ReturnType<typeof setTimeout> | undefined;
  delayMs: number | undefined;
  /** Asks in a row that found the terminal not there: the backoff's attempt count. */
  misses: number;
  /** An ask is out: the next is scheduled when it ends, so asks never pile up behind a slow service. */
  asking: boolean;
  /** now() came while an ask was out: ask again as soon as it ends, with the backoff started over. */
  again: boolean;
}

export interface StatusPollerOptions {
  ask: (profileId: string) => Promise<TerminalStateView>;
  onView: (view: TerminalStateView) => void;
  /** While true (the window is hidden) a due ask is put off by the online pace. */
  paused?: () => boolean;
}

/**
 * Asks each watched terminal's TerminalStatus (terminal:status, answered at once by the service,
 * never queued behind a customer) on its own timer, with backoff for terminals that do not answer.
 */
export class StatusPoller {
  readonly #watched = new Map<string, Watched>();
  readonly #options: StatusPollerOptions;

  constructor(options: StatusPollerOptions) {
    this.#options = options;
  }

  /** Polls exactly these terminals: new ones are asked at once, ones no longer named stop. */
  watch(profileIds: readonly string[]): void {
    const wanted = new Set(profileIds);
    for (const id of [...this.#watched.keys()]) if (!wanted.has(id)) this.#forget(id);
    for (const id of wanted) {
      if (this.#watched.has(id)) continue;
      this.#watched.set(id, { timer: undefined, delayMs: undefined, misses: 0, asking: false, again: false });
      void this.#ask(id);
    }
  }

  /** "Check connection": asks at once and starts the backoff over. */
  now(profileId: string): Promise<void> {
    const watched = this.#watched.get(profileId);
    if (!watched) return Promise.resolve();
    clearTimeout(watched.timer);
    watched.delayMs = undefined;
    watched.misses = 0;
    if (watched.asking) watched.again = true;
    return this.#ask(profileId);
  }

  /** The current wait of a terminal, for tests and the screen's "next check" hint. */
  delayOf(profileId: string): number | undefined {
    return this.#watched.get(profileId)?.delayMs;
  }

  stop(): void {
    for (const id of [...this.#watched.keys()]) this.#forget(id);
  }

  async #ask(id: string): Promise<void> {
    const watched = this.#watched.get(id);
    if (!watched || watched.asking) return;
    if (this.#options.paused?.()) {
      this.#schedule(id, watched, ONLINE_POLL_MS);
      return;
    }
    watched.asking = true;
    let state: TerminalState | 'failed' = 'failed';
    try {
      const view = await this.#options.ask(id);
      state = view.state;
      if (this.#watched.get(id) === watched) this.#options.onView(view);
    } catch {
      // A failed ask (spin-desk busy, the host gone) says nothing of the terminal: back off like offline.
    } finally {
      watched.asking = false;
    }
    if (this.#watched.get(id) !== watched) return;
    if (watched.again) {
      watched.again = false;
      return this.#ask(id);
    }
    watched.delayMs = nextPollDelay(state, watched.misses);
    watched.misses = isThere(state) ? 0 : watched.misses + 1;
    this.#schedule(id, watched, watched.delayMs);
  }

  #schedule(id: string, watched: Watched, delayMs: number): void {
    clearTimeout(watched.timer);
    watched.timer = setTimeout(() => void this.#ask(id), delayMs);
  }

  #forget(id: string): void {
    clearTimeout(this.#watched.get(id)?.timer);
    this.#watched.delete(id);
  }
}
