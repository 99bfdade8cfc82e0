import { randomUUID } from 'node:crypto';
import { JournalIndex, oldestFirst, type StoredEntry } from './journal-index';
import { journalWriteError, JournalWriteError } from './journal-errors';
import { matcher, type EntryFilter, type Page } from './journal-query';
import type { JournalEntry, JournalLine, JournalWarning, NewIntent, NewOutcome, OutcomeLine } from './records';
import type { LineSpot } from './segments';

/** Whether the journal can take new lines. Payments are refused unless it is 'ok'. */
export interface JournalHealth {
  /**
   * ok: lines are written. failing: the last write failed; money-moving requests are refused until
   * a test write succeeds (retried on a timer and before each payment). read-only: this session
   * cannot write at all (the folder is read-only, or another copy took it over).
   */
  state: 'ok' | 'failing' | 'read-only';
  error?: JournalWriteError;
  /** Outcomes known and shown but not on disk yet. */
  unsaved: number;
}

/**
 * The payment journal: every money-moving request is written here before it is sent, and its
 * outcome once known. `recordIntent` resolves only when the line is durable and rejects with a
 * JournalWriteError otherwise: then the request must not be sent. An outcome the disk refuses is
 * kept in memory (`unsaved`), shown truthfully, and written as soon as the disk allows.
 */
export interface Journal {
  recordIntent(intent: NewIntent): Promise<JournalEntry>;
  recordAttempt(id: string, attempt: number, deadlineMs: number, why: string): Promise<void>;
  /** A note only: when the disk refuses it, it is kept in memory and the lookup goes on. */
  recordUnknown(id: string, reason: string): Promise<void>;
  /** Never rejects for a disk fault: the entry comes back with `unsaved` set instead. */
  recordOutcome(id: string, outcome: NewOutcome): Promise<JournalEntry>;
  /** An entry held in memory: pending, or written or changed this session. Settled history is read with page/find. */
  get(id: string): JournalEntry | undefined;
  /** Entries without an outcome, oldest first. Always complete, even while history loads. */
  pending(): JournalEntry[];
  /** Every use of a ReferenceId on a terminal, history included; never waits for the history index. */
  usesOf(tpn: string, ref: string): Promise<JournalEntry[]>;
  /** One page of the entries matching `filter`, newest first, with their number (waits for the full history). */
  page(filter: EntryFilter, offset: number, limit: number): Promise<Page<JournalEntry>>;
  /**
   * Every entry matching `filter`, newest or oldest first, read back from disk a slice at a time so
   * no caller holds the whole history at once (waits for the full history). Entries recorded while
   * it runs are not included.
   */
  entries(order: 'newest' | 'oldest', filter?: EntryFilter): AsyncGenerator<JournalEntry, void, undefined>;
  /** The newest entry that used this ReferenceId on any terminal, any letter case (waits for the full history). */
  newestWithReference(ref: string): Promise<JournalEntry | undefined>;
  /** What was tolerated while loading: torn last line, corrupt lines, orphan outcomes. */
  warnings(): JournalWarning[];
  health(): JournalHealth;
  /** Entries of this terminal whose outcome is only in memory. */
  unsavedOn(tpn: string): JournalEntry[];
  /**
   * Resolves when the journal can take lines again: repairs a torn tail, writes the unsaved
   * outcomes and makes a test write. Rejects with the JournalWriteError while the disk refuses.
   */
  ensureWritable(): Promise<void>;
  close(): Promise<void>;
}

/** How often unsaved outcomes and a failing disk are tried again in the background. */
const RETRY_MS = 2_000;
/** Entries read back per step of `entries()`: a few MB at most in memory at once. */
const STREAM_SLICE = 2_000;

/**
 * Everything but storage: builds lines, keeps the index, hands lines to `persist`. The memory
 * journal persists nowhere; the file journal appends and fsyncs.
 */
export abstract class IndexedJournal implements Journal {
  /** The file journal fills it while it reads the segments at open, before the journal exists. */
  constructor(protected readonly index = new JournalIndex()) {}

  /** Writes one line durably and returns its journal position; rejects with a JournalWriteError. */
  protected abstract persist(line: JournalLine): Promise<number>;
  /** A write that proves the disk takes data again (the file journal writes and fsyncs a scratch file). */
  protected abstract testWrite(): Promise<void>;
  protected abstract historyLoaded(): Promise<void>;
  /**
   * The uses of a reference in history the index has not loaded yet (none once it has), read
   * from disk on demand, so the reference check of the first payment after start never waits.
   */
  protected abstract usesInHistory(tpn: string, ref: string): Promise<JournalEntry[]>;
  /** Reads lines back from disk by where the index says they sit (settled history is not held in memory). */
  protected abstract readLines(spots: readonly LineSpot[]): Promise<JournalLine[]>;
  /** Set when this session can never write (read-only folder, lock lost). */
  protected readOnly: JournalWriteError | undefined;
  #failure: JournalWriteError | undefined;
  readonly #unsaved = new Map<string, OutcomeLine>();
  #retryTimer: ReturnType<typeof setInterval> | undefined;
  #ensuring: Promise<void> | undefined;

  async recordIntent(intent: NewIntent): Promise<JournalEntry> {
    const { deadlineMs, ...fields } = intent;
    const line: JournalLine = {
      t: 'intent',
      id: randomUUID(),
      at: new Date().toISOString(),
      ...fields,
      deadlineAt: new Date(deadlineMs).toISOString(),
    };
    await this.#write(line);
    return this.index.get(line.id) as JournalEntry;
  }

  async recordAttempt(id: string, attempt: number, deadlineMs: number, why: string): Promise<void> {
    await this.#write({
      t: 'attempt',
      id: await this.#held(id),
      at: new Date().toISOString(),
      attempt,
      deadlineAt: new Date(deadlineMs).toISOString(),
      why,
    });
  }

  async recordUnknown(id: string, reason: string): Promise<void> {
    const line: JournalLine = { t: 'unknown', id: await this.#held(id), at: new Date().toISOString(), reason };
    // After a crash the entry is pending anyway and gets looked up; the reason is only a note.
    await this.#write(line).catch((error: unknown) => this.#keepInMemory(line, error));
  }

  async recordOutcome(id: string, outcome: NewOutcome): Promise<JournalEntry> {
    const line: OutcomeLine = { t: 'outcome', id: await this.#held(id), at: new Date().toISOString(), ...outcome };
    try {
      await this.#write(line);
    } catch (error) {
      this.#keepInMemory(line, error);
      this.#unsaved.set(id, line);
      (this.index.get(id) as JournalEntry).unsaved = true;
    }
    return this.index.get(id) as JournalEntry;
  }

  get(id: string): JournalEntry | undefined {
    return this.index.get(id);
  }

  pending(): JournalEntry[] {
    return this.index.pending();
  }

  async usesOf(tpn: string, ref: string): Promise<JournalEntry[]> {
    const older = await this.usesInHistory(tpn, ref);
    const live = await this.entriesOf(this.index.usesOf(tpn, ref));
    if (older.length === 0) return live;
    // While history loads, the index may hold an old intent whose outcome line is not merged in
    // yet; the copy read from disk has it. An outcome in the index (this session's) always wins.
    const merged = new Map(older.map((entry) => [entry.intent.id, entry]));
    for (const entry of live) if (entry.outcome || !merged.get(entry.intent.id)?.outcome) merged.set(entry.intent.id, entry);
    return [...merged.values()].sort(oldestFirst);
  }

  async page(filter: EntryFilter, offset: number, limit: number): Promise<Page<JournalEntry>> {
    await this.historyLoaded();
    const matches = this.#matching(filter);
    const items = await this.entriesOf(matches.slice(offset, offset + limit));
    return { items, total: matches.length, nextOffset: offset + limit < matches.length ? offset + limit : null };
  }

  async *entries(order: 'newest' | 'oldest', filter: EntryFilter = {}): AsyncGenerator<JournalEntry, void, undefined> {
    await this.historyLoaded();
    // The rows are fixed here: a payment recorded meanwhile neither shifts nor repeats an entry.
    const rows = [...this.#matching(filter)];
    if (order === 'oldest') rows.reverse();
    for (let at = 0; at < rows.length; at += STREAM_SLICE) yield* await this.entriesOf(rows.slice(at, at + STREAM_SLICE));
  }

  async newestWithReference(ref: string): Promise<JournalEntry | undefined> {
    await this.historyLoaded();
    const newest = this.index.usesOnAnyTerminal(ref).at(-1);
    return newest === undefined ? undefined : (await this.entriesOf([newest]))[0];
  }

  warnings(): JournalWarning[] {
    return [...this.index.warnings];
  }

  health(): JournalHealth {
    const unsaved = this.#unsaved.size;
    if (this.readOnly) return { state: 'read-only', error: this.readOnly, unsaved };
    return this.#failure ? { state: 'failing', error: this.#failure, unsaved } : { state: 'ok', unsaved };
  }

  unsavedOn(tpn: string): JournalEntry[] {
    return [...this.#unsaved.keys()].map((id) => this.index.get(id) as JournalEntry).filter((entry) => entry.intent.tpn === tpn);
  }

  ensureWritable(): Promise<void> {
    if (this.readOnly) return Promise.reject(this.readOnly);
    if (!this.#failure && this.#unsaved.size === 0) return Promise.resolve();
    // One repair at a time: the timer and a payment may ask together.
    this.#ensuring ??= this.#repair().finally(() => {
      this.#ensuring = undefined;
    });
    return this.#ensuring;
  }

  async close(): Promise<void> {
    clearInterval(this.#retryTimer);
    this.#retryTimer = undefined;
    await this.#ensuring?.catch(() => undefined);
  }

  async #repair(): Promise<void> {
    try {
      for (const [id, line] of [...this.#unsaved]) {
        await this.persist(line);
        this.#unsaved.delete(id);
        delete (this.index.get(id) as JournalEntry).unsaved;
      }
      await this.testWrite();
      this.#failure = undefined;
      clearInterval(this.#retryTimer);
      this.#retryTimer = undefined;
    } catch (error) {
      this.#failure = journalWriteError(error);
      throw this.#failure;
    }
  }

  /** Durable first, then visible in memory: the index never shows what a crash could lose. */
  async #write(line: JournalLine): Promise<void> {
    // While the disk is failing, nothing new is written before the repair (and the outcomes kept
    // in memory) went through: lines stay in the order they happened. Read-only rejects here too.
    await this.ensureWritable();
    let position: number;
    try {
      position = await this.persist(line);
    } catch (error) {
      this.#failure = this.readOnly ?? journalWriteError(error);
      this.#retryInBackground();
      throw this.#failure;
    }
    this.index.apply(line, { file: 'live', line: 0, position });
  }

  /** A line the disk refused, applied in memory so the app shows what really happened. */
  #keepInMemory(line: JournalLine, error: unknown): void {
    if (!(error instanceof JournalWriteError)) throw error;
    this.index.apply(line, { file: 'memory', line: 0, position: Number.MAX_SAFE_INTEGER });
  }

  #retryInBackground(): void {
    if (this.#retryTimer || this.readOnly) return;
    this.#retryTimer = setInterval(() => void this.ensureWritable().catch(() => undefined), RETRY_MS);
    // A retry timer alone must not keep a finished process (a test, a CLI) alive.
    this.#retryTimer.unref?.();
  }

  /** Rows matching `filter`, newest first; an empty filter (History's first page) matches all without a pass. */
  #matching(filter: EntryFilter): readonly number[] {
    const rows = this.index.newestFirst();
    return Object.values(filter).every((value) => value === undefined) ? rows : rows.filter(matcher(filter, this.index));
  }

  /**
   * Makes sure the entry is held in memory before this session changes it (a settled history entry
   * is read back first), so the index never has to change an entry it does not hold.
   */
  async #held(id: string): Promise<string> {
    const row = this.index.rowOf(id);
    if (row === undefined) throw new Error(`No journal entry with id ${id}`);
    this.index.hold(row, this.index.get(id) ?? ((await this.entriesOf([row]))[0] as JournalEntry));
    return id;
  }

  /** The entries of these rows, in the same order: held ones as they are, the others read back from disk. */
  protected async entriesOf(rows: readonly number[]): Promise<JournalEntry[]> {
    const found = rows.map((row) => this.index.entryOrStored(row));
    const stored = found.filter((item): item is StoredEntry => 'row' in item);
    if (stored.length === 0) return found as JournalEntry[];
    const lines = await this.readLines(stored.flatMap((item) => [item.intent, item.outcome]));
    const rebuilt = new Map<number, JournalEntry>();
    for (const [at, item] of stored.entries()) {
      const intent = lines[2 * at];
      const outcome = lines[2 * at + 1];
      if (intent?.t !== 'intent' || outcome?.t !== 'outcome') throw new Error('A journal segment changed on disk since it was read');
      rebuilt.set(item.row, this.index.rebuild(item.row, intent, outcome));
    }
    return found.map((item) => ('row' in item ? (rebuilt.get(item.row) as JournalEntry) : item));
  }
}

/** For tests and the browser host without a data folder: same behaviour, nothing on disk. */
export class MemoryJournal extends IndexedJournal {
  /** Every line in the order it was recorded, for tests. */
  readonly lines: JournalLine[] = [];

  protected async persist(line: JournalLine): Promise<number> {
    this.lines.push(structuredClone(line));
    return this.lines.length;
  }

  protected async testWrite(): Promise<void> {}

  protected async historyLoaded(): Promise<void> {}

  protected async usesInHistory(): Promise<JournalEntry[]> {
    return [];
  }

  /** Never called: without a byte range on disk, every entry stays held in memory. */
  protected async readLines(): Promise<JournalLine[]> {
    throw new Error('The memory journal keeps every entry in memory; it has nothing to read back');
  }
}
