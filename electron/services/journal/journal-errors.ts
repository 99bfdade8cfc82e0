import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { Language } from '@shared/i18n/languages';
import { WordedError, type Wording } from '../worded-error';

// Why the journal could not make a line durable, in the words the cashier sees. A payment whose
// intent cannot be written is never sent, so every message here can say "nothing was charged"
// when it is about an intent; the caller adds that part (see payments/money-move.ts).

export type JournalFault =
  'DISK_FULL' | 'DISK_FAILED' | 'READ_ONLY' | 'NO_PERMISSION' | 'LOCK_LOST' | 'MOVED' | 'DAMAGED' | 'RESTORING' | 'CLOSED';

/** Text from outside spin-desk (an OS or SQLite error) is quoted as it is, in any language. */
export type Detail = string | Wording;

export function sayDetail(detail: Detail, language?: Language): string {
  return typeof detail === 'string' ? detail : detail(language);
}

// Message functions, not strings: the error is often made once and answered later, when the
// language may have changed. A cleaner, an antivirus quarantine or a sync client can cause MOVED
// (a file, or the whole folder, moved or deleted under the running app): no other copy is
// involved, and the disk has room.
const WHAT: Record<JournalFault, (inputs: object, options: { locale?: Language }) => string> = {
  DISK_FULL: m.sys_journal_disk_full,
  DISK_FAILED: m.sys_journal_disk_failed,
  READ_ONLY: m.sys_journal_read_only,
  NO_PERMISSION: m.sys_journal_no_permission,
  LOCK_LOST: m.sys_journal_lock_lost,
  MOVED: m.sys_journal_moved,
  DAMAGED: m.sys_journal_damaged,
  RESTORING: m.sys_journal_restoring,
  CLOSED: m.sys_journal_closed,
};

const REMEDY: Record<JournalFault, (inputs: object, options: { locale?: Language }) => string> = {
  DISK_FULL: m.sys_journal_disk_full_remedy,
  DISK_FAILED: m.sys_journal_disk_failed_remedy,
  READ_ONLY: m.sys_journal_read_only_remedy,
  NO_PERMISSION: m.sys_journal_no_permission_remedy,
  LOCK_LOST: m.sys_journal_lock_lost_remedy,
  MOVED: m.sys_journal_moved_remedy,
  DAMAGED: m.sys_journal_damaged_remedy,
  RESTORING: m.sys_journal_restoring_remedy,
  CLOSED: m.sys_journal_closed_remedy,
};

/** What happened: the fault, the OS code behind it and the detail, in `language`. */
function reasonOf(fault: JournalFault, errno: string | undefined, detail: Detail | undefined, language?: Language): string {
  const locale = { locale: language };
  const what = WHAT[fault]({}, locale);
  const withCode = errno ? m.sys_journal_what_code({ what, code: errno }, locale) : what;
  return detail === undefined ? withCode : m.sys_journal_what_detail({ what: withCode, detail: sayDetail(detail, language) }, locale);
}

function cannotRecord(fault: JournalFault, errno: string | undefined, detail: Detail | undefined, language?: Language): string {
  return m.sys_journal_cannot_record({ reason: reasonOf(fault, errno, detail, language) }, { locale: language });
}

/**
 * A journal write that did not become durable. `errno` is the OS code behind it, when there was
 * one. Its `message` is English, for logs and the journal's own lines; what a person is shown
 * (`shownMessage`, `reason`, `remedy`) is worded when read, in the language main speaks then.
 */
export class JournalWriteError extends WordedError {
  readonly fault: JournalFault;
  readonly errno: string | undefined;
  readonly #detail: Detail | undefined;

  /** `shownMessage()`: "spin-desk cannot record payments: …" (WordedError). */
  constructor(fault: JournalFault, errno?: string, detail?: Detail) {
    super((language) => cannotRecord(fault, errno, detail, language));
    this.name = 'JournalWriteError';
    this.fault = fault;
    this.errno = errno;
    this.#detail = detail;
  }

  /** What happened, without "spin-desk cannot record payments": for the settings' refusal and the unsaved result's note. */
  get reason(): string {
    return this.reasonIn();
  }

  reasonIn(language?: Language): string {
    return reasonOf(this.fault, this.errno, this.#detail, language);
  }

  get remedy(): string {
    return this.remedyIn();
  }

  remedyIn(language?: Language): string {
    return REMEDY[this.fault]({}, { locale: language });
  }

  /** Whether waiting (and freeing space) can fix it, so a later test write is worth trying. */
  get transient(): boolean {
    return this.fault === 'DISK_FULL' || this.fault === 'DISK_FAILED';
  }
}

/** OS error codes, and SQLite's result codes (which is how a write to the journal database fails). */
const FAULT_OF_CODE: Record<string, JournalFault> = {
  ENOSPC: 'DISK_FULL',
  EDQUOT: 'DISK_FULL',
  EFBIG: 'DISK_FULL',
  EROFS: 'READ_ONLY',
  EACCES: 'NO_PERMISSION',
  EPERM: 'NO_PERMISSION',
  SQLITE_FULL: 'DISK_FULL',
  // The journal database is held by another process (the data folder's lock should have prevented it).
  SQLITE_BUSY: 'LOCK_LOST',
  SQLITE_READONLY: 'READ_ONLY',
  SQLITE_READONLY_DIRECTORY: 'READ_ONLY',
  SQLITE_READONLY_DBMOVED: 'LOCK_LOST',
  SQLITE_PERM: 'NO_PERMISSION',
  SQLITE_AUTH: 'NO_PERMISSION',
  SQLITE_CANTOPEN: 'NO_PERMISSION',
  SQLITE_NOTADB: 'DAMAGED',
  SQLITE_CORRUPT: 'DAMAGED',
};

/**
 * Any error from a write, fsync or open, as a JournalWriteError. EIO, SQLite's SQLITE_IOERR_* (a
 * write or fsync the disk refused; SQLite reports a full quota this way too) and unknown codes:
 * DISK_FAILED, which is tried again.
 */
export function journalWriteError(error: unknown): JournalWriteError {
  if (error instanceof JournalWriteError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const fault = code && (FAULT_OF_CODE[code] ?? (code.startsWith('SQLITE_CORRUPT') ? 'DAMAGED' : undefined));
  return new JournalWriteError(fault || 'DISK_FAILED', code, code ? undefined : String(error));
}

/**
 * Whether SQLite's error says the journal's file itself is damaged or unreadable: SQLITE_CORRUPT
 * (and its _VTAB, from the full-text index), SQLITE_NOTADB, and, for a read, SQLITE_IOERR_*. A
 * write's SQLITE_IOERR is not counted: SQLite reports a full quota that way too, and the failing
 * state retries it (journalWriteError).
 */
export function isDamage(error: unknown, reading: boolean): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return false;
  // FTS5 reports a damaged page of its own config as a constructor that failed.
  if (code === 'SQLITE_ERROR' && String((error as Error).message).includes('vtable constructor failed')) return true;
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB' || (reading && code.startsWith('SQLITE_IOERR'));
}

/**
 * A file of the data folder that cannot be used as it is (not what it should be, unreadable,
 * from a newer version). The app then runs read-only; the message names the file and, when a copy
 * was put aside, where.
 */
export function damagedFileError(path: Detail, why: Detail, keptAs?: string): JournalWriteError {
  return new JournalWriteError('DAMAGED', undefined, (language) => {
    const locale = { locale: language };
    const file = sayDetail(path, language);
    const problem = sayDetail(why, language);
    return keptAs
      ? m.sys_journal_file_problem_kept({ file, problem, copy: keptAs }, locale)
      : m.sys_journal_file_problem({ file, problem }, locale);
  });
}
