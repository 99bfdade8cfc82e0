import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { statfsSync } from 'node:fs';
import { closeDatabase, openInMemory, type OpenedDatabase } from './journal-database';
import { journalWriteError, JournalWriteError } from './journal-errors';
import type { Journal, JournalHealth } from './journal';
import { filterSql, pendingSql, tallySql, TRIGRAM, trigramPhrase, type EntryFilter, type Page, type PendingFilter } from './journal-query';
import {
  resultOf,
  type IntentLine,
  type JournalEntry,
  type JournalLine,
  type JournalWarning,
  type NewIntent,
  type NewOutcome,
  type OutcomeLine,
} from './records';

/** How often unsaved outcomes and a failing disk are tried again in the background. */
const RETRY_MS = 2_000;
/** Less free space than this when a write failed: the disk is full (a journal line needs a few pages). */
const FULL_BELOW_BYTES = 256 * 1024;
/**
 * A reference part matching more entries than this is not counted: History lists it newest first
 * and says there are more (counting 55,000 matches of 1,000,000 entries took 0.3 s, 800,000 4 s).
 */
const COUNTED_MATCHES = 2_000;
/**
 * Entries read per step of `entries()`: well under 1 MB in memory at once, and a few ms of reading
 * in one piece, so an export running beside a sale holds the event loop only briefly.
 */
const STREAM_SLICE = 500;

/** One row of `entries` as SQLite hands it back. */
interface EntryRow {
  seq: number;
  id: string;
  created_ms: number;
  deadline_ms: number;
  attempts: number;
  unknown_reason: string | null;
  intent: string;
  outcome: string | null;
}

const ENTRY_COLUMNS = 'seq, id, created_ms, deadline_ms, attempts, unknown_reason, intent, outcome';
const NEWEST_FIRST = 'ORDER BY created_ms DESC, seq DESC';
const OLDEST_FIRST = 'ORDER BY created_ms, seq';
/** A terminal's newest Settle that closed a batch: the WHERE of entries_closing_settles (journal-database.ts) word for word, so SQLite reads that index. */
export const LAST_SETTLE_SQL = `SELECT ${ENTRY_COLUMNS} FROM entries
  WHERE tpn = ? AND json_extract(intent, '$.op') = 'Settle' AND state IN ('approved', 'partial') ${NEWEST_FIRST} LIMIT 1`;

/** A test's stand-in for a failing disk: called inside each write's transaction (with its line), it throws SQLite's error. */
export type WriteFault = (what: 'line' | 'test-write', line?: JournalLine) => void;

export interface SqliteJournalOptions {
  /** The folder holding the database: a write SQLite refuses is explained by its free space and files. */
  dataDir?: string;
  /** Every write is refused with this error (the folder is read-only or damaged); history stays readable. */
  readOnly?: JournalWriteError;
  /** What opening found and tolerated (an import's bad lines are kept in the database itself). */
  warnings?: JournalWarning[];
  faults?: WriteFault;
}

/**
 * The payment journal on SQLite (see journal-database.ts for the file). Each record*() is one
 * transaction: the line appended to `lines` and the entry's row in `entries` updated together, and
 * committed (fsynced) before the promise resolves. Nothing about history is held in memory: every
 * question is an indexed query. What is held: outcomes and notes the disk refused (shown, marked
 * unsaved, written as soon as it takes them again).
 */
export class SqliteJournal implements Journal {
  readonly #opened: OpenedDatabase;
  readonly #db: Database.Database;
  readonly #faults: WriteFault | undefined;
  readonly #dataDir: string | undefined;
  readonly #openWarnings: JournalWarning[];
  #readOnly: JournalWriteError | undefined;
  #failure: JournalWriteError | undefined;
  /** Outcomes known and shown but not on disk yet, by entry id. */
  readonly #unsaved = new Map<string, OutcomeLine>();
  /** Unknown-outcome notes the disk refused: only notes, kept for this session. */
  readonly #unsavedNotes = new Map<string, string>();
  #retryTimer: ReturnType<typeof setInterval> | undefined;
  #ensuring: Promise<void> | undefined;
  readonly #sql: ReturnType<typeof statements>;
  /** Whether the journal has its tallies (schema 2; a disk that refused the migration leaves them out until the next open). */
  readonly #tallied: boolean;

  constructor(opened: OpenedDatabase, options: SqliteJournalOptions = {}) {
    this.#opened = opened;
    this.#db = opened.db;
    this.#readOnly = options.readOnly;
    this.#faults = options.faults;
    this.#dataDir = options.dataDir;
    this.#openWarnings = options.warnings ?? [];
    this.#sql = statements(this.#db);
    this.#tallied = this.#db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entry_tallies'").get() !== undefined;
  }

  async recordIntent(intent: NewIntent): Promise<JournalEntry> {
    const { deadlineMs, ...fields } = intent;
    const line: IntentLine = {
      t: 'intent',
      id: randomUUID(),
      at: new Date().toISOString(),
      ...fields,
      deadlineAt: new Date(deadlineMs).toISOString(),
    };
    await this.#write(line);
    return this.#entry(line.id) as JournalEntry;
  }

  async recordAttempt(id: string, attempt: number, deadlineMs: number, why: string): Promise<void> {
    this.#known(id);
    await this.#write({ t: 'attempt', id, at: new Date().toISOString(), attempt, deadlineAt: new Date(deadlineMs).toISOString(), why });
  }

  async recordUnknown(id: string, reason: string): Promise<void> {
    this.#known(id);
    try {
      await this.#write({ t: 'unknown', id, at: new Date().toISOString(), reason });
    } catch (error) {
      // After a crash the entry is pending anyway and gets looked up; the reason is only a note.
      if (!(error instanceof JournalWriteError)) throw error;
      this.#unsavedNotes.set(id, reason);
    }
  }

  async recordOutcome(id: string, outcome: NewOutcome): Promise<JournalEntry> {
    this.#known(id);
    const line: OutcomeLine = { t: 'outcome', id, at: new Date().toISOString(), ...outcome };
    try {
      await this.#write(line);
    } catch (error) {
      if (!(error instanceof JournalWriteError)) throw error;
      this.#unsaved.set(id, line);
    }
    return this.#entry(id) as JournalEntry;
  }

  get(id: string): JournalEntry | undefined {
    return this.#entry(id);
  }

  pending(): JournalEntry[] {
    return this.#entries(this.#sql.pending.all() as EntryRow[]).filter((entry) => entry.outcome === undefined);
  }

  pendingPage(filter: PendingFilter, limit: number): { items: JournalEntry[]; total: number } {
    const { where, params } = pendingSql(filter);
    const matching = (this.#db.prepare(`SELECT count(*) AS n FROM entries ${where}`).get(...params) as { n: number }).n;
    // An outcome only in memory (the disk refused it) is known: such an entry is not pending. They are
    // few (a payment waits until they are written), so the page reads that many rows more.
    const unsaved = [...this.#unsaved.keys()];
    const rows = this.#db
      .prepare(`SELECT ${ENTRY_COLUMNS} FROM entries ${where} ${OLDEST_FIRST} LIMIT ?`)
      .all(...params, limit + unsaved.length) as EntryRow[];
    const known =
      unsaved.length === 0
        ? 0
        : (
            this.#db
              .prepare(`SELECT count(*) AS n FROM entries ${where} AND id IN (${unsaved.map(() => '?').join(', ')})`)
              .get(...params, ...unsaved) as { n: number }
          ).n;
    const items = this.#entries(rows)
      .filter((entry) => entry.outcome === undefined)
      .slice(0, limit);
    return { items, total: matching - known };
  }

  async usesOf(tpn: string, ref: string): Promise<JournalEntry[]> {
    return this.#entries(this.#sql.usesOf.all(ref.toLowerCase(), tpn) as EntryRow[]);
  }

  async page(filter: EntryFilter, offset: number, limit: number): Promise<Page<JournalEntry>> {
    if (this.#referenceMatchesMany(filter.referenceId)) return this.#broadPage(filter, offset, limit);
    const { where, params } = filterSql(filter);
    const tally = this.#tallied ? tallySql(filter) : undefined;
    const total = !where
      ? (this.#sql.entryCount.get() as { n: number }).n
      : tally
        ? (this.#db.prepare(tally.sql).get(...tally.params) as { n: number }).n
        : (this.#db.prepare(`SELECT count(*) AS n FROM entries ${where}`).get(...params) as { n: number }).n;
    const rows =
      limit > 0
        ? (this.#db
            .prepare(`SELECT ${ENTRY_COLUMNS} FROM entries ${where} ${NEWEST_FIRST} LIMIT ? OFFSET ?`)
            .all(...params, limit, offset) as EntryRow[])
        : [];
    return { items: this.#entries(rows), total, totalExact: true, nextOffset: offset + limit < total ? offset + limit : null };
  }

  /** Whether the trigram index finds a reference part more than COUNTED_MATCHES times (asking for one more stops it early). */
  #referenceMatchesMany(referenceId: string | undefined): boolean {
    if (referenceId === undefined || referenceId.length < TRIGRAM) return false;
    const found = this.#sql.countReferenceMatches.get(trigramPhrase(referenceId), COUNTED_MATCHES + 1) as { n: number };
    return found.n > COUNTED_MATCHES;
  }

  /**
   * A page of a reference part matching much of the journal, without counting the matches. The
   * trigram index hands out its matches newest first in journal order (its rowid is the entry's
   * `seq`), so the page is read straight off it, the other filters checked on the way; reading the
   * time index instead met a part shared by an older stretch of the journal only after 400 ms. The
   * order is the journal's: the same as the time's unless the clock was set back meanwhile.
   */
  #broadPage(filter: EntryFilter, offset: number, limit: number): Page<JournalEntry> {
    const { where, params } = filterSql(filter, { withoutReference: true });
    const others = where ? `AND ${where.slice('WHERE '.length)}` : '';
    const rows = this.#db
      .prepare(
        `SELECT ${ENTRY_COLUMNS} FROM entry_refs CROSS JOIN entries ON entries.seq = entry_refs.rowid
         WHERE entry_refs MATCH ? ${others} ORDER BY entry_refs.rowid DESC LIMIT ? OFFSET ?`,
      )
      .all(trigramPhrase(filter.referenceId as string), ...params, limit + 1, offset) as EntryRow[];
    // One row past the page says whether more follow; the total is only a floor.
    const more = rows.length > limit;
    const items = this.#entries(rows.slice(0, limit));
    return { items, total: offset + items.length + (more ? 1 : 0), totalExact: false, nextOffset: more ? offset + limit : null };
  }

  async *entries(order: 'newest' | 'oldest', filter: EntryFilter = {}): AsyncGenerator<JournalEntry, void, undefined> {
    const { where, params } = filterSql(filter);
    // Fixed at the start: a payment recorded meanwhile neither shifts nor repeats an entry.
    const lastSeq = (this.#sql.lastSeq.get() as { last: number | null }).last ?? 0;
    const newest = order === 'newest';
    const after = newest ? '(created_ms < ? OR (created_ms = ? AND seq < ?))' : '(created_ms > ? OR (created_ms = ? AND seq > ?))';
    const slice = this.#db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM entries ${where ? `${where} AND` : 'WHERE'} seq <= ? AND ${after} ${newest ? NEWEST_FIRST : OLDEST_FIRST} LIMIT ${STREAM_SLICE}`,
    );
    // Each slice is a query of its own: a statement left open across an await would hold the connection.
    let from = newest
      ? [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]
      : [-Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0];
    for (;;) {
      const rows = slice.all(...params, lastSeq, ...from) as EntryRow[];
      yield* this.#entries(rows);
      const last = rows.at(-1);
      if (!last || rows.length < STREAM_SLICE) return;
      from = [last.created_ms, last.created_ms, last.seq];
      // Let other requests in between slices of a long export.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async newestOn(tpn: string): Promise<JournalEntry | undefined> {
    const row = this.#sql.newestOn.get(tpn) as EntryRow | undefined;
    return row && this.#entries([row])[0];
  }

  async lastSettleOn(tpn: string): Promise<JournalEntry | undefined> {
    const row = this.#sql.lastSettleOn.get(tpn) as EntryRow | undefined;
    return row && this.#entries([row])[0];
  }

  async newestWithReference(ref: string): Promise<JournalEntry | undefined> {
    const row = this.#sql.newestWithReference.get(ref.toLowerCase()) as EntryRow | undefined;
    return row && this.#entries([row])[0];
  }

  warnings(first = Number.MAX_SAFE_INTEGER): JournalWarning[] {
    const opened = this.#openWarnings.slice(0, first);
    const stored = this.#sql.warnings.all(first - opened.length) as {
      kind: JournalWarning['kind'];
      file: string;
      line: number | null;
      message: string;
    }[];
    return [...opened, ...stored.map(({ line, ...rest }) => ({ ...rest, ...(line === null ? {} : { line }) }))];
  }

  warningCount(): number {
    return this.#openWarnings.length + (this.#sql.warningCount.get() as { n: number }).n;
  }

  health(): JournalHealth {
    const unsaved = this.#unsaved.size;
    if (this.#readOnly) return { state: 'read-only', error: this.#readOnly, unsaved };
    return this.#failure ? { state: 'failing', error: this.#failure, unsaved } : { state: 'ok', unsaved };
  }

  unsavedOn(tpn: string): JournalEntry[] {
    return [...this.#unsaved.keys()].map((id) => this.#entry(id) as JournalEntry).filter((entry) => entry.intent.tpn === tpn);
  }

  ensureWritable(): Promise<void> {
    if (this.#readOnly) return Promise.reject(this.#readOnly);
    if (!this.#failure && this.#unsaved.size === 0) return Promise.resolve();
    // One repair at a time: the timer and a payment may ask together.
    this.#ensuring ??= this.#repair().finally(() => {
      this.#ensuring = undefined;
    });
    return this.#ensuring;
  }

  /** Another process took the data folder over, or it became unwritable: from now on nothing is written. */
  stopWriting(reason: JournalWriteError): void {
    this.#readOnly ??= reason;
  }

  /** Every line in the order it was recorded (tests and the support tools read the record this way). */
  lines(): JournalLine[] {
    return (this.#sql.allLines.all() as { line: string }[]).map((row) => JSON.parse(row.line) as JournalLine);
  }

  async close(): Promise<void> {
    clearInterval(this.#retryTimer);
    this.#retryTimer = undefined;
    await this.#ensuring?.catch(() => undefined);
    this.#readOnly ??= new JournalWriteError('CLOSED');
    closeDatabase(this.#opened);
  }

  async #repair(): Promise<void> {
    try {
      for (const [id, line] of [...this.#unsaved]) {
        this.#commit(line);
        this.#unsaved.delete(id);
      }
      this.#transaction('test-write', undefined, () => {
        this.#sql.testWrite.run();
        this.#sql.clearTestWrite.run();
      });
      this.#failure = undefined;
      clearInterval(this.#retryTimer);
      this.#retryTimer = undefined;
    } catch (error) {
      this.#failure = this.#readOnly ?? this.#writeError(error);
      throw this.#failure;
    }
  }

  /**
   * SQLite reports a write the disk refused as SQLITE_FULL or SQLITE_IOERR_*, without the OS's
   * reason. The disk itself says whether it is out of space or out of files (inodes), so the
   * cashier reads "the disk is full" rather than a database code.
   */
  #writeError(error: unknown): JournalWriteError {
    const cause = journalWriteError(error);
    if (!this.#dataDir || !cause.errno?.startsWith('SQLITE_') || !cause.transient) return cause;
    try {
      const disk = statfsSync(this.#dataDir);
      if (disk.files > 0 && disk.ffree === 0) return new JournalWriteError('DISK_FULL', 'ENOSPC', 'no free files (inodes) are left on it');
      if (disk.bavail * disk.bsize < FULL_BELOW_BYTES) return new JournalWriteError('DISK_FULL', 'ENOSPC');
    } catch {
      // The disk cannot even be asked: SQLite's code is all there is.
    }
    return cause;
  }

  /** Durable first, then visible: a line is seen only once its transaction committed. */
  async #write(line: JournalLine): Promise<void> {
    // While the disk is failing, nothing new is written before the repair (and the outcomes kept
    // in memory) went through: lines stay in the order they happened. Read-only rejects here too.
    await this.ensureWritable();
    try {
      this.#commit(line);
    } catch (error) {
      this.#failure = this.#readOnly ?? this.#writeError(error);
      this.#retryInBackground();
      throw this.#failure;
    }
  }

  #commit(line: JournalLine): void {
    if (this.#readOnly) throw this.#readOnly;
    this.#transaction('line', line, () => applyLine(this.#sql, line));
  }

  /** One write transaction; a failure anywhere (the commit's fsync included) leaves nothing behind. */
  #transaction(what: 'line' | 'test-write', line: JournalLine | undefined, work: () => void): void {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      work();
      this.#faults?.(what, line);
      this.#db.exec('COMMIT');
    } catch (error) {
      // SQLite may have rolled back already (a full disk does); otherwise roll back here.
      if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  #retryInBackground(): void {
    if (this.#retryTimer || this.#readOnly) return;
    this.#retryTimer = setInterval(() => void this.ensureWritable().catch(() => undefined), RETRY_MS);
    // A retry timer alone must not keep a finished process (a test, a CLI) alive.
    this.#retryTimer.unref?.();
  }

  #known(id: string): void {
    if (this.#sql.entry.get(id) === undefined) throw new Error(`No journal entry with id ${id}`);
  }

  #entry(id: string): JournalEntry | undefined {
    const row = this.#sql.entry.get(id) as EntryRow | undefined;
    return row && this.#entries([row])[0];
  }

  /** Rows as entries, with what this session knows but the disk does not have yet laid over them. */
  #entries(rows: readonly EntryRow[]): JournalEntry[] {
    return rows.map((row) => {
      const entry = entryOfRow(row);
      const note = this.#unsavedNotes.get(row.id);
      if (note !== undefined && entry.unknownReason === undefined) entry.unknownReason = note;
      const outcome = this.#unsaved.get(row.id);
      if (outcome) Object.assign(entry, { outcome, unsaved: true });
      return entry;
    });
  }
}

/** For tests and the browser host without a data folder: the same journal, in memory. */
export class MemoryJournal extends SqliteJournal {
  constructor(options: SqliteJournalOptions = {}) {
    super(openInMemory(), options);
  }
}

export function entryOfRow(row: EntryRow): JournalEntry {
  return {
    intent: JSON.parse(row.intent) as IntentLine,
    createdMs: row.created_ms,
    position: row.seq,
    deadlineMs: row.deadline_ms,
    attempts: row.attempts,
    ...(row.unknown_reason === null ? {} : { unknownReason: row.unknown_reason }),
    ...(row.outcome === null ? {} : { outcome: JSON.parse(row.outcome) as OutcomeLine }),
  };
}

/** The statements every write and lookup uses, prepared once per connection. */
export function statements(db: Database.Database) {
  return {
    entry: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE id = ?`),
    entryCount: db.prepare('SELECT n FROM entry_count'),
    countReferenceMatches: db.prepare('SELECT count(*) AS n FROM (SELECT rowid FROM entry_refs WHERE entry_refs MATCH ? LIMIT ?)'),
    pending: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE state = 'pending' ${OLDEST_FIRST}`),
    usesOf: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE ref_lower = ? AND tpn = ? ${OLDEST_FIRST}`),
    newestWithReference: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE ref_lower = ? ${NEWEST_FIRST} LIMIT 1`),
    newestOn: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE tpn = ? ${NEWEST_FIRST} LIMIT 1`),
    lastSettleOn: db.prepare(LAST_SETTLE_SQL),
    lastSeq: db.prepare('SELECT max(seq) AS last FROM entries'),
    warnings: db.prepare('SELECT kind, file, line, message FROM warnings ORDER BY rowid LIMIT ?'),
    warningCount: db.prepare('SELECT count(*) AS n FROM warnings'),
    allLines: db.prepare('SELECT line FROM lines ORDER BY seq'),
    addLine: db.prepare('INSERT INTO lines (entry, kind, line) VALUES (?, ?, ?)'),
    addEntry: db.prepare(
      `INSERT INTO entries (seq, id, created_ms, tpn, ref_lower, amount_cents, state, deadline_ms, intent)
       VALUES (@seq, @id, @created, @tpn, @ref, @amount, 'pending', @deadline, @intent)`,
    ),
    addRef: db.prepare('INSERT INTO entry_refs (rowid, ref) VALUES (?, ?)'),
    attempt: db.prepare('UPDATE entries SET attempts = max(attempts, ?), deadline_ms = max(deadline_ms, ?) WHERE id = ?'),
    unknown: db.prepare('UPDATE entries SET unknown_reason = ? WHERE id = ?'),
    stateOf: db.prepare('SELECT state FROM entries WHERE id = ?'),
    outcome: db.prepare('UPDATE entries SET state = ?, approved_cents = ?, last4 = ?, outcome = ? WHERE id = ?'),
    testWrite: db.prepare('INSERT INTO write_test (bytes) VALUES (zeroblob(4096))'),
    clearTestWrite: db.prepare('DELETE FROM write_test'),
    addWarning: db.prepare('INSERT INTO warnings (kind, file, line, message) VALUES (?, ?, ?, ?)'),
  };
}
export type JournalStatements = ReturnType<typeof statements>;

/**
 * What applying a line found wrong: an attempt, note or outcome of an entry the journal does not
 * hold, a second intent with a known id, or a second outcome that disagrees with the first (kept
 * over the first, unless the first said money moved and the second does not: outcome-kept). Only
 * an import meets these (lines written by older versions); a live write never does.
 */
export type LineProblem =
  | { kind: 'orphan' | 'second-intent' }
  | { kind: 'second-outcome'; before: string }
  | { kind: 'outcome-kept'; before: string; later: string };

/** Outcomes that say the terminal took the money: a later line saying otherwise cannot undo that. */
const MONEY_MOVED: ReadonlySet<string> = new Set(['approved', 'partial']);

/** Appends one line to the record and brings its entry's row up to date (inside the caller's transaction). */
export function applyLine(sql: JournalStatements, line: JournalLine): LineProblem | undefined {
  if (line.t === 'intent') {
    if (sql.stateOf.get(line.id) !== undefined) return { kind: 'second-intent' };
    const seq = Number(sql.addLine.run(line.id, line.t, JSON.stringify(line)).lastInsertRowid);
    sql.addEntry.run({
      seq,
      id: line.id,
      created: Date.parse(line.at),
      tpn: line.tpn,
      ref: line.ref.toLowerCase(),
      amount: line.amountCents,
      deadline: Date.parse(line.deadlineAt),
      intent: JSON.stringify(line),
    });
    sql.addRef.run(seq, line.ref);
    return undefined;
  }
  const before = sql.stateOf.get(line.id) as { state: string } | undefined;
  if (before === undefined) return { kind: 'orphan' };
  sql.addLine.run(line.id, line.t, JSON.stringify(line));
  switch (line.t) {
    case 'attempt':
      sql.attempt.run(line.attempt, Date.parse(line.deadlineAt), line.id);
      return undefined;
    case 'unknown':
      sql.unknown.run(line.reason, line.id);
      return undefined;
    case 'outcome': {
      // The index holds what the line stands for: an older line's 1012 "declined" is found as canceled.
      const state = resultOf(line);
      // An approval is the terminal's own word that money moved; a later "not processed" (an old
      // build's lookup that did not find it) is kept as a line but never shown over it, or the
      // cashier would charge again. Only an import meets this: a live entry gets one outcome.
      if (MONEY_MOVED.has(before.state) && !MONEY_MOVED.has(state)) return { kind: 'outcome-kept', before: before.state, later: state };
      sql.outcome.run(state, line.approvedCents ?? null, line.card?.last4 ?? null, JSON.stringify(line), line.id);
      return before.state !== 'pending' && before.state !== state ? { kind: 'second-outcome', before: before.state } : undefined;
    }
  }
}
