import type { Journal } from '../journal/journal';
import type { JournalEntry } from '../journal/records';
import { AppFailure } from '../app-failure';

export interface ReconcilerLog {
  error(message: string, detail?: unknown): void;
}

/**
 * Start-up reconciliation: every journal entry still without an outcome (the app stopped or
 * crashed mid-request) is looked up, in journal order. Requests to one terminal go one at a time,
 * as a terminal serves one request at a time; different terminals are worked in parallel, so one
 * terminal that stays unreachable does not hold up the others.
 */
export class Reconciler {
  readonly #journal: Journal;
  readonly #resume: (entry: JournalEntry) => Promise<unknown>;
  readonly #log: ReconcilerLog;
  #running = 0;
  #done: Promise<void> = Promise.resolve();

  constructor(journal: Journal, resume: (entry: JournalEntry) => Promise<unknown>, log: ReconcilerLog) {
    this.#journal = journal;
    this.#resume = resume;
    this.#log = log;
  }

  /** Starts in the background; `done` settles when every lane has finished or been stopped. */
  start(): void {
    const lanes = new Map<string, JournalEntry[]>();
    for (const entry of this.#journal.pending()) {
      const lane = lanes.get(entry.intent.tpn);
      if (lane) lane.push(entry);
      else lanes.set(entry.intent.tpn, [entry]);
    }
    this.#done = Promise.all([...lanes.values()].map((lane) => this.#work(lane))).then(() => undefined);
  }

  get reconciling(): boolean {
    return this.#running > 0;
  }

  get done(): Promise<void> {
    return this.#done;
  }

  async #work(lane: JournalEntry[]): Promise<void> {
    this.#running += 1;
    try {
      for (const entry of lane) {
        if (entry.outcome) continue;
        try {
          await this.#resume(entry);
        } catch (error) {
          // Stopped or unresolvable (e.g. its terminal profile was deleted): it stays pending,
          // visible in journal:pending, and the lane moves on.
          if (!(error instanceof AppFailure && error.detail.code === 'OUTCOME_UNKNOWN')) this.#log.error(`Could not look up ${entry.intent.op} ${entry.intent.ref}`, error instanceof Error ? error.message : error);
        }
      }
    } finally {
      this.#running -= 1;
    }
  }
}
