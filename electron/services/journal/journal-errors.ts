// Why the journal could not make a line durable, in the words the cashier sees. A payment whose
// intent cannot be written is never sent, so every message here can say "nothing was charged"
// when it is about an intent; the caller adds that part (see payments/money-move.ts).

export type JournalFault =
  'DISK_FULL' | 'DISK_FAILED' | 'READ_ONLY' | 'NO_PERMISSION' | 'LOCK_LOST' | 'MOVED' | 'DAMAGED' | 'RESTORING' | 'CLOSED';

const WHAT: Record<JournalFault, string> = {
  DISK_FULL: 'the disk holding its data is full',
  DISK_FAILED: 'the disk holding its data reported an error',
  READ_ONLY: 'its data folder is read-only',
  NO_PERMISSION: 'it is not allowed to write to its data folder',
  LOCK_LOST: 'another copy of spin-desk took over its data folder',
  // A cleaner, an antivirus quarantine or a sync client moved or deleted a file (or the whole
  // folder) under the running app: no other copy is involved, and the disk has room.
  MOVED: 'its journal was moved or deleted while it was running',
  DAMAGED: 'a file in its data folder is damaged',
  RESTORING: 'its journal is being restored from a backup',
  CLOSED: 'it is shutting down',
};

const REMEDY: Record<JournalFault, string> = {
  DISK_FULL: 'Free space, then try again.',
  DISK_FAILED: 'Check the disk (or move the data folder to a healthy one), then try again.',
  READ_ONLY: 'Make the folder writable (for example remount the disk read-write), then restart spin-desk.',
  NO_PERMISSION: 'Give your Windows/macOS/Linux user write access to the folder, then restart spin-desk.',
  LOCK_LOST: 'Close the other copy, then restart spin-desk.',
  MOVED:
    'Quit spin-desk, put the file or the data folder back where it was (look in the cleaner’s or antivirus quarantine, or the sync client’s trash), then start spin-desk again. Payments stay refused until then.',
  DAMAGED: 'Restore the file from a backup, or move it out of the folder to start it afresh, then restart spin-desk.',
  RESTORING: 'Wait a moment until the restore has finished (Troubleshooting says when), then try again.',
  CLOSED: 'Start spin-desk again.',
};

/** A journal write that did not become durable. `errno` is the OS code behind it, when there was one. */
export class JournalWriteError extends Error {
  readonly fault: JournalFault;
  readonly errno: string | undefined;
  /** What happened, without "spin-desk cannot record payments": for the settings' refusal and the unsaved result's note. */
  readonly reason: string;

  constructor(fault: JournalFault, errno?: string, detail?: string) {
    const reason = `${WHAT[fault]}${errno ? ` (${errno})` : ''}${detail ? `, ${detail}` : ''}`;
    super(`spin-desk cannot record payments: ${reason}.`);
    this.name = 'JournalWriteError';
    this.fault = fault;
    this.errno = errno;
    this.reason = reason;
  }

  get remedy(): string {
    return REMEDY[this.fault];
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
export function damagedFileError(file: string, why: string, keptAs?: string): JournalWriteError {
  return new JournalWriteError('DAMAGED', undefined, `${file} ${why}${keptAs ? ` (a copy is kept as ${keptAs})` : ''}`);
}
