import { constants, copyFileSync, existsSync, lstatSync, readlinkSync, statSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { basename } from 'node:path';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { sayDetail, type Detail } from './journal-errors';
import type { Wording } from '../worded-error';

// What the journal checks about its own files, at start and while it runs. SQLite keeps writing to
// a database file that was deleted or renamed under it (its descriptor still works), so a cleaner,
// an antivirus quarantine or a sync client could take the journal away while every sale still
// looked recorded; and it opens a zero-byte or missing file as a new, empty journal. Both are
// harm to be said, never a silent fresh start.

/** Which file sits at a path: its device and inode, or 'gone'. One stat: a few microseconds. */
export function fileIdentity(path: string): string {
  try {
    const stats = statSync(path);
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return 'gone';
  }
}

/** The journal's files as they were when it was opened, to compare with what is at their paths now. */
export interface WatchedFiles {
  path: string;
  database: string;
  /** The write-ahead log SQLite holds open beside the database ('gone' until SQLite made one). */
  wal: string;
}

export function watchFiles(path: string): WatchedFiles {
  return { path, database: fileIdentity(path), wal: fileIdentity(`${path}-wal`) };
}

/**
 * What happened to the journal's files since they were opened, or undefined when both are still the
 * ones SQLite writes to. A WAL deleted while running is harm too: the newest lines live only there
 * until a checkpoint, and SQLite would go on writing them to the unlinked file.
 */
export function filesHarm(files: WatchedFiles): Wording | undefined {
  const database = fileIdentity(files.path);
  if (database !== files.database) {
    return database === 'gone'
      ? (language) => m.sys_journal_file_gone({ file: files.path }, { locale: language })
      : (language) => m.sys_journal_file_replaced({ file: files.path }, { locale: language });
  }
  const wal = fileIdentity(`${files.path}-wal`);
  if (files.wal === 'gone') {
    // SQLite made its WAL after the open: watch that one from now on.
    files.wal = wal;
    return undefined;
  }
  const log = `${files.path}-wal`;
  return wal === files.wal ? undefined : (language) => m.sys_journal_wal_gone({ file: log }, { locale: language });
}

/** A name beside the journal for a copy of it, with the time in it (no colons: Windows). */
export function copyName(path: string, why: 'damaged' | 'rescued'): string {
  return `${path}.${why}-${new Date().toISOString().replaceAll(':', '-')}`;
}

/**
 * Copies a damaged database and its WAL (whichever of the two exist) beside it; the originals are
 * never written again. Returns the copy's name, or undefined when nothing could be copied.
 */
export function keepAside(path: string): string | undefined {
  const copy = copyName(path, 'damaged');
  let kept = false;
  for (const [from, to] of [
    [path, copy],
    [`${path}-wal`, `${copy}-wal`],
  ] as const) {
    try {
      if (!existsSync(from)) continue;
      copyFileSync(from, to, constants.COPYFILE_EXCL);
      kept = true;
    } catch {
      // Unreadable or no room: the original stays where it is all the same.
    }
  }
  return kept ? basename(copy) : undefined;
}

/** keepAside for a running app: the copy is made off the main thread (a large journal takes seconds to copy). */
export async function keepAsideInBackground(path: string): Promise<string | undefined> {
  const copy = copyName(path, 'damaged');
  try {
    await copyFile(path, copy, constants.COPYFILE_EXCL);
    if (existsSync(`${path}-wal`)) await copyFile(`${path}-wal`, `${copy}-wal`, constants.COPYFILE_EXCL).catch(() => undefined);
    return basename(copy);
  } catch {
    return undefined;
  }
}

/**
 * Why a journal database that is not there (or holds nothing) is damage rather than a first start,
 * or undefined when it may be a first start. A link to a missing file always is; a missing or
 * zero-byte file is when the folder shows earlier use (`usedBefore` says how) or a WAL sits beside
 * it: SQLite would open an empty journal there and delete that WAL, the newest sales with it.
 */
export function missingJournal(path: string, usedBefore: Detail | undefined): Wording | undefined {
  let link: string | undefined;
  try {
    if (lstatSync(path).isSymbolicLink()) link = readlinkSync(path);
  } catch {
    // Nothing at the path.
  }
  let size: number | undefined;
  try {
    size = statSync(path).size;
  } catch {
    if (link !== undefined) {
      const target = link;
      return (language) => m.sys_journal_dangling_link({ target }, { locale: language });
    }
  }
  if (size !== undefined && size > 0) return undefined;
  const wal = statSafe(`${path}-wal`);
  const log = `${basename(path)}-wal`;
  const evidence: Detail | undefined =
    wal && wal.size > 0 ? (language) => m.sys_journal_wal_beside({ file: log }, { locale: language }) : usedBefore;
  if (evidence === undefined) return undefined;
  return (language) => {
    const inputs = { evidence: sayDetail(evidence, language) };
    return size === undefined
      ? m.sys_journal_missing_used_before(inputs, { locale: language })
      : m.sys_journal_empty_used_before(inputs, { locale: language });
  };
}

function statSafe(path: string): { size: number } | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
