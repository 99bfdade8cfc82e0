import { said, type Said, type SaidKey } from '@shared/ipc/said';
import { JournalWriteError, type JournalFault } from './journal-errors';

// A JournalWriteError's English message goes into a stored line as it is ("Not sent: …"); this is
// its Said, so that the page words that line in its own language (shared/ipc/said.ts).

const FAULT_WORDS: Record<JournalFault, SaidKey> = {
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

/**
 * "spin-desk cannot record payments: …" of `error` as a Said: its fault, its OS code, and `quoted`
 * (an OS or SQLite text, quoted as it is) when the message carries it. Undefined when the message
 * says more than that (a detail spin-desk worded itself, which a Said cannot carry): the stored
 * English then shows, rather than a Said that says less.
 */
export function cannotRecordSaid(error: JournalWriteError, quoted?: string): Said | undefined {
  const details = [undefined, quoted];
  const at = details.findIndex((detail) => new JournalWriteError(error.fault, error.errno, detail).message === error.message);
  if (at === -1) return undefined;
  const detail = details[at];
  const what = said(FAULT_WORDS[error.fault]);
  const withCode = error.errno ? said('said_j_fault_code', { what, code: error.errno }) : what;
  return said('said_j_cannot_record', {
    reason: detail === undefined ? withCode : said('said_j_fault_detail', { what: withCode, detail }),
  });
}
