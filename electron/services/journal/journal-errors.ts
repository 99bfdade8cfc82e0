// Why the journal could not make a line durable, in the words the cashier sees. A payment whose
// intent cannot be written is never sent, so every message here can say "nothing was charged"
// when it is about an intent; the caller adds that part (see payments/money-move.ts).

export type JournalFault = 'DISK_FULL' | 'DISK_FAILED' | 'READ_ONLY' | 'NO_PERMISSION' | 'LOCK_LOST' | 'CLOSED';

const WHAT: Record<JournalFault, string> = {
  DISK_FULL: 'the disk holding its data is full',
  DISK_FAILED: 'the disk holding its data reported an error',
  READ_ONLY: 'its data folder is read-only',
  NO_PERMISSION: 'it is not allowed to write to its data folder',
  LOCK_LOST: 'another copy of spin-desk took over its data folder',
  CLOSED: 'it is shutting down',
};

const REMEDY: Record<JournalFault, string> = {
  DISK_FULL: 'Free space, then try again.',
  DISK_FAILED: 'Check the disk (or move the data folder to a healthy one), then try again.',
  READ_ONLY: 'Make the folder writable (for example remount the disk read-write), then restart spin-desk.',
  NO_PERMISSION: 'Give your Windows/macOS/Linux user write access to the folder, then restart spin-desk.',
  LOCK_LOST: 'Close the other copy, then restart spin-desk.',
  CLOSED: 'Start spin-desk again.',
};

/** A journal write that did not become durable. `errno` is the OS code behind it, when there was one. */
export class JournalWriteError extends Error {
  readonly fault: JournalFault;
  readonly errno: string | undefined;

  constructor(fault: JournalFault, errno?: string, detail?: string) {
    super(`spin-desk cannot record payments: ${WHAT[fault]}${errno ? ` (${errno})` : ''}${detail ? `, ${detail}` : ''}.`);
    this.name = 'JournalWriteError';
    this.fault = fault;
    this.errno = errno;
  }

  get remedy(): string {
    return REMEDY[this.fault];
  }

  /** Whether waiting (and freeing space) can fix it, so a later test write is worth trying. */
  get transient(): boolean {
    return this.fault === 'DISK_FULL' || this.fault === 'DISK_FAILED';
  }
}

const FAULT_OF_ERRNO: Record<string, JournalFault> = {
  ENOSPC: 'DISK_FULL',
  EDQUOT: 'DISK_FULL',
  EFBIG: 'DISK_FULL',
  EROFS: 'READ_ONLY',
  EACCES: 'NO_PERMISSION',
  EPERM: 'NO_PERMISSION',
};

/** Any error from a write, fsync, truncate or rename, as a JournalWriteError (EIO and unknown codes: DISK_FAILED). */
export function journalWriteError(error: unknown): JournalWriteError {
  if (error instanceof JournalWriteError) return error;
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;
  return new JournalWriteError((errno && FAULT_OF_ERRNO[errno]) || 'DISK_FAILED', errno, errno ? undefined : String(error));
}
