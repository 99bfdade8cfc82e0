import type { Journal } from '../journal/journal';
import type { JournalEntry } from '../journal/records';
import { AppFailure } from '../app-failure';

export interface ReconcilerLog {
  error(message: string, detail?: unknown): void;
}

export interface ReconcilerOptions {
  /**
   * How long a lane waits before trying again an entry that could not even start its lookup (no
   * Authkey after a restart of the browser version, its terminal profile missing). wake() cuts
   * the wait short, e.g. when an Authkey is entered.
   */
  retryMs?: number;
  /**
   * Runs beside the lookups at start (the rebuild of a lost journal tail, batch-rebuild.ts):
   * resolves true when done, false to be tried again after the same wait (or wake()).
   */
  rebuild?: () => Promise<boolean>;
}

const DEFAULT_RETRY_MS = 3_000;

/**
 * Looks one pending entry up to the end. `parked` is called when the lookup starts waiting on
 * something of this entry alone (its deadline): the lane may then start the next entry.
 */
export type ResumeLookup = (entry: JournalEntry, parked: () => void) => Promise<unknown>;

/**
 * Start-up reconciliation: every journal entry still without an outcome (the app stopped or
 * crashed mid-request) is looked up, in journal order. Requests to one terminal go one at a time,
 * as a terminal serves one request at a time, but a lookup waiting on its own deadline lets the
 * next one start; different terminals are worked in parallel, so one terminal that stays
 * unreachable does not hold up the others. An entry whose lookup cannot start yet is tried again
 * every few seconds and at once on wake(), until it resolves or the user stops it.
 */
export class Reconciler {
  readonly #journal: Journal;
  readonly #resume: ResumeLookup;
  readonly #log: ReconcilerLog;
  readonly #retryMs: number;
  readonly #rebuild: (() => Promise<boolean>) | undefined;
  #running = 0;
  #done: Promise<void> = Promise.resolve();
  #stopped = false;
  /** Resolves the waits of lanes that are between tries. */
  readonly #wakers = new Set<() => void>();
  /**
   * Counts wake() calls, so that one made while a round is still running (its lookups end over
   * several turns of the event loop) is not lost: that round's lane then tries again at once.
   */
  #wakes = 0;

  constructor(journal: Journal, resume: ResumeLookup, log: ReconcilerLog, options: ReconcilerOptions = {}) {
    this.#journal = journal;
    this.#resume = resume;
    this.#log = log;
    this.#retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
    this.#rebuild = options.rebuild;
  }

  /** Starts in the background (again after stop(): a restored journal's pending entries); `done` settles when every lane has finished or been stopped. */
  start(): void {
    this.#stopped = false;
    const lanes = new Map<string, JournalEntry[]>();
    for (const entry of this.#journal.pending()) {
      const lane = lanes.get(entry.intent.tpn);
      if (lane) lane.push(entry);
      else lanes.set(entry.intent.tpn, [entry]);
    }
    const rebuild = this.#rebuild ? [this.#retried(this.#rebuild)] : [];
    this.#done = Promise.all([...rebuild, ...[...lanes.values()].map((lane) => this.#work(lane))]).then(() => undefined);
  }

  /** Something a waiting lookup may have missed came back (an Authkey, a profile): try now. */
  wake(): void {
    this.#wakes += 1;
    for (const wake of [...this.#wakers]) wake();
  }

  /** Ends the waits between tries (the app is closing); lookups in flight are stopped by the registry. */
  stop(): void {
    this.#stopped = true;
    this.wake();
  }

  get reconciling(): boolean {
    return this.#running > 0;
  }

  get done(): Promise<void> {
    return this.#done;
  }

  async #work(lane: JournalEntry[]): Promise<void> {
    this.#running += 1;
    /** The last reason logged per terminal profile: said once per reason, not every few seconds. */
    const reported = new Map<string, string>();
    try {
      let waiting = lane;
      while (waiting.length > 0 && !this.#stopped) {
        const wakesBefore = this.#wakes;
        const again: JournalEntry[] = [];
        /**
         * Profiles whose lookup could not start in this round. What stops one (no Authkey, its
         * profile deleted, the journal refusing writes) stops every entry of that profile, so the
         * others wait for the next round untried: a journal with 10,000 entries left pending on
         * a removed terminal made start-up 2.7 s slower and logged 10,000 lines every round.
         */
        const blocked = new Set<string>();
        const failed = (entry: JournalEntry, error: unknown) => {
          // Stopped by the user: it stays pending (journal:pending shows it) until asked again.
          if (error instanceof AppFailure && error.detail.code === 'OUTCOME_UNKNOWN') return;
          const message = error instanceof Error ? error.message : String(error);
          const { profileId } = entry.intent;
          if (reported.get(profileId) !== message)
            this.#log.error(`Could not look up ${entry.intent.op} ${entry.intent.ref} yet; trying again`, message);
          reported.set(profileId, message);
          blocked.add(profileId);
          again.push(entry);
        };
        /** Lookups started this round, the parked ones still running. */
        const started: Promise<void>[] = [];
        for (const entry of waiting) {
          if (this.#stopped) break;
          if (entry.outcome) continue;
          if (blocked.has(entry.intent.profileId)) {
            again.push(entry);
            continue;
          }
          // The next entry starts when this one ends or parks (it waits on its own deadline and
          // holds no request to the terminal meanwhile; its requests and the next one's still go
          // one at a time, RecoveryRegistry.oneAtATime). A deadline a clock moved back left a
          // day away, or a sale the terminal may still be finishing, no longer holds up a charged
          // sale behind it that one Status settles.
          let park = () => {};
          const parked = new Promise<void>((resolve) => (park = resolve));
          const run = this.#resume(entry, park).then(
            () => undefined,
            (error: unknown) => failed(entry, error),
          );
          started.push(run);
          await Promise.race([run, parked]);
        }
        await Promise.all(started);
        waiting = again;
        if (waiting.length > 0 && !this.#stopped && this.#wakes === wakesBefore) await this.#pause();
      }
    } finally {
      this.#running -= 1;
    }
  }

  /** Runs `task` until it says it is done, pausing between tries like a lane (wake() cuts the wait short). */
  async #retried(task: () => Promise<boolean>): Promise<void> {
    this.#running += 1;
    try {
      while (!this.#stopped) {
        const done = await task().catch((error: unknown) => {
          this.#log.error(
            'Could not restore the journal from the terminals yet; trying again',
            error instanceof Error ? error.message : error,
          );
          return false;
        });
        if (done) return;
        await this.#pause();
      }
    } finally {
      this.#running -= 1;
    }
  }

  #pause(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.#retryMs);
      this.#wakers.add(done);
    });
  }
}
