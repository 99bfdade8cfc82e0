import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { Language } from '@shared/i18n/languages';
import { said, wordedIn, type Said, type SaidKey } from '@shared/ipc/said';
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

// Said keys, not strings: the error is often made once and answered later, when the language may
// have changed; and the same messages word the Said of the line it leaves in the journal (messageSaid).
// A cleaner, an antivirus quarantine or a sync client can cause MOVED (a file, or the whole folder,
// moved or deleted under the running app): no other copy is involved, and the disk has room.
const WHAT: Record<JournalFault, SaidKey> = {
  DISK_FULL: 'said_j_fault_disk_full',
  DISK_FAILED: 'said_j_fault_disk_failed',
  READ_ONLY: 'said_j_fault_read_only',
  NO_PERMISSION: 'said_j_fault_no_permission',
  LOCK_LOST: 'said_j_fault_lock_lost',
  MOVED: 'said_j_fault_moved',
  DAMAGED: 'said_j_fault_damaged',
  RESTORING: 'said_j_fault_restoring',
  CLOSED: 'said_j_fault_closed',
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

/** The fault and the OS code behind it, as a Said. */
function faultSaid(fault: JournalFault, errno: string | undefined): Said {
  const what = said(WHAT[fault]);
  return errno ? said('said_j_fault_code', { what, code: errno }) : what;
}

/** What happened as a Said, with a detail quoted from outside spin-desk (a Said's parameter may be such text). */
function reasonSaid(fault: JournalFault, errno: string | undefined, quoted: string | undefined): Said {
  const what = faultSaid(fault, errno);
  return quoted === undefined ? what : said('said_j_fault_detail', { what, detail: quoted });
}

/** What happened: the fault, the OS code behind it and the detail, in `language`. */
function reasonOf(fault: JournalFault, errno: string | undefined, detail: Detail | undefined, language?: Language): string {
  if (typeof detail !== 'function') return wordedIn(reasonSaid(fault, errno, detail), language);
  // A detail spin-desk words itself is no Said's parameter: the sentence around it is worded here.
  const what = wordedIn(faultSaid(fault, errno), language);
  return m.said_j_fault_detail({ what, detail: detail(language) }, { locale: language });
}

function cannotRecord(fault: JournalFault, errno: string | undefined, detail: Detail | undefined, language?: Language): string {
  return m.said_j_cannot_record({ reason: reasonOf(fault, errno, detail, language) }, { locale: language });
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

  /**
   * The message ("spin-desk cannot record payments: …") as a Said, for a stored line that carries it
   * (the page words it in its language): its fault, its OS code, and its detail when that is text
   * quoted from outside spin-desk. None when spin-desk worded the detail itself, which a Said cannot
   * carry: the stored English then shows, rather than a Said that says less.
   */
  get messageSaid(): Said | undefined {
    const detail = this.#detail;
    if (typeof detail === 'function') return undefined;
    return said('said_j_cannot_record', { reason: reasonSaid(this.fault, this.errno, detail) });
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
