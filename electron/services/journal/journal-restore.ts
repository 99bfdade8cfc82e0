import { existsSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { JournalBackups, JournalCheck, RestoreResult } from '@shared/ipc/journal-backup-views';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { AppFailure } from '../app-failure';
import { BACKUP_FOLDER, checkCopyInWorker, checkVerdict, fsyncPath, listBackups, stageRestore } from './journal-backup';
import { openForWriting } from './journal-database';
import { JournalWriteError, type JournalFault } from './journal-errors';
import { JOURNAL_FILE } from './open-journal';
import type { SqliteJournal } from './sqlite-journal';

// "Restore from backup" (Troubleshooting): the chosen backup becomes the journal. The journal as it
// was is renamed aside (journal.sqlite.before-restore-<time>), never deleted; payments are refused
// from the first step to the last (the journal holds every write); lookups of pending entries are
// stopped first, since an outcome learned for an entry the backup does not hold would have nowhere
// to go, and start again on the restored journal. A payment being sent is never cut into: the
// restore is refused until it has ended.

export interface RestoreDeps {
  dataDir: string;
  journal: SqliteJournal;
  /** Words naming the payment being sent now (e.g. "Sale R-1 on Front desk"), or undefined when none is. */
  paymentInFlight: () => string | undefined;
  /** Stops every lookup and resolves once none runs. */
  stopLookups: () => Promise<void>;
  /** Starts the lookups of the (restored) journal's pending entries. */
  resumeLookups: () => void;
  /** Resolves once no backup is being written (one must not copy the file being replaced). */
  backupsIdle: () => Promise<void>;
}

const RESTORABLE = new Set<JournalFault>(['DAMAGED', 'DISK_FULL', 'DISK_FAILED', 'RESTORING']);

/** Why a restore cannot run now, in the words Troubleshooting shows; undefined when it can. */
export function restoreRefusal(deps: Pick<RestoreDeps, 'journal' | 'paymentInFlight'>): string | undefined {
  const payment = deps.paymentInFlight();
  if (payment) return m.sys_restore_payment_sending({ payment });
  const { error } = deps.journal.health();
  // A journal read-only because its file is damaged (or failing) is what a restore is for; any
  // other reason (a read-only folder, another copy holding it) would make the restored file
  // unwritable too. RESTORING is this restore's own hold.
  if (error && !RESTORABLE.has(error.fault)) {
    return `${error.shownMessage()} ${error.remedy}`;
  }
  return undefined;
}

/** The backups with whether a restore could run now. */
export function backupsView(deps: Pick<RestoreDeps, 'dataDir' | 'journal' | 'paymentInFlight'>): JournalBackups {
  const refusal = restoreRefusal(deps);
  return {
    backups: listBackups(deps.dataDir).map(({ path: _path, ...view }) => view),
    folder: join(deps.dataDir, BACKUP_FOLDER),
    ...(refusal ? { refusal } : {}),
  };
}

export async function restoreBackup(deps: RestoreDeps, name: string, now = new Date()): Promise<RestoreResult> {
  const backup = listBackups(deps.dataDir).find((candidate) => candidate.name === name);
  if (!backup) throw new AppFailure('NOT_FOUND', m.sys_restore_no_backup({ name, folder: join(deps.dataDir, BACKUP_FOLDER) }));
  const refused = () => {
    const refusal = restoreRefusal(deps);
    if (refusal)
      throw new AppFailure(deps.paymentInFlight() ? 'PAYMENT_IN_FLIGHT' : 'JOURNAL_UNAVAILABLE', m.sys_restore_not_restored({ refusal }));
  };
  refused();
  const problems = await checkCopyInWorker(backup.path);
  if (problems.length > 0) {
    throw new AppFailure('JOURNAL_UNAVAILABLE', m.sys_restore_backup_damaged({ name, problem: problems[0] ?? '' }));
  }
  const path = join(deps.dataDir, JOURNAL_FILE);
  const keptAs = `${JOURNAL_FILE}.before-restore-${now.toISOString().replaceAll(':', '-')}`;
  deps.journal.holdWrites(new JournalWriteError('RESTORING'));
  try {
    await deps.stopLookups();
    await deps.backupsIdle();
    // No payment could start meanwhile (writes are held); one that was already past its intent is.
    refused();
    const staged = stageRestore(backup, path);
    let failed: unknown;
    deps.journal.replaceDatabase(() => {
      try {
        return swapIn(path, staged, join(deps.dataDir, keptAs));
      } catch (error) {
        // The restored copy would not open: the journal as it was goes back into place and on.
        failed = error;
        renameSync(path, staged);
        putBack(path, join(deps.dataDir, keptAs));
        return openForWriting(path);
      }
    });
    if (failed !== undefined) {
      throw new AppFailure('JOURNAL_UNAVAILABLE', m.sys_restore_backup_unopened({ name, problem: String(failed) }));
    }
  } finally {
    deps.journal.holdWrites(undefined);
    deps.resumeLookups();
  }
  const { total } = await deps.journal.page({}, 0, 0);
  return { restored: name, keptAs, entries: total, pending: deps.journal.pending().length };
}

/** With the journal closed: the current file (and any WAL) renamed aside, the staged copy renamed into place, then opened. */
function swapIn(path: string, staged: string, aside: string) {
  for (const suffix of ['', '-wal']) if (existsSync(`${path}${suffix}`)) renameSync(`${path}${suffix}`, `${aside}${suffix}`);
  renameSync(staged, path);
  fsyncPath(dirname(path), true);
  return openForWriting(path);
}

function putBack(path: string, aside: string): void {
  for (const suffix of ['', '-wal']) if (existsSync(`${aside}${suffix}`)) renameSync(`${aside}${suffix}`, `${path}${suffix}`);
}

/**
 * "Check the journal": SQLite's quick_check of the database in use. A journal opened read-only
 * because its file could not be read is damaged whatever its stand-in (a copy, an empty one in
 * memory) would say.
 */
export function checkJournal(journal: SqliteJournal): JournalCheck {
  const started = Date.now();
  const { error } = journal.health();
  if (error?.fault === 'DAMAGED') return checkVerdict([error.shownMessage()], started);
  try {
    return checkVerdict(journal.integrityProblems(), started);
  } catch (failure) {
    return checkVerdict([failure instanceof Error ? failure.message : String(failure)], started);
  }
}
