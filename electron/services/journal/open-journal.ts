import { accessSync, constants, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { Language } from '@shared/i18n/languages';
import { englishOf, said } from '@shared/ipc/said';
import { openCopyForReading, openForWriting, openInMemory, type OpenedDatabase } from './journal-database';
import { damagedFileError, journalWriteError, type Detail, type JournalWriteError } from './journal-errors';
import { WordedError, type Wording } from '../worded-error';
import { keepAside, missingJournal } from './journal-file-check';
import type { JournalWarning } from './records';
import { importSegments } from './segment-import';
import { SqliteJournal, type WriteFault } from './sqlite-journal';

/** The journal's database, in the data folder. */
export const JOURNAL_FILE = 'journal.sqlite';
/** Where journals before the SQLite one kept their segment files; imported once (segment-import.ts). */
export const SEGMENT_FOLDER = 'journal';

export interface OpenJournalOptions {
  /** The folder cannot be written (data-folder-lock.ts said so, or its settings are damaged): open for reading only. */
  readOnly?: JournalWriteError;
  /** false only for generating test data in bulk: commits are then not fsynced. */
  durable?: boolean;
  faults?: WriteFault;
  /**
   * What shows this folder was used before (its settings hold terminal profiles): a missing or
   * zero-byte journal is then damage, opened read-only, not a first start.
   */
  usedBefore?: Detail | undefined;
}

/**
 * Opens the payment journal of a data folder, importing an older segment journal on the first
 * start. Never throws for what is on disk: a database that is damaged, from a newer version or not
 * a file, or a folder that cannot be written, opens the journal read-only (history readable where
 * it can be, every payment refused) with the reason in its health, which the app shows as a banner.
 */
export function openJournal(dataDir: string, options: OpenJournalOptions = {}): SqliteJournal {
  const path = join(dataDir, JOURNAL_FILE);
  const segments = join(dataDir, SEGMENT_FOLDER);
  const warnings: JournalWarning[] = [];
  let readOnly = options.readOnly;
  let opened: OpenedDatabase | undefined;
  if (!readOnly) {
    try {
      mkdirSync(dataDir, { recursive: true });
      // SQLite says only "cannot open" where the OS says why (EROFS, EACCES): ask the OS first.
      accessSync(dataDir, constants.W_OK);
      // A used folder with the old segment journal and no database yet is the upgrade to this
      // one (imported below), not damage.
      const missing = missingJournal(path, existsSync(segments) ? undefined : options.usedBefore);
      if (missing) throw new MissingJournal(missing);
      opened = openForWriting(path, options.durable);
      importSegments(opened.db, segments);
    } catch (error) {
      // An import that failed half-way (a full disk) left nothing: it is one transaction. Payments
      // wait until it can run, since a pending entry of the old journal must be looked up first.
      if (opened) opened.db.close();
      opened = undefined;
      readOnly = unusable(path, error);
    }
  }
  opened ??= openForReading(path, segments, warnings);
  return new SqliteJournal(opened, {
    dataDir,
    warnings,
    ...(readOnly ? { readOnly } : {}),
    ...(options.faults ? { faults: options.faults } : {}),
  });
}

/** A journal that is missing or empty where the folder was used before (journal-file-check.ts). */
class MissingJournal extends WordedError {}

/** Why the journal cannot be written: a damaged file (kept aside first) or what the disk said. */
function unusable(path: string, error: unknown): JournalWriteError {
  if (isFolder(path)) return damagedFileError(path, (language) => m.sys_journal_is_folder({}, { locale: language }));
  if (error instanceof MissingJournal)
    return damagedFileError(
      path,
      rescuedCopyNote(path, (language) => error.shownMessage(language)),
      keepAside(path),
    );
  const cause = journalWriteError(error);
  const newer = error instanceof Error && error.message.includes('newer spin-desk');
  if (cause.fault !== 'DAMAGED' && !newer) return cause;
  const why = newer
    ? (error as Error).message.replace(/^the journal /, '')
    : (language?: Language) => m.sys_journal_not_readable({ code: cause.errno ?? 'damaged' }, { locale: language });
  return damagedFileError(path, why, keepAside(path));
}

/**
 * The journal for reading only: a copy of the database when one can be read, else an empty one in
 * memory; either way with the old segment journal imported into it, so its history is seen too.
 */
function openForReading(path: string, segments: string, warnings: JournalWarning[]): OpenedDatabase {
  let opened: OpenedDatabase | undefined;
  const readable = hasPages(path) ? path : newestRescuedCopy(path);
  if (readable && !isFolder(readable)) {
    try {
      opened = openCopyForReading(readable);
    } catch (error) {
      const words = said('said_j_warn_database_unreadable', { path, error: String(error) });
      warnings.push({ kind: 'corrupt-line', file: basename(path), message: englishOf(words), said: words });
    }
  }
  opened ??= openInMemory();
  try {
    importSegments(opened.db, segments);
  } catch (error) {
    const words = said('said_j_warn_old_journal_unreadable', { folder: segments, error: String(error) });
    warnings.push({ kind: 'corrupt-line', file: SEGMENT_FOLDER, message: englishOf(words), said: words });
  }
  return opened;
}

function hasPages(path: string): boolean {
  try {
    return statSync(path).size > 0;
  } catch {
    return false;
  }
}

/**
 * The newest copy a running journal made when its file was deleted under it
 * (SqliteJournal's rescue, `journal.sqlite.rescued-<time>`), or undefined.
 */
function newestRescuedCopy(path: string): string | undefined {
  const dir = join(path, '..');
  const prefix = `${basename(path)}.rescued-`;
  try {
    const copies = readdirSync(dir)
      .filter((name) => name.startsWith(prefix) && !name.endsWith('-wal'))
      .sort();
    return copies.length > 0 ? join(dir, copies[copies.length - 1] as string) : undefined;
  } catch {
    return undefined;
  }
}

/** The reason a missing journal is damage, with where its last rescued copy is (History is read from it). */
function rescuedCopyNote(path: string, why: Wording): Wording {
  const rescued = newestRescuedCopy(path);
  if (!rescued) return why;
  const inputs = { copy: basename(rescued), file: basename(path) };
  return (language) => m.sys_journal_rescued_note({ why: why(language), ...inputs }, { locale: language });
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
