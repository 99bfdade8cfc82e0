import { randomUUID } from 'node:crypto';
import { JournalIndex } from './journal-index';
import type { JournalEntry, JournalLine, JournalWarning, NewIntent, NewOutcome } from './records';

/**
 * The payment journal: every money-moving request is written here before it is sent, and its
 * outcome once known. `record*` resolve only when the line is durable; a failure to write means
 * the request must not be sent.
 */
export interface Journal {
  recordIntent(intent: NewIntent): Promise<JournalEntry>;
  recordAttempt(id: string, attempt: number, deadlineMs: number, why: string): Promise<void>;
  recordUnknown(id: string, reason: string): Promise<void>;
  recordOutcome(id: string, outcome: NewOutcome): Promise<JournalEntry>;
  get(id: string): JournalEntry | undefined;
  /** Entries without an outcome, oldest first. Always complete, even while history loads. */
  pending(): JournalEntry[];
  /** Every use of a ReferenceId on a terminal (waits for the full history). */
  usesOf(tpn: string, ref: string): Promise<JournalEntry[]>;
  /** All entries, newest first (waits for the full history). */
  history(): Promise<readonly JournalEntry[]>;
  /** What was tolerated while loading: torn last line, corrupt lines, orphan outcomes. */
  warnings(): JournalWarning[];
  close(): Promise<void>;
}

/**
 * Everything but storage: builds lines, keeps the index, hands lines to `persist`. The memory
 * journal persists nowhere; the file journal appends and fsyncs.
 */
export abstract class IndexedJournal implements Journal {
  protected readonly index = new JournalIndex();
  protected abstract persist(line: JournalLine): Promise<void>;
  protected abstract historyLoaded(): Promise<void>;

  async recordIntent(intent: NewIntent): Promise<JournalEntry> {
    const { deadlineMs, ...fields } = intent;
    const line: JournalLine = { t: 'intent', id: randomUUID(), at: new Date().toISOString(), ...fields, deadlineAt: new Date(deadlineMs).toISOString() };
    await this.#write(line);
    return this.index.get(line.id) as JournalEntry;
  }

  async recordAttempt(id: string, attempt: number, deadlineMs: number, why: string): Promise<void> {
    await this.#write({ t: 'attempt', id: this.#existing(id), at: new Date().toISOString(), attempt, deadlineAt: new Date(deadlineMs).toISOString(), why });
  }

  async recordUnknown(id: string, reason: string): Promise<void> {
    await this.#write({ t: 'unknown', id: this.#existing(id), at: new Date().toISOString(), reason });
  }

  async recordOutcome(id: string, outcome: NewOutcome): Promise<JournalEntry> {
    await this.#write({ t: 'outcome', id: this.#existing(id), at: new Date().toISOString(), ...outcome });
    return this.index.get(id) as JournalEntry;
  }

  get(id: string): JournalEntry | undefined {
    return this.index.get(id);
  }

  pending(): JournalEntry[] {
    return this.index.pending();
  }

  async usesOf(tpn: string, ref: string): Promise<JournalEntry[]> {
    await this.historyLoaded();
    return this.index.usesOf(tpn, ref);
  }

  async history(): Promise<readonly JournalEntry[]> {
    await this.historyLoaded();
    return this.index.newestFirst();
  }

  warnings(): JournalWarning[] {
    return [...this.index.warnings];
  }

  abstract close(): Promise<void>;

  /** Durable first, then visible in memory: the index never shows what a crash could lose. */
  async #write(line: JournalLine): Promise<void> {
    await this.persist(line);
    this.index.apply(line, { file: 'live', line: 0 });
  }

  #existing(id: string): string {
    if (!this.index.get(id)) throw new Error(`No journal entry with id ${id}`);
    return id;
  }
}

/** For tests and the browser host without a data folder: same behaviour, nothing on disk. */
export class MemoryJournal extends IndexedJournal {
  /** Every line in the order it was recorded, for tests. */
  readonly lines: JournalLine[] = [];

  protected async persist(line: JournalLine): Promise<void> {
    this.lines.push(structuredClone(line));
  }

  protected async historyLoaded(): Promise<void> {}

  async close(): Promise<void> {}
}
