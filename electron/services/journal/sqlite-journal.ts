import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync, statfsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { BASE_LANGUAGE } from '@shared/i18n/languages';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { knownSaid, said, type Said } from '@shared/ipc/said';
import { closeDatabase, openInMemory, type OpenedDatabase } from './journal-database';
import { damagedFileError, isDamage, journalWriteError, JournalWriteError } from './journal-errors';
import type { Wording } from '../worded-error';
import { copyName, filesHarm, keepAsideInBackground } from './journal-file-check';
import { checkHighWater, markOf, readTailLoss, writeTailLoss, type HighWater, type TailLoss } from './high-water';
import { problemsOf } from './journal-backup';
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
  type UnknownLine,
} from './records';
import { WARNING_SAID_KEY, warningFromRow, type StoredWarning } from './stored-warning';

/** How often unsaved outcomes and a failing disk are tried again in the background. */
const RETRY_MS = 2_000;
/**
 * How often the journal checks its files are still at their paths (besides before every line it
 * writes): the banner then comes within seconds of a cleaner taking the file, even when no sale is
 * made. Two stats, a few microseconds (BENCHMARKS.md).
 */
const FILE_CHECK_MS = 2_000;
/** Less free space than this when a write failed: the disk is full (a journal line needs a few pages). */
const FULL_BELOW_BYTES = 256 * 1024;
/**
 * A reference part matching more entries than this is not counted: History lists it newest first
 * and says there are more (counting 55,000 matches of 1,000,000 entries took 0.3 s, 800,000 4 s).
 */
const COUNTED_MATCHES = 2_000;
/** How many of a reference's last characters the reference guard's second look searches for (usesOf). */
const CROSS_CHECK_TAIL = 6;
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
  #opened: OpenedDatabase;
  #db: Database.Database;
  readonly #faults: WriteFault | undefined;
  readonly #dataDir: string | undefined;
  readonly #openWarnings: JournalWarning[];
  #readOnly: JournalWriteError | undefined;
  #failure: JournalWriteError | undefined;
  /** A restore from a backup is under way (journal-backup.ts): every write is refused until it ends. */
  #held: JournalWriteError | undefined;
  /** Outcomes known and shown but not on disk yet, by entry id. */
  readonly #unsaved = new Map<string, OutcomeLine>();
  /** Unknown-outcome notes the disk refused: only notes, kept for this session. */
  readonly #unsavedNotes = new Map<string, string>();
  #retryTimer: ReturnType<typeof setInterval> | undefined;
  #fileTimer: ReturnType<typeof setInterval> | undefined;
  #ensuring: Promise<void> | undefined;
  /** The copy of a file found damaged while running, being made (#damaged); close() waits for it. */
  #keepingAside: Promise<void> | undefined;
  #sql: ReturnType<typeof statements>;
  /** The count of intents written, kept outside the database (high-water.ts); absent in memory or read-only. */
  readonly #highWater: HighWater | undefined;
  /** A lost tail was still being rebuilt when this session opened: it is shown all session, rebuilt or not. */
  readonly #lossAtOpen: boolean;
  /** Whether the journal has its tallies (schema 2; a disk that refused the migration leaves them out until the next open). */
  #tallied: boolean;

  constructor(opened: OpenedDatabase, options: SqliteJournalOptions = {}) {
    this.#opened = opened;
    this.#db = opened.db;
    this.#readOnly = options.readOnly;
    this.#faults = options.faults;
    this.#dataDir = options.dataDir;
    this.#openWarnings = options.warnings ?? [];
    this.#sql = statements(this.#db);
    this.#tallied = this.#hasTallies();
    this.#highWater = this.#dataDir && !this.#readOnly ? checkHighWater(this.#db, this.#dataDir) : undefined;
    this.#lossAtOpen = this.#highWater !== undefined && readTailLoss(this.#db)?.rebuilt === false;
    if (opened.files) {
      this.#fileTimer = setInterval(() => this.checkFiles(), FILE_CHECK_MS);
      this.#fileTimer.unref?.();
    }
  }

  #hasTallies(): boolean {
    return this.#db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entry_tallies'").get() !== undefined;
  }

  /**
   * Whether the database and its WAL are still the files SQLite writes to (journal-file-check.ts).
   * Moved, deleted or replaced: the journal turns read-only at once (payments refused before
   * anything is sent) and, while the folder is still there, keeps a copy of what it held through
   * SQLite's backup of the open connection, since the deleted file is lost when the app closes.
   */
  checkFiles(): void {
    const files = this.#opened.files;
    if (!files || this.#readOnly) return;
    const harm = filesHarm(files);
    if (harm === undefined) return;
    const reason = (detail: Wording) => new JournalWriteError('MOVED', undefined, detail);
    this.#stop(reason(harm));
    clearInterval(this.#fileTimer);
    if (!existsSync(dirname(files.path))) return;
    const copy = copyName(files.path, 'rescued');
    this.#db
      .backup(copy)
      .then(() => {
        if (this.#readOnly?.fault === 'MOVED')
          this.#readOnly = reason((language) =>
            m.sys_journal_harm_kept({ harm: harm(language), copy: basename(copy) }, { locale: language }),
          );
      })
      .catch(() => undefined);
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
    await this.#markHighWater(line.id);
    return this.#entry(line.id) as JournalEntry;
  }

  /**
   * After the intent's commit and before the request may leave: the high-water record counts it,
   * fdatasynced, so a start that finds fewer entries knows the database lost some. When the record
   * cannot be written the request is not sent (its entry says so): a payment the record does not
   * count could be lost without a trace.
   */
  async #markHighWater(id: string): Promise<void> {
    if (!this.#highWater) return;
    try {
      this.#highWater.write(markOf(this.#db));
    } catch (error) {
      const why = journalWriteError(error);
      const reason = why.messageSaid;
      await this.recordOutcome(id, {
        result: 'refused',
        statusCode: why.errno ?? 'HIGH_WATER',
        // The English quotes the error's message as it is: it has a Said only when spin-desk did not word its detail itself.
        message: m.said_j_not_sent({ reason: why.message }, { locale: BASE_LANGUAGE }),
        ...(reason ? { messageSaid: said('said_j_not_sent', { reason }) } : {}),
      });
      throw why;
    }
  }

  /** Entries lost from the database's tail, found at open by the high-water record; undefined when none. */
  tailLoss(): TailLoss | undefined {
    const loss = this.#highWater ? readTailLoss(this.#db) : undefined;
    return loss && (!loss.rebuilt || this.#lossAtOpen) ? loss : undefined;
  }

  /** How far the rebuild of a lost tail from the terminals' batches got (recovery/batch-rebuild.ts). */
  saveTailLoss(loss: TailLoss): void {
    if (!this.#readOnly) writeTailLoss(this.#db, loss);
  }

  async recordAttempt(id: string, attempt: number, deadlineMs: number, why: string): Promise<void> {
    this.#known(id);
    await this.#write({ t: 'attempt', id, at: new Date().toISOString(), attempt, deadlineAt: new Date(deadlineMs).toISOString(), why });
  }

  async recordUnknown(id: string, reason: string, reasonSaid?: Said): Promise<void> {
    this.#known(id);
    try {
      await this.#write({ t: 'unknown', id, at: new Date().toISOString(), reason, ...(reasonSaid ? { said: reasonSaid } : {}) });
    } catch (error) {
      // After a crash the entry is pending anyway and gets looked up; the reason is only a note.
      if (!(error instanceof JournalWriteError)) throw error;
      this.#unsavedNotes.set(id, reason);
    }
  }

  unknownSaid(id: string): Said | undefined {
    const row = this.#reading(
      () => this.#sql.lastUnknown.get(id) as { line: string } | undefined,
      undefined,
      () => undefined,
    );
    return row && knownSaid((JSON.parse(row.line) as UnknownLine).said);
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
    // Start-up asks this first: a damaged page must not stop the app (the table is read instead of
    // the pending index; if that is damaged too, nothing can be looked up and the banner says so).
    const rows = this.#reading(
      () => this.#sql.pending.all() as EntryRow[],
      () => this.#tableRows(`WHERE state = 'pending' ${OLDEST_FIRST}`),
      () => [],
    );
    return this.#entries(rows).filter((entry) => entry.outcome === undefined);
  }

  pendingPage(filter: PendingFilter, limit: number): { items: JournalEntry[]; total: number } {
    // A damaged index turns the journal read-only (#reading); the page is then read off the table.
    return this.#reading(
      () => this.#pendingPage(filter, limit, 'entries'),
      () => this.#pendingPage(filter, limit, 'entries NOT INDEXED'),
    );
  }

  #pendingPage(filter: PendingFilter, limit: number, from: string): { items: JournalEntry[]; total: number } {
    const { where, params } = pendingSql(filter);
    const matching = (this.#db.prepare(`SELECT count(*) AS n FROM ${from} ${where}`).get(...params) as { n: number }).n;
    // An outcome only in memory (the disk refused it) is known: such an entry is not pending. They are
    // few (a payment waits until they are written), so the page reads that many rows more.
    const unsaved = [...this.#unsaved.keys()];
    const rows = this.#db
      .prepare(`SELECT ${ENTRY_COLUMNS} FROM ${from} ${where} ${OLDEST_FIRST} LIMIT ?`)
      .all(...params, limit + unsaved.length) as EntryRow[];
    const known =
      unsaved.length === 0
        ? 0
        : (
            this.#db
              .prepare(`SELECT count(*) AS n FROM ${from} ${where} AND id IN (${unsaved.map(() => '?').join(', ')})`)
              .get(...params, ...unsaved) as { n: number }
          ).n;
    const items = this.#entries(rows)
      .filter((entry) => entry.outcome === undefined)
      .slice(0, limit);
    return { items, total: matching - known };
  }

  /**
   * The reference guard. A damaged `entries_by_ref` page can answer "no rows" without an error, which
   * would let a reused reference through; so "never used" is asked a second way, through the
   * trigram index (another b-tree, joined to the table by rowid), and a disagreement is damage:
   * the journal turns read-only and the earlier uses found are returned. A reference of one or two
   * characters has no second path short of reading every row; quick_check at start covers it.
   */
  async usesOf(tpn: string, ref: string): Promise<JournalEntry[]> {
    const lower = ref.toLowerCase();
    const rows = this.#reading(
      () => this.#sql.usesOf.all(lower, tpn) as EntryRow[],
      () => this.#tableRows(`WHERE ref_lower = ? AND tpn = ? ${OLDEST_FIRST}`, lower, tpn),
    );
    if (rows.length > 0 || lower.length < TRIGRAM) return this.#entries(rows);
    // The reference's tail only: its trigrams are the rarest (an app-made reference ends in random
    // characters; "SD…" at its start is shared by most of the journal, whose posting lists made a
    // whole-reference phrase cost 0.5 ms, up to 38 ms, at 1,000,000 entries). The table's own
    // columns then keep only this reference.
    const tail = trigramPhrase(lower.slice(-CROSS_CHECK_TAIL));
    const second = this.#reading(() => this.#sql.usesByTrigram.all(tail, lower, tpn) as EntryRow[]);
    if (second.length > 0) this.#damaged(Object.assign(new Error('entries_by_ref misses rows'), { code: 'SQLITE_CORRUPT_INDEX' }));
    return this.#entries(second);
  }

  async page(filter: EntryFilter, offset: number, limit: number): Promise<Page<JournalEntry>> {
    return this.#reading(
      () => this.#indexedPage(filter, offset, limit),
      () => this.#tablePage(filter, offset, limit),
    );
  }

  /**
   * A page read from the table alone, for a journal with a damaged index: every row is read (slow at
   * a million entries, but History stays readable), the reference found by its text.
   */
  #tablePage(filter: EntryFilter, offset: number, limit: number): Page<JournalEntry> {
    const { where, params } = filterSql(filter, { withoutReference: true });
    const conditions = [where.replace(/^WHERE /, ''), filter.referenceId === undefined ? '' : 'instr(ref_lower, ?) > 0'].filter(Boolean);
    const all = [...params, ...(filter.referenceId === undefined ? [] : [filter.referenceId.toLowerCase()])];
    const clause = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const total = (this.#db.prepare(`SELECT count(*) AS n FROM entries NOT INDEXED ${clause}`).get(...all) as { n: number }).n;
    const rows = this.#tableRows(`${clause} ${NEWEST_FIRST} LIMIT ? OFFSET ?`, ...all, limit, offset);
    return { items: this.#entries(rows), total, totalExact: true, nextOffset: offset + limit < total ? offset + limit : null };
  }

  #indexedPage(filter: EntryFilter, offset: number, limit: number): Page<JournalEntry> {
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
    const lastSeq = this.#reading(() => (this.#sql.lastSeq.get() as { last: number | null }).last ?? 0);
    const newest = order === 'newest';
    const after = newest ? '(created_ms < ? OR (created_ms = ? AND seq < ?))' : '(created_ms > ? OR (created_ms = ? AND seq > ?))';
    const slice = this.#db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM entries ${where ? `${where} AND` : 'WHERE'} seq <= ? AND ${after} ${newest ? NEWEST_FIRST : OLDEST_FIRST} LIMIT ${STREAM_SLICE}`,
    );
    // Each slice is a query of its own: a statement left open across an await would hold the connection.
    let from = newest
      ? [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]
      : [-Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0];
    // The same slice off the table alone, should an index turn out damaged half-way.
    const tableSlice = () =>
      this.#tableRows(
        `WHERE ${[where.replace(/^WHERE /, ''), 'seq <= ?', after].filter(Boolean).join(' AND ')} ${newest ? NEWEST_FIRST : OLDEST_FIRST} LIMIT ${STREAM_SLICE}`,
        ...params,
        lastSeq,
        ...from,
      );
    for (;;) {
      const rows = this.#reading(
        () => slice.all(...params, lastSeq, ...from) as EntryRow[],
        filter.referenceId === undefined ? tableSlice : undefined,
      );
      yield* this.#entries(rows);
      const last = rows.at(-1);
      if (!last || rows.length < STREAM_SLICE) return;
      from = [last.created_ms, last.created_ms, last.seq];
      // Let other requests in between slices of a long export.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async newestOn(tpn: string): Promise<JournalEntry | undefined> {
    const row = this.#reading(
      () => this.#sql.newestOn.get(tpn) as EntryRow | undefined,
      () => this.#tableRows(`WHERE tpn = ? ${NEWEST_FIRST} LIMIT 1`, tpn)[0],
    );
    return row && this.#entries([row])[0];
  }

  async lastSettleOn(tpn: string): Promise<JournalEntry | undefined> {
    const row = this.#reading(() => this.#sql.lastSettleOn.get(tpn) as EntryRow | undefined);
    return row && this.#entries([row])[0];
  }

  async newestWithReference(ref: string): Promise<JournalEntry | undefined> {
    const lower = ref.toLowerCase();
    const row = this.#reading(
      () => this.#sql.newestWithReference.get(lower) as EntryRow | undefined,
      () => this.#tableRows(`WHERE ref_lower = ? ${NEWEST_FIRST} LIMIT 1`, lower)[0],
    );
    return row && this.#entries([row])[0];
  }

  warnings(first = Number.MAX_SAFE_INTEGER): JournalWarning[] {
    const opened = this.#openWarnings.slice(0, first);
    const stored = this.#reading(
      () => this.#sql.warnings.all(first - opened.length),
      undefined,
      () => [],
    ) as StoredWarning[];
    return [...opened, ...stored.map(warningFromRow)];
  }

  warningCount(): number {
    const stored = this.#reading(
      () => (this.#sql.warningCount.get() as { n: number }).n,
      undefined,
      () => 0,
    );
    return this.#openWarnings.length + stored;
  }

  health(): JournalHealth {
    const unsaved = this.#unsaved.size;
    if (this.#readOnly) return { state: 'read-only', error: this.#readOnly, unsaved };
    if (this.#held) return { state: 'read-only', error: this.#held, unsaved };
    return this.#failure ? { state: 'failing', error: this.#failure, unsaved } : { state: 'ok', unsaved };
  }

  unsavedOn(tpn: string): JournalEntry[] {
    return [...this.#unsaved.keys()].map((id) => this.#entry(id) as JournalEntry).filter((entry) => entry.intent.tpn === tpn);
  }

  ensureWritable(): Promise<void> {
    if (this.#readOnly) return Promise.reject(this.#readOnly);
    if (this.#held) return Promise.reject(this.#held);
    if (!this.#failure && this.#unsaved.size === 0) return Promise.resolve();
    // One repair at a time: the timer and a payment may ask together.
    this.#ensuring ??= this.#repair().finally(() => {
      this.#ensuring = undefined;
    });
    return this.#ensuring;
  }

  /** Another process took the data folder over, or it became unwritable: from now on nothing is written. */
  stopWriting(reason: JournalWriteError): void {
    this.#stop(reason);
  }

  /** From now on nothing is written; the first reason stays the one the banner gives. */
  #stop(reason: JournalWriteError): void {
    this.#readOnly ??= reason;
    clearInterval(this.#retryTimer);
    this.#retryTimer = undefined;
  }

  /**
   * SQLite found a damaged page (or could not read one) while the app ran: the journal turns
   * read-only like one found damaged at start, the banner naming the file, and a copy of it is
   * kept beside it (made in the background; the message names it once it is there).
   */
  #damaged(error: unknown): void {
    if (this.#readOnly) return;
    const path = this.#opened.files?.path;
    const code = (error as { code?: string }).code ?? 'SQLITE_CORRUPT';
    const why: Wording = (language) => m.sys_journal_is_damaged({ code }, { locale: language });
    if (!path) {
      this.#stop(damagedFileError((language) => m.sys_journal_the_database({}, { locale: language }), why));
      return;
    }
    const reason = damagedFileError(path, why);
    this.#stop(reason);
    // close() waits for this copy: quitting mid-copy would leave a half-written copy as the only
    // evidence of what the damaged file held.
    this.#keepingAside = keepAsideInBackground(path).then((kept) => {
      if (kept && this.#readOnly === reason) this.#readOnly = damagedFileError(path, why, kept);
    });
  }

  /**
   * A read that meets damage: the journal turns read-only (#damaged), then the read is tried the
   * second way given (the table without its indexes), then `otherwise` answers. With neither, the
   * caller gets the journal's error (JOURNAL_UNAVAILABLE naming the file), never SQLite's.
   */
  #reading<T>(read: () => T, fallback?: () => T, otherwise?: () => T): T {
    try {
      return read();
    } catch (error) {
      if (!isDamage(error, true)) throw error;
      this.#damaged(error);
    }
    if (fallback) {
      try {
        return fallback();
      } catch (error) {
        if (!isDamage(error, true)) throw error;
      }
    }
    if (otherwise) return otherwise();
    throw this.#readOnly as JournalWriteError;
  }

  /** Rows read off the table itself, no index used (`NOT INDEXED`): the second way of #reading. */
  #tableRows(rest: string, ...params: (string | number)[]): EntryRow[] {
    return this.#db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries NOT INDEXED ${rest}`).all(...params) as EntryRow[];
  }

  /** SQLite's quick_check of the database in use (journal-backup.ts problemsOf): empty when healthy. */
  integrityProblems(): string[] {
    return problemsOf(this.#db);
  }

  /** Refuses every write (a payment's intent first) while `reason` is set: a restore is under way. */
  holdWrites(reason: JournalWriteError | undefined): void {
    this.#held = reason;
  }

  /** The database file being written, for a backup; undefined while it must not be copied (read-only, a copy, in memory, held). */
  liveDatabase(): Database.Database | undefined {
    const inFile = this.#dataDir !== undefined && !this.#opened.copyDir;
    return inFile && !this.#readOnly && !this.#held && this.#db.open ? this.#db : undefined;
  }

  /**
   * A restore: closes the database, lets `reopen` put the backup in its place and open it, and
   * goes on with that one. A journal read-only only because its file was damaged becomes writable
   * again; any other reason (the folder, the lock) stays. Outcomes kept in memory for entries the
   * restored journal does not hold are dropped: their requests are not in it.
   */
  replaceDatabase(reopen: () => OpenedDatabase): void {
    closeDatabase(this.#opened);
    this.#opened = reopen();
    this.#db = this.#opened.db;
    this.#sql = statements(this.#db);
    this.#tallied = this.#hasTallies();
    if (this.#readOnly?.fault === 'DAMAGED') this.#readOnly = undefined;
    this.#failure = undefined;
    for (const id of [...this.#unsaved.keys()]) if (this.#sql.entry.get(id) === undefined) this.#unsaved.delete(id);
    for (const id of [...this.#unsavedNotes.keys()]) if (this.#sql.entry.get(id) === undefined) this.#unsavedNotes.delete(id);
  }

  /** Every line in the order it was recorded (tests and the support tools read the record this way). */
  lines(): JournalLine[] {
    return (this.#sql.allLines.all() as { line: string }[]).map((row) => JSON.parse(row.line) as JournalLine);
  }

  async close(): Promise<void> {
    clearInterval(this.#fileTimer);
    clearInterval(this.#retryTimer);
    this.#retryTimer = undefined;
    await this.#ensuring?.catch(() => undefined);
    await this.#keepingAside;
    this.#readOnly ??= new JournalWriteError('CLOSED');
    this.#highWater?.close();
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
      if (disk.files > 0 && disk.ffree === 0)
        return new JournalWriteError('DISK_FULL', 'ENOSPC', (language) => m.sys_journal_no_free_files({}, { locale: language }));
      if (disk.bavail * disk.bsize < FULL_BELOW_BYTES) return new JournalWriteError('DISK_FULL', 'ENOSPC');
    } catch {
      // The disk cannot even be asked: SQLite's code is all there is.
    }
    return cause;
  }

  /** Durable first, then visible: a line is seen only once its transaction committed. */
  async #write(line: JournalLine): Promise<void> {
    // While the disk is failing, nothing new is written before the repair (and the outcomes kept
    // in memory) went through: lines stay in the order they happened. Read-only rejects here too,
    // and a journal file taken away since the last look is read-only from here on.
    this.checkFiles();
    await this.ensureWritable();
    try {
      this.#commit(line);
    } catch (error) {
      if (isDamage(error, false)) this.#damaged(error);
      this.#failure = this.#readOnly ?? this.#writeError(error);
      this.#retryInBackground();
      throw this.#failure;
    }
  }

  #commit(line: JournalLine): void {
    if (this.#readOnly) throw this.#readOnly;
    if (this.#held) throw this.#held;
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
    if (this.#row(id) === undefined) throw new Error(`No journal entry with id ${id}`);
  }

  #entry(id: string): JournalEntry | undefined {
    const row = this.#row(id);
    return row && this.#entries([row])[0];
  }

  #row(id: string): EntryRow | undefined {
    return this.#reading(
      () => this.#sql.entry.get(id) as EntryRow | undefined,
      () => this.#tableRows('WHERE id = ?', id)[0],
    );
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

/**
 * The statements every write and lookup uses, prepared once per connection. Those on the full-text
 * index are prepared on first use: a damaged page of its config makes SQLite refuse to prepare
 * them, and a journal opened read-only for that damage must still read History without it.
 */
export function statements(db: Database.Database) {
  const onFirstUse = (sql: string) => {
    let statement: Database.Statement | undefined;
    return () => (statement ??= db.prepare(sql));
  };
  const countReferenceMatches = onFirstUse('SELECT count(*) AS n FROM (SELECT rowid FROM entry_refs WHERE entry_refs MATCH ? LIMIT ?)');
  const addRef = onFirstUse('INSERT INTO entry_refs (rowid, ref) VALUES (?, ?)');
  // usesOf's second path: the trigram index's rowids are the entries' seq (the table's own key).
  const usesByTrigram = onFirstUse(
    `SELECT ${ENTRY_COLUMNS} FROM entry_refs CROSS JOIN entries ON entries.seq = entry_refs.rowid
     WHERE entry_refs MATCH ? AND entries.ref_lower = ? AND entries.tpn = ? ${OLDEST_FIRST}`,
  );
  return {
    get countReferenceMatches() {
      return countReferenceMatches();
    },
    get addRef() {
      return addRef();
    },
    get usesByTrigram() {
      return usesByTrigram();
    },
    entry: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE id = ?`),
    entryCount: db.prepare('SELECT n FROM entry_count'),
    pending: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE state = 'pending' ${OLDEST_FIRST}`),
    usesOf: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE ref_lower = ? AND tpn = ? ${OLDEST_FIRST}`),
    newestWithReference: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE ref_lower = ? ${NEWEST_FIRST} LIMIT 1`),
    newestOn: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE tpn = ? ${NEWEST_FIRST} LIMIT 1`),
    lastSettleOn: db.prepare(LAST_SETTLE_SQL),
    lastSeq: db.prepare('SELECT max(seq) AS last FROM entries'),
    // A warning's Said is kept in meta (segment-import.ts, addWarning); a warning stored without one has none.
    warnings: db.prepare(
      `SELECT w.kind, w.file, w.line, w.message, s.value AS said FROM warnings w
       LEFT JOIN meta s ON s.key = '${WARNING_SAID_KEY}' || w.rowid ORDER BY w.rowid LIMIT ?`,
    ),
    warningCount: db.prepare('SELECT count(*) AS n FROM warnings'),
    allLines: db.prepare('SELECT line FROM lines ORDER BY seq'),
    lastUnknown: db.prepare("SELECT line FROM lines WHERE entry = ? AND kind = 'unknown' ORDER BY seq DESC LIMIT 1"),
    addLine: db.prepare('INSERT INTO lines (entry, kind, line) VALUES (?, ?, ?)'),
    addEntry: db.prepare(
      `INSERT INTO entries (seq, id, created_ms, tpn, ref_lower, amount_cents, state, deadline_ms, intent)
       VALUES (@seq, @id, @created, @tpn, @ref, @amount, 'pending', @deadline, @intent)`,
    ),
    attempt: db.prepare('UPDATE entries SET attempts = max(attempts, ?), deadline_ms = max(deadline_ms, ?) WHERE id = ?'),
    unknown: db.prepare('UPDATE entries SET unknown_reason = ? WHERE id = ?'),
    stateOf: db.prepare('SELECT state FROM entries WHERE id = ?'),
    outcome: db.prepare('UPDATE entries SET state = ?, approved_cents = ?, last4 = ?, outcome = ? WHERE id = ?'),
    testWrite: db.prepare('INSERT INTO write_test (bytes) VALUES (zeroblob(4096))'),
    clearTestWrite: db.prepare('DELETE FROM write_test'),
    addWarning: db.prepare('INSERT INTO warnings (kind, file, line, message) VALUES (?, ?, ?, ?)'),
    // A JavaScript number binds as a REAL ('1.0'): cast, so the key matches the rowid the read joins on.
    addWarningSaid: db.prepare(`INSERT INTO meta (key, value) VALUES ('${WARNING_SAID_KEY}' || CAST(? AS INTEGER), ?)`),
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
