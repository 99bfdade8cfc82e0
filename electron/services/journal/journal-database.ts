import type Database from 'better-sqlite3';
import { CANCELED_CODE } from '@shared/spin/codes';
import { openSqlite } from './sqlite-binding';
import { isDamage } from './journal-errors';
import { watchFiles, type WatchedFiles } from './journal-file-check';
import { backUpBeforeMigration } from './journal-backup';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

// The journal's SQLite database: how it is opened and what it holds. `lines` is the record itself,
// append-only, one row per event of a money-moving request (intent, attempt, unknown, outcome) in
// the order they happened; `entries` is its index, one row per request with what History, the
// reference check and recovery ask about, kept in step in the same transaction. Nothing is ever
// deleted. SQLite, not files of our own: its WAL and fsync discipline are proven on every disk and
// OS we ship to, and a search is an indexed query instead of an index held in memory.

/** The schema's version, in `PRAGMA user_version`; a newer file than this build knows is opened read-only. */
export const SCHEMA_VERSION = 2;

/**
 * What each version adds to the one before (SCHEMA is version 1), applied once, in order, by
 * migrate(); a new journal gets them all on its first open.
 */
const MIGRATIONS: Readonly<Record<number, string>> = {
  // Every History filter has an index (each <= 50 ms on 1,000,000 entries, BENCHMARKS.md): an
  // amount or an outcome read every entry (0.6 s). The amount matches the requested or the
  // approved amount (journal-query.ts), one index each, so SQLite looks both up and joins them;
  // an outcome or terminal alone is counted from a tally.
  2: `
CREATE INDEX IF NOT EXISTS entries_by_amount ON entries(amount_cents, created_ms, seq);
CREATE INDEX IF NOT EXISTS entries_by_approved ON entries(approved_cents, created_ms, seq) WHERE approved_cents IS NOT NULL;
CREATE INDEX IF NOT EXISTS entries_by_state ON entries(state, created_ms, seq);
-- The count of an outcome or a terminal, kept by SQLite like entry_count (journal-query.ts, tallySql).
CREATE TABLE IF NOT EXISTS entry_tallies (tpn TEXT NOT NULL, state TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (tpn, state)) WITHOUT ROWID;
DELETE FROM entry_tallies;
INSERT INTO entry_tallies (tpn, state, n) SELECT tpn, state, count(*) FROM entries GROUP BY tpn, state;
CREATE TRIGGER IF NOT EXISTS entry_tallied AFTER INSERT ON entries BEGIN
  INSERT INTO entry_tallies (tpn, state, n) VALUES (new.tpn, new.state, 1) ON CONFLICT (tpn, state) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER IF NOT EXISTS entry_retallied AFTER UPDATE OF state ON entries WHEN old.state IS NOT new.state BEGIN
  UPDATE entry_tallies SET n = n - 1 WHERE tpn = old.tpn AND state = old.state;
  INSERT INTO entry_tallies (tpn, state, n) VALUES (new.tpn, new.state, 1) ON CONFLICT (tpn, state) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER IF NOT EXISTS entry_untallied AFTER DELETE ON entries BEGIN
  UPDATE entry_tallies SET n = n - 1 WHERE tpn = old.tpn AND state = old.state;
END;
`,
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS lines (
  seq INTEGER PRIMARY KEY,
  entry TEXT NOT NULL,
  kind TEXT NOT NULL,
  line TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS lines_of_entry ON lines(entry, seq);
CREATE TABLE IF NOT EXISTS entries (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  created_ms INTEGER NOT NULL,
  tpn TEXT NOT NULL,
  ref_lower TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  approved_cents INTEGER,
  last4 TEXT,
  state TEXT NOT NULL,
  deadline_ms INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  unknown_reason TEXT,
  intent TEXT NOT NULL,
  outcome TEXT
);
CREATE INDEX IF NOT EXISTS entries_by_time ON entries(created_ms, seq);
CREATE INDEX IF NOT EXISTS entries_by_ref ON entries(ref_lower, tpn, created_ms, seq);
CREATE INDEX IF NOT EXISTS entries_by_last4 ON entries(last4, created_ms, seq) WHERE last4 IS NOT NULL;
CREATE INDEX IF NOT EXISTS entries_by_tpn ON entries(tpn, created_ms, seq);
DROP INDEX IF EXISTS entries_pending;
CREATE INDEX IF NOT EXISTS entries_pending_rows
  ON entries(created_ms, seq, id, deadline_ms, attempts, unknown_reason, intent, outcome) WHERE state = 'pending';
-- History's unfiltered count, kept by SQLite itself: count(*) read the whole time index (0.5 s
-- from a cold disk with 1,000,000 entries). Filled once from the table (prepareSchema).
CREATE TABLE IF NOT EXISTS entry_count (n INTEGER NOT NULL);
CREATE TRIGGER IF NOT EXISTS entry_counted AFTER INSERT ON entries BEGIN UPDATE entry_count SET n = n + 1; END;
CREATE TRIGGER IF NOT EXISTS entry_uncounted AFTER DELETE ON entries BEGIN UPDATE entry_count SET n = n - 1; END;
CREATE VIRTUAL TABLE IF NOT EXISTS entry_refs USING fts5(ref, content='', tokenize='trigram');
CREATE TABLE IF NOT EXISTS warnings (
  kind TEXT NOT NULL,
  file TEXT NOT NULL,
  line INTEGER,
  message TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS write_test (bytes BLOB);
`;

const WAL_CHECKPOINT_PAGES = 256;
const WAL_SIZE_LIMIT_BYTES = 1024 * 1024;
const PAGE_CACHE_KIB = 2048;

export interface OpenedDatabase {
  db: Database.Database;
  /** Set when the database was opened from a copy (the folder cannot be written): close() removes the copy. */
  copyDir?: string;
  /** The files SQLite writes to, as opened (a journal on disk opened for writing): the journal checks they stay there. */
  files?: WatchedFiles;
}

/**
 * Opens the journal for writing: WAL with `synchronous=FULL`, so a commit (one journal line) is in
 * the WAL and fsynced before it returns, and `locking_mode=EXCLUSIVE`, so SQLite holds the file's
 * OS lock for as long as this connection lives (no other process can open it meanwhile) and keeps
 * the WAL index in memory instead of a -shm file. Throws SQLite's error when the file is not a
 * database, is damaged, or cannot be opened.
 */
export function openForWriting(path: string, durable = true): OpenedDatabase {
  const db = openSqlite(path);
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    // FULL: each commit fsyncs the WAL. OFF only builds test data in bulk.
    db.pragma(`synchronous = ${durable ? 'FULL' : 'OFF'}`);
    // The WAL only shrinks when a checkpoint resets it. SQLite checkpoints when a commit leaves
    // more than wal_autocheckpoint pages in it and at a clean close; a killed app never closes,
    // so without these the WAL grows run after run (the disk-crash test saw 2 MB of WAL beside a
    // 4 KB database fill its small disk). 256 pages (1 MiB) keeps each checkpoint short, and the
    // limit truncates the file back after one.
    db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    // better-sqlite3 builds SQLite with a 16 MB page cache per connection, filled as the journal
    // grows: up to 16 MB more resident memory in a long session for little the journal needs (a
    // write touches a few pages; History's other pages come from the OS's file cache).
    db.pragma(`cache_size = ${-PAGE_CACHE_KIB}`);
    checkIntegrity(db);
    // A journal of an older schema is copied into the backups folder before it is changed.
    prepareSchema(db, () => backUpBeforeMigration(db, dirname(path)));
    checkpointWal(db);
    return { db, files: watchFiles(path) };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Opens the journal of a folder this process may not write (read-only disk, no permission): SQLite
 * cannot take a write lock there, so the file and its WAL are copied to a temporary folder and the
 * copy is read. History stays readable; the journal refuses every write anyway.
 */
export function openCopyForReading(path: string): OpenedDatabase {
  const copyDir = mkdtempSync(join(tmpdir(), 'spin-desk-journal-'));
  try {
    const copy = join(copyDir, basename(path));
    copyFileSync(path, copy);
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
    const db = openSqlite(copy);
    db.pragma('locking_mode = EXCLUSIVE');
    // The header and schema first: a file that is not a database (or whose schema page is
    // damaged) has nothing to read, and fails here.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    try {
      prepareSchema(db);
    } catch (error) {
      // A damaged page the schema's upkeep meets (meta, the count): History is still read from the
      // rest, each question its own way round the damage (SqliteJournal's #reading).
      if (!isDamage(error, true)) {
        db.close();
        throw error;
      }
    }
    return { db, copyDir };
  } catch (error) {
    rmSync(copyDir, { recursive: true, force: true });
    throw error;
  }
}

/** An empty journal in memory: tests, the browser host without a data folder, a folder with no readable journal. */
export function openInMemory(): OpenedDatabase {
  const db = openSqlite(':memory:');
  prepareSchema(db);
  return { db };
}

/** At most this many problems are listed by the start's check (one is enough to open read-only). */
const CHECK_PROBLEMS = 3;
/**
 * Up to this size the start checks every page (quick_check reads the whole file: 15 s for the
 * 2 GB of a 1,000,000-entry journal, BENCHMARKS.md; about 0.1 s at this size, some 16,000 entries).
 */
export const FULL_CHECK_BYTES = 32 * 1024 * 1024;
/** The small tables a larger journal's start checks whole (with their indexes). */
const SMALL_TABLES = ['meta', 'warnings', 'entry_count', 'write_test'];

/**
 * The start's integrity check, bounded. SQLite's `quick_check` reads every page of every table and
 * index and checks its b-tree structure (without comparing each index with its table, which only
 * integrity_check does, at several times the cost). A journal up to FULL_CHECK_BYTES is checked
 * whole; a larger one has its small tables checked and the pending index, which start-up reads
 * first, read through, and the rest is left to the reads themselves: any damaged page a query meets
 * later turns the journal read-only then (SqliteJournal's #reading), and the reference guard asks
 * a second index (usesOf). One damaged page found here opens the journal read-only with a banner
 * and a copy kept (open-journal.ts). Throws an error with SQLite's SQLITE_CORRUPT code naming the
 * first problems.
 */
export function checkIntegrity(db: Database.Database): void {
  const bytes = (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
  const problems: string[] = [];
  const check = (what: string) =>
    problems.push(
      ...(db.pragma(`quick_check${what}`) as { quick_check: string }[]).map((row) => row.quick_check).filter((text) => text !== 'ok'),
    );
  if (bytes <= FULL_CHECK_BYTES) check(`(${CHECK_PROBLEMS})`);
  else {
    for (const table of SMALL_TABLES) if (exists(db, table)) check(`(${table})`);
    // Read through, every page of it: a damaged one throws SQLITE_CORRUPT here.
    if (exists(db, 'entries_pending_rows'))
      db.prepare("SELECT count(*) FROM entries INDEXED BY entries_pending_rows WHERE state = 'pending'").get();
  }
  if (problems.length === 0) return;
  throw Object.assign(new Error(`SQLite's check found damage: ${problems.slice(0, CHECK_PROBLEMS).join('; ')}`), {
    code: 'SQLITE_CORRUPT',
  });
}

function exists(db: Database.Database, name: string): boolean {
  return db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(name) !== undefined;
}

/**
 * Moves the WAL's pages into the database and truncates the WAL, at start: what a killed run left.
 * Failing is harmless — the WAL stays as it was and is still read — so a full disk only means the
 * space is not freed yet.
 */
function checkpointWal(db: Database.Database): void {
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // Out of space or I/O trouble: the next checkpoint tries again.
  }
}

export function closeDatabase(opened: OpenedDatabase): void {
  if (opened.db.open) opened.db.close();
  if (opened.copyDir) rmSync(opened.copyDir, { recursive: true, force: true });
}

/**
 * Each terminal's Settles that closed a batch, newest last: the Store screen asks for every
 * terminal's last one each time it reads its rows (SqliteJournal.lastSettleOn, whose WHERE repeats
 * this one's word for word so SQLite can use it). Without it that question read each terminal's
 * entries until a Settle turned up: all of them for a terminal never settled from this PC.
 */
const CLOSING_SETTLES = `CREATE INDEX IF NOT EXISTS entries_closing_settles ON entries(tpn, created_ms, seq)
  WHERE json_extract(intent, '$.op') = 'Settle' AND state IN ('approved', 'partial')`;

function prepareSchema(db: Database.Database, beforeMigration?: () => void): void {
  const version = checkSchema(db);
  if (version < SCHEMA_VERSION && holdsJournal(db)) beforeMigration?.();
  db.exec(SCHEMA);
  // Apart from SCHEMA: an older journal gets it built on its first open here, which a full disk
  // can refuse. The journal must open all the same; lastSettleOn then reads the terminal's entries.
  try {
    db.exec(CLOSING_SETTLES);
  } catch {
    // Tried again on the next open.
  }
  // Asked apart: in one INSERT … WHERE NOT EXISTS, SQLite counted the whole table on every open.
  if (!db.prepare('SELECT 1 FROM entry_count').get()) db.exec('INSERT INTO entry_count (n) SELECT count(*) FROM entries');
  migrate(db);
  indexOldCancels(db);
}

/**
 * Brings the journal to SCHEMA_VERSION, one version per transaction. Version 0 is a journal SCHEMA
 * has just made (version 1). A disk that refuses (an index on 1,000,000 entries needs room) leaves the
 * journal at the version it reached, and every question still answers, only slower; the next open
 * tries again.
 */
function migrate(db: Database.Database): void {
  const at = Math.max(1, db.pragma('user_version', { simple: true }) as number);
  try {
    for (let version = at + 1; version <= SCHEMA_VERSION; version += 1) {
      db.transaction(() => {
        db.exec(MIGRATIONS[version] ?? '');
        db.pragma(`user_version = ${version}`);
      })();
    }
  } catch {
    // Rolled back as a whole; tried again on the next open.
  }
}

/** In `meta`: the last line whose outcome indexOldCancels() has looked at. */
export const CANCELS_READ_KEY = 'cancels-indexed-through';

/**
 * Builds before 'canceled' existed wrote a cancel (1012) as 'declined', and so did its index
 * `state`. The lines stay as written; the index is brought to what they stand for (records.ts,
 * resultOf), so History's outcome filter finds them as canceled. The first open looks at every
 * declined entry; later opens only at outcome lines written since (an older build may have written
 * some meanwhile), a range of `lines`. A disk that refuses the write skips it until the next open:
 * the journal must still open on a full disk, and History's words come from the lines anyway.
 */
function indexOldCancels(db: Database.Database): void {
  const read = db.prepare('SELECT value FROM meta WHERE key = ?').get(CANCELS_READ_KEY) as { value: string } | undefined;
  const through = (db.prepare('SELECT max(seq) AS last FROM lines').get() as { last: number | null }).last ?? 0;
  const from = read ? Number(read.value) : undefined;
  if (from !== undefined && from >= through) return;
  const recent = from === undefined ? '' : "AND id IN (SELECT entry FROM lines WHERE seq > ? AND kind = 'outcome')";
  try {
    db.transaction(() => {
      db.prepare(
        `UPDATE entries SET state = 'canceled' WHERE state = 'declined' AND json_extract(outcome, '$.statusCode') = ? ${recent}`,
      ).run(CANCELED_CODE, ...(from === undefined ? [] : [from]));
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
        CANCELS_READ_KEY,
        String(through),
      );
    })();
  } catch {
    // Rolled back as a whole; tried again on the next open.
  }
}

/** Reads the header (so a file that is not a database fails here), refuses a schema from a newer build, and returns the file's version. */
function checkSchema(db: Database.Database): number {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    throw new Error(`the journal was written by a newer spin-desk (schema ${version}; this build knows up to ${SCHEMA_VERSION})`);
  }
  return version;
}

/** Whether the file already holds a journal (an older schema to migrate), not a new empty database. */
function holdsJournal(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'lines'").get() !== undefined;
}
