import type { LiveRecovery } from '@shared/ipc/journal-views';
import type { Said } from '@shared/ipc/said';
import type { JournalEntry } from '../journal/records';
import type { SpinClient } from '../spin/spin-client';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

/** One step of a request's life after its intent was written; the screens draw countdowns from `untilMs`. */
export interface ProgressEvent {
  entryId: string;
  referenceId: string;
  phase: LiveRecovery['phase'];
  /** 0 for the first send; resends and lookups count up. */
  attempt: number;
  /** When the current wait ends (epoch ms). */
  untilMs?: number;
  detail: string;
  /** The SPIn status code of the answer this wait follows (resends after 2001 / 1000 / 2008). */
  statusCode?: string;
  /** Why the answer was lost, in the catalogue's words, while this run knows it (the journal keeps the English). */
  reasonSaid?: Said;
}

/** What a running send or recovery gets: a stop signal and a way to report progress. */
export interface Tracker {
  readonly signal: AbortSignal;
  progress(phase: ProgressEvent['phase'], attempt: number, detail: string, untilMs?: number, statusCode?: string): void;
  /** The answer was lost, for this reason: every later step carries it for the page to word. */
  lostBecause(said: Said): void;
}

interface Active {
  ref: string;
  controller: AbortController;
  live: ProgressEvent;
  reasonSaid?: Said;
  done: Promise<unknown>;
}

/**
 * Which requests are being sent or recovered right now. It guarantees one worker per journal
 * entry (a second caller joins the running one instead of sending or looking up in parallel), lets
 * the user stop lookups, and keeps the latest progress of each for journal:pending.
 */
export class RecoveryRegistry {
  readonly #active = new Map<string, Active>();
  readonly #listeners = new Set<(event: ProgressEvent) => void>();
  /** Per terminal: the last lookup request queued for it (settled or not). */
  readonly #wire = new Map<string, Promise<unknown>>();

  /** Runs `work` for the entry unless something already is; then returns that run's promise. */
  track<T>(entry: JournalEntry, work: (tracker: Tracker) => Promise<T>): Promise<T> {
    const id = entry.intent.id;
    const running = this.#active.get(id);
    if (running) return running.done as Promise<T>;
    const controller = new AbortController();
    const active: Active = {
      ref: entry.intent.ref,
      controller,
      live: { entryId: id, referenceId: entry.intent.ref, phase: 'sending', attempt: 0, detail: '' },
      done: Promise.resolve(),
    };
    const tracker: Tracker = {
      signal: controller.signal,
      progress: (phase, attempt, detail, untilMs, statusCode) => {
        active.live = {
          entryId: id,
          referenceId: active.ref,
          phase,
          attempt,
          detail,
          ...(untilMs === undefined ? {} : { untilMs }),
          ...(statusCode === undefined ? {} : { statusCode }),
          ...(active.reasonSaid ? { reasonSaid: active.reasonSaid } : {}),
        };
        for (const listener of this.#listeners) listener(active.live);
      },
      lostBecause: (said) => {
        active.reasonSaid = said;
        active.live = { ...active.live, reasonSaid: said };
      },
    };
    this.#active.set(id, active);
    const done = work(tracker).finally(() => this.#active.delete(id));
    active.done = done;
    return done;
  }

  /** How many requests are being sent or having their outcome looked up now (the shell asks before quitting). */
  inProgress(): number {
    let count = 0;
    for (const active of this.#active.values()) if (!active.controller.signal.aborted) count += 1;
    return count;
  }

  running(id: string): Promise<unknown> | undefined {
    return this.#active.get(id)?.done;
  }

  live(id: string): ProgressEvent | undefined {
    return this.#active.get(id)?.live;
  }

  /** The latest progress of the request with this ReferenceId that is still running (the header asks). */
  liveOfReference(referenceId: string): ProgressEvent | undefined {
    for (const active of this.#active.values())
      if (!active.controller.signal.aborted && active.ref.toLowerCase() === referenceId.toLowerCase()) return active.live;
    return undefined;
  }

  /** Stops the lookups of one ReferenceId (any terminal), or all of them. Returns how many were stopped. */
  stop(referenceId?: string): number {
    let stopped = 0;
    for (const active of this.#active.values()) {
      if (referenceId !== undefined && active.ref.toLowerCase() !== referenceId.toLowerCase()) continue;
      if (active.controller.signal.aborted) continue;
      active.controller.abort();
      active.live = { ...active.live, phase: 'stopped', detail: m.svc_progress_stopped() };
      stopped += 1;
    }
    return stopped;
  }

  /**
   * The client with its requests queued behind every other lookup's to the same terminal: a
   * terminal serves one request at a time (docs/PROTOCOL.md §9.3), and lookups no longer wait
   * for each other as a whole (a lookup waiting on its deadline lets the next start, reconciler.ts),
   * so their requests are put in line here instead. Only the request is held, never a wait.
   */
  oneAtATime(client: SpinClient): SpinClient {
    const key = `${client.target.baseUrl} ${client.target.tpn}`;
    const call: SpinClient['call'] = (name, request) => {
      const queued = (this.#wire.get(key) ?? Promise.resolve()).then(() => client.call(name, request));
      const settled = queued.catch(() => undefined);
      this.#wire.set(key, settled);
      void settled.then(() => this.#wire.get(key) === settled && this.#wire.delete(key));
      return queued;
    };
    return { ...client, call };
  }

  /** Every progress event, as it happens. Returns the unsubscribe function. */
  onProgress(listener: (event: ProgressEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
