import type Database from 'better-sqlite3';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupKind, JournalBackupView, JournalCheck } from '@shared/ipc/journal-backup-views';
import { open } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { openSqlite, sqliteBindingPath, sqliteModulePath } from './sqlite-binding';

// Backups of the payment journal that nobody has to think about: a copy made with SQLite's online
// backup API (better-sqlite3's db.backup(), which copies the live database a few pages per step
// with the event loop free between steps, so a payment is never held up by it) at least once a
// day, and a copy made before any schema migration. Each is written under a temporary name,
// checked (PRAGMA quick_check on the copy) and only then renamed into place: a file named like a
// backup is always a whole, readable one. The newest DAILY_KEPT daily copies are kept, plus the
// newest one made before a migration.

/** The folder in the data folder that holds the backups. */
export const BACKUP_FOLDER = 'backups';
/** Daily backups kept; older ones are deleted as a new one is made. */
export const DAILY_KEPT = 7;
/** A backup older than this is due. */
export const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;
/** How often the running app asks whether a backup is due (the check itself reads one folder). */
const DUE_CHECK_MS = 60 * 60 * 1000;
/**
 * The first look a minute after start, not during it: start-up (the reconciler's lookups, the first
 * sale) does not share the disk with a copy of the whole journal, and a start that only checks
 * something and quits copies nothing.
 */
const FIRST_CHECK_MS = 60 * 1000;
/** Pages copied per step of the online backup: 100 pages (400 KiB) take well under a millisecond. */
const PAGES_PER_STEP = 100;
/** How many problems the integrity check reports at most: it stops there, and staff need only the first. */
const PROBLEMS_SHOWN = 10;

const NAME = /^journal-(\d{8})-(\d{6})(-before-migration)?\.sqlite$/;
/** Half-written backups end so; they never match NAME and are removed at the next start. */
const PARTIAL = '.partial';

export interface BackupFile extends JournalBackupView {
  path: string;
}

/** `journal-20261202-051500.sqlite` (UTC), or with `-before-migration` for the copy made before a schema change. */
export function backupName(at: Date, kind: BackupKind): string {
  const stamp = at.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '').replace('T', '-');
  return `journal-${stamp}${kind === 'before-migration' ? '-before-migration' : ''}.sqlite`;
}

function timeOfName(match: RegExpExecArray): Date {
  const [, day, time] = match as unknown as [string, string, string];
  return new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4)}Z`);
}

/** The backups of a data folder, newest first; anything else in the folder (a half-written copy) is not one. */
export function listBackups(dataDir: string): BackupFile[] {
  const folder = join(dataDir, BACKUP_FOLDER);
  if (!existsSync(folder)) return [];
  const found: BackupFile[] = [];
  for (const name of readdirSync(folder)) {
    const match = NAME.exec(name);
    if (!match) continue;
    const path = join(folder, name);
    found.push({
      name,
      path,
      kind: match[3] ? 'before-migration' : 'daily',
      createdAt: timeOfName(match).toISOString(),
      entries: entriesIn(path),
      bytes: statSync(path).size,
    });
  }
  // The name holds the time to the second; two made in one second cannot happen (the later one replaces the earlier).
  return found.sort((a, b) => b.name.slice(8, 23).localeCompare(a.name.slice(8, 23)) || a.name.localeCompare(b.name));
}

/** Entries a backup holds (-1 when it cannot be read: it is still listed, so staff see it). */
function entriesIn(path: string): number {
  try {
    return withReadOnly(path, (db) => (db.prepare('SELECT n FROM entry_count').get() as { n: number }).n);
  } catch {
    return -1;
  }
}

function withReadOnly<T>(path: string, read: (db: Database.Database) => T): T {
  const db = openSqlite(path, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * SQLite's own check of a database, bounded to the first PROBLEMS_SHOWN problems: quick_check reads
 * every page and checks the b-trees (not that each index matches its table, which integrity_check
 * adds at several times the cost). An empty list means healthy.
 */
export function problemsOf(db: Database.Database): string[] {
  const rows = db.pragma(`quick_check(${PROBLEMS_SHOWN})`) as { quick_check: string }[];
  const words = rows.map((row) => row.quick_check);
  return words.length === 1 && words[0] === 'ok' ? [] : words;
}

/** The verdict of "Check the journal", in the words Troubleshooting shows. */
export function checkVerdict(problems: string[], startedMs: number, now = Date.now()): JournalCheck {
  const common = { problems, checkedAt: new Date(now).toISOString(), tookMs: now - startedMs };
  if (problems.length === 0) {
    return { ...common, verdict: 'ok', summary: m.sys_check_healthy() };
  }
  const summary =
    problems.length >= PROBLEMS_SHOWN
      ? m.sys_check_damaged_at_least({ count: PROBLEMS_SHOWN })
      : problems.length === 1
        ? m.sys_check_damaged_one()
        : m.sys_check_damaged_many({ count: problems.length });
  return { ...common, verdict: 'damaged', summary, remedy: m.sys_check_damaged_remedy() };
}

/**
 * Writes into the backups folder under a temporary name, checks the copy, then renames it into
 * place. The check and the fsync of the copy (seconds for a large journal) run off the event loop:
 * the check in a worker thread, the fsync in libuv's pool.
 */
export async function writeBackup(
  dataDir: string,
  at: Date,
  kind: BackupKind,
  copy: (to: string) => Promise<void> | void,
): Promise<BackupFile> {
  const { partial, name } = startBackup(dataDir, at, kind);
  try {
    await copy(partial);
    refuseDamaged(await checkCopyInWorker(partial));
    await datasync(partial);
    nameBackup(dataDir, partial, name);
  } finally {
    removePartial(partial);
  }
  return listBackups(dataDir).find((backup) => backup.name === name) as BackupFile;
}

function startBackup(dataDir: string, at: Date, kind: BackupKind): { partial: string; name: string } {
  mkdirSync(join(dataDir, BACKUP_FOLDER), { recursive: true });
  const name = backupName(at, kind);
  const partial = join(dataDir, BACKUP_FOLDER, `${name}${PARTIAL}`);
  removePartial(partial);
  return { partial, name };
}

/**
 * Turns a fresh copy into a file of its own (the live journal's WAL mode is in its header; a backup
 * has no WAL beside it) and checks it. Returns SQLite's problems; a copy it cannot open is one.
 */
export function checkCopy(partial: string): string[] {
  try {
    const db = openSqlite(partial);
    try {
      db.pragma('journal_mode = DELETE');
      return problemsOf(db);
    } finally {
      db.close();
    }
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

/** The same in a worker thread (quick_check of a 2 GB copy reads all of it); on the main thread where no worker can load SQLite. */
export function checkCopyInWorker(partial: string): Promise<string[]> {
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(CHECK_IN_WORKER, {
      eval: true,
      workerData: { module: sqliteModulePath(), binding: sqliteBindingPath(), path: partial },
    });
    worker.once('message', (problems: string[]) => {
      settled = true;
      resolve(problems);
    });
    worker.once('error', () => {
      if (!settled) resolve(checkCopy(partial));
      settled = true;
    });
    worker.once('exit', () => {
      if (!settled) resolve(checkCopy(partial));
      settled = true;
    });
  });
}

/** checkCopy() for the worker: plain CommonJS, loading the same better-sqlite3 (and native module) as the app. */
const CHECK_IN_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
let problems;
try {
  const db = new Database(workerData.path, { timeout: 0, ...(workerData.binding ? { nativeBinding: workerData.binding } : {}) });
  try {
    db.pragma('journal_mode = DELETE');
    const words = db.pragma('quick_check(${PROBLEMS_SHOWN})').map((row) => row.quick_check);
    problems = words.length === 1 && words[0] === 'ok' ? [] : words;
  } finally {
    db.close();
  }
} catch (error) {
  problems = [error && error.message ? error.message : String(error)];
}
parentPort.postMessage(problems);
`;

function refuseDamaged(problems: string[]): void {
  if (problems.length > 0) throw new Error(`the copy failed its check (${problems[0]})`);
}

/** The checked, fsynced copy renamed to its backup name, the rename made durable. */
function nameBackup(dataDir: string, partial: string, name: string): void {
  const folder = join(dataDir, BACKUP_FOLDER);
  renameSync(partial, join(folder, name));
  fsyncPath(folder, true);
}

function removePartial(partial: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${partial}${suffix}`, { force: true });
}

/** Makes a file's bytes, or a folder's renames, durable. Windows cannot open a folder for fsync; NTFS journals renames itself. */
export function fsyncPath(path: string, folder = false): void {
  if (folder && process.platform === 'win32') return;
  // Windows flushes only a file opened for writing ('r+' writes nothing); a folder opens for reading.
  const fd = openSync(path, folder ? 'r' : 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The online backup of the live journal: SQLite's backup API copies PAGES_PER_STEP pages per step
 * and gives the event loop back between steps, so payments go on meanwhile (a page a payment
 * changes mid-backup is copied as it is after the change: the same connection writes both).
 */
export function backUpOnline(db: Database.Database, dataDir: string, at = new Date()): Promise<BackupFile> {
  return writeBackup(dataDir, at, 'daily', async (to) => {
    const flushes = new CopyFlusher(to);
    await db.backup(to, {
      progress: ({ totalPages, remainingPages }) => {
        flushes.copied(totalPages - remainingPages);
        return PAGES_PER_STEP;
      },
    });
    await flushes.done();
  });
}

/** Pages of copy written between flushes of it to disk (16 MiB of 4 KiB pages). */
const PAGES_PER_FLUSH = 4096;

/**
 * Flushes the copy to disk every PAGES_PER_FLUSH pages, in libuv's pool. Without it the copy's
 * gigabytes sat in the page cache, and a payment's fsync (ext4 commits the data of every file
 * written since, in ordered mode) and the copy's own final commit, both on the main thread, waited
 * for them: on the 1,000,000-entry journal a sale took 688 ms and the loop was held 1.1 s.
 */
class CopyFlusher {
  readonly #path: string;
  #flushedAt = 0;
  #running: Promise<void> = Promise.resolve();
  #busy = false;

  constructor(path: string) {
    this.#path = path;
  }

  copied(pages: number): void {
    if (this.#busy || pages - this.#flushedAt < PAGES_PER_FLUSH) return;
    this.#flushedAt = pages;
    this.#busy = true;
    this.#running = datasync(this.#path)
      .catch(() => undefined)
      .finally(() => {
        this.#busy = false;
      });
  }

  done(): Promise<void> {
    return this.#running;
  }
}

/** Windows flushes only a file opened for writing; 'r+' writes nothing. */
async function datasync(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * The copy made before a schema migration, at start while nothing else uses the journal. Opening is
 * synchronous (openForWriting), so this uses VACUUM INTO, SQLite's other way to write a consistent
 * copy of a live database, instead of the backup API, whose steps need the event loop.
 */
export function backUpBeforeMigration(db: Database.Database, dataDir: string, at = new Date()): void {
  const { partial, name } = startBackup(dataDir, at, 'before-migration');
  try {
    db.prepare('VACUUM INTO ?').run(partial);
    refuseDamaged(checkCopy(partial));
    fsyncPath(partial);
    nameBackup(dataDir, partial, name);
  } finally {
    removePartial(partial);
  }
}

/** Keeps the newest DAILY_KEPT daily backups and the newest before-migration one; deletes the rest and any half-written copy. */
export function rotateBackups(dataDir: string): void {
  const folder = join(dataDir, BACKUP_FOLDER);
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) if (name.includes(PARTIAL)) rmSync(join(folder, name), { force: true });
  const all = listBackups(dataDir);
  const daily = all.filter((backup) => backup.kind === 'daily').slice(DAILY_KEPT);
  const migrations = all.filter((backup) => backup.kind === 'before-migration').slice(1);
  for (const old of [...daily, ...migrations]) rmSync(old.path, { force: true });
}

/** When the newest backup of either kind was made, or undefined when there is none. */
export function newestBackupAt(dataDir: string): Date | undefined {
  const newest = listBackups(dataDir)[0];
  return newest ? new Date(newest.createdAt) : undefined;
}

/** For the support bundle: when the newest backup was made and how many are kept (none without a data folder). */
export function backupSummary(dataDir: string | undefined): { at: string | null; kept: number } {
  const all = dataDir ? listBackups(dataDir) : [];
  return { at: all[0]?.createdAt ?? null, kept: all.length };
}

export interface BackupScheduleOptions {
  dataDir: string;
  /** The live database, or undefined while it must not be copied (read-only, damaged, being restored). */
  database: () => Database.Database | undefined;
  onError: (message: string) => void;
  now?: () => Date;
  /** How long after start the first look is taken (default FIRST_CHECK_MS; tests 0). */
  firstCheckMs?: number;
}

/**
 * Makes a backup shortly after start when the newest is a day old (or there is none), then
 * whenever one falls due while the app runs. One backup at a time; `done` is the one running, for tests and close().
 */
export class BackupSchedule {
  readonly #options: BackupScheduleOptions;
  #timer: ReturnType<typeof setInterval> | undefined;
  #first: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> = Promise.resolve();

  constructor(options: BackupScheduleOptions) {
    this.#options = options;
  }

  start(): void {
    const firstCheckMs = this.#options.firstCheckMs ?? FIRST_CHECK_MS;
    if (firstCheckMs === 0) this.backUpIfDue();
    else this.#first = setTimeout(() => this.backUpIfDue(), firstCheckMs);
    this.#timer = setInterval(() => this.backUpIfDue(), DUE_CHECK_MS);
    // Timers alone must not keep a finished process (a test, a CLI) alive.
    this.#first?.unref?.();
    this.#timer.unref?.();
  }

  get done(): Promise<void> {
    return this.#running;
  }

  /** Starts a backup when the newest is older than a day (none running already). */
  backUpIfDue(): void {
    const now = this.#now();
    const newest = newestBackupAt(this.#options.dataDir);
    if (newest && now.getTime() - newest.getTime() < BACKUP_EVERY_MS) return;
    this.backUpNow(now);
  }

  backUpNow(at = this.#now()): Promise<void> {
    this.#running = this.#running.then(async () => {
      const db = this.#options.database();
      if (!db) return;
      try {
        await backUpOnline(db, this.#options.dataDir, at);
        rotateBackups(this.#options.dataDir);
      } catch (error) {
        this.#options.onError(`The journal's daily backup failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    return this.#running;
  }

  async stop(): Promise<void> {
    clearTimeout(this.#first);
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }
}

/** Copies a backup over to the journal's place under a temporary name, fsynced, for restoreFile(). */
export function stageRestore(backup: BackupFile, journalPath: string): string {
  const staged = `${journalPath}.restoring`;
  rmSync(staged, { force: true });
  copyFileSync(backup.path, staged);
  fsyncPath(staged);
  return staged;
}
