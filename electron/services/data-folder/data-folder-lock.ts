import type Database from 'better-sqlite3';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { Language } from '@shared/i18n/languages';
import { journalWriteError, JournalWriteError } from '../journal/journal-errors';
import { fileIdentity } from '../journal/journal-file-check';
import { openSqlite } from '../journal/sqlite-binding';
import { WordedError } from '../worded-error';

// One owner per data folder, decided by the operating system. Two copies of spin-desk on one
// folder would each trust only their own journal (and re-send each other's ReferenceIds) and
// overwrite each other's settings, so the second copy must not start.
//
// The owner holds an exclusive OS lock on spin-desk.lock for its whole life: SQLite's exclusive
// locking mode, which is fcntl() on Linux and macOS and LockFileEx() on Windows. The operating
// system releases it when the process ends however it ends, and never otherwise: a holder that is
// paused (a laptop asleep, SIGSTOP) or whose clock is wrong keeps the folder, and nothing is judged
// by time. (A lock judged by a file's age let a paused holder lose the folder while it still had a
// payment's answer in its socket.) SQLite is used only for its lock here, because Node has no
// file-lock call of its own and SQLite's locking is the most used and tested there is.
//
// POSIX drops every fcntl lock a process holds on a file when the process closes ANY descriptor of
// that file, so nothing in spin-desk may open spin-desk.lock but this module (a support bundle must
// not read it). The owner file beside it only says who holds the lock, for the second copy's
// message; it is written after the lock is taken and is never trusted as the lock.

const LOCK_FILE = 'spin-desk.lock';
const OWNER_FILE = 'spin-desk.lock.owner.json';
/** How often the holder checks its lock file is still the one it locked (deleted or replaced: lost). */
const WATCH_MS = 2_000;
/** Versions before the OS lock kept a folder by the lock's name and touched it every 2 s while running. */
const OLD_LOCK_FRESH_MS = 12_000;

export interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
  shell: string;
}

function busyMessage(folder: string, owner: LockOwner | undefined, language?: Language): string {
  const locale = { locale: language };
  return owner
    ? m.sys_folder_busy_owner({ folder, pid: owner.pid, host: owner.hostname, started: owner.startedAt }, locale)
    : m.sys_folder_busy({ folder }, locale);
}

/** Another live spin-desk holds the folder. */
/** Another live spin-desk holds the folder; `shownMessage()` is what the start's dialog says (WordedError). */
export class DataFolderBusy extends WordedError {
  readonly owner: LockOwner | undefined;

  constructor(dir: string, owner: LockOwner | undefined) {
    super((language) => busyMessage(dir, owner, language));
    this.name = 'DataFolderBusy';
    this.owner = owner;
  }
}

export type DataFolderClaim =
  | { mode: 'writer'; release(): Promise<void> }
  /** The folder cannot be written: the app runs read-only (history readable, payments refused). */
  | { mode: 'read-only'; reason: JournalWriteError; release(): Promise<void> };

export interface ClaimOptions {
  shell: string;
  /**
   * Called if the lock file is deleted or replaced while running, or the folder itself moved or
   * deleted: writing must stop. The reason says which (the banner and every refusal give it).
   */
  onLost: (reason: JournalWriteError) => void;
}

/**
 * Takes the folder for this process. Resolves as a writer, or read-only when the folder cannot be
 * written; throws DataFolderBusy when another live copy holds it. Never waits: a folder whose
 * holder died is free at once.
 */
export async function claimDataFolder(dir: string, options: ClaimOptions): Promise<DataFolderClaim> {
  const path = join(dir, LOCK_FILE);
  let lock: Database.Database;
  try {
    mkdirSync(dir, { recursive: true });
    if (oldLockHeld(path)) throw new DataFolderBusy(dir, readOwner(dir));
    // SQLite says only "cannot open" where the OS says why (EROFS, EACCES): ask the OS first.
    accessSync(dir, constants.W_OK);
    if (existsSync(path)) accessSync(path, constants.R_OK | constants.W_OK);
    lock = openSqlite(path);
  } catch (error) {
    if (error instanceof DataFolderBusy) throw error;
    return readOnly(error);
  }
  try {
    // EXCLUSIVE: the lock taken by the first write is kept until the connection closes. The file
    // holds no data worth a rollback journal: none is kept (no spin-desk.lock-journal beside it).
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.pragma('journal_mode = MEMORY');
    lock.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (at TEXT); COMMIT');
  } catch (error) {
    lock.close();
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) throw new DataFolderBusy(dir, readOwner(dir));
    // Not a database (damaged, or an old lock folder by that name) cannot be locked: read-only,
    // with the reason; the file is left for a person to look at.
    return readOnly(error);
  }
  const locked = fileIdentity(path);
  const folder = fileIdentity(dir);
  writeOwner(dir, options.shell);
  const watch = setInterval(() => {
    if (fileIdentity(path) === locked) return;
    clearInterval(watch);
    options.onLost(lostReason(dir, folder, path));
  }, WATCH_MS);
  watch.unref();
  return {
    mode: 'writer',
    release: async () => {
      clearInterval(watch);
      if (lock.open) lock.close();
    },
  };
}

/**
 * A lock folder left by a version before the OS lock: held while it is being touched (that version
 * is running: this one must not start), else a leftover of a crash, removed.
 */
function oldLockHeld(path: string): boolean {
  try {
    const stats = statSync(path);
    if (!stats.isDirectory()) return false;
    if (Date.now() - stats.mtimeMs < OLD_LOCK_FRESH_MS) return true;
    rmSync(path, { recursive: true });
  } catch {
    // No lock folder, or it went away meanwhile.
  }
  return false;
}

function readOnly(error: unknown): DataFolderClaim {
  return { mode: 'read-only', reason: journalWriteError(error), release: async () => undefined };
}

/**
 * Why the lock was lost: the whole folder moved or deleted (a cleaner, a sync client: no other copy
 * is involved, and saying one "took over" would send the user looking for it), or only its lock
 * file deleted or replaced (another copy may start on the folder now).
 */
function lostReason(dir: string, folder: string, path: string): JournalWriteError {
  if (fileIdentity(dir) !== folder)
    return new JournalWriteError('MOVED', undefined, (language) => m.sys_folder_moved({ folder: dir }, { locale: language }));
  return new JournalWriteError('LOCK_LOST', undefined, (language) => m.sys_folder_lock_replaced({ file: path }, { locale: language }));
}

function writeOwner(dir: string, shell: string): void {
  const owner: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString(), shell };
  try {
    writeFileSync(join(dir, OWNER_FILE), JSON.stringify(owner));
  } catch {
    // Only the busy message of a second copy reads it.
  }
}

function readOwner(dir: string): LockOwner | undefined {
  try {
    const value = JSON.parse(readFileSync(join(dir, OWNER_FILE), 'utf8')) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string') return undefined;
    return { pid: value.pid, hostname: value.hostname, startedAt: String(value.startedAt), shell: String(value.shell) };
  } catch {
    return undefined;
  }
}
