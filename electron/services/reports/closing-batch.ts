import type { NotFromThisPc } from '@shared/ipc/reconciliation-views';
import type { ResponseOf } from '@shared/spin/endpoints';
import type { Journal } from '../journal/journal';
import type { ProfileService } from '../profiles/profile-service';
import { reconcile } from './reconcile';
import { entriesToReconcile } from './reconcile-batch';
import { toDailyReport } from './to-report';

export interface ClosingBatchDeps {
  profiles: Pick<ProfileService, 'target'>;
  journal: Journal;
}

/**
 * The transactions of the batch about to close that this PC did not send (another register's on
 * the same terminal), from the Daily answer read just before Settle (the probe's: no request more)
 * and this PC's journal, as Check before settling finds them. Kept with the settlement: once the
 * batch is closed the terminal lists it nowhere, and the store report names them from the journal
 * (issue 27: "the store report says which transactions this PC did not send").
 * Undefined when the batch was not read or does not parse: the list is then unknown, not empty.
 */
export async function notSentHere(
  deps: ClosingBatchDeps,
  profileId: string | undefined,
  daily: ResponseOf<'Daily'> | undefined,
  batchNumber: string | undefined,
): Promise<NotFromThisPc[] | undefined> {
  if (!daily) return undefined;
  try {
    const target = await deps.profiles.target(profileId);
    const report = toDailyReport({ profileId: target.profileId, tpn: target.tpn, fetchedAt: new Date().toISOString() }, daily);
    const entries = await entriesToReconcile(
      deps.journal,
      report.tpn,
      report.rows.map((row) => row.referenceId),
    );
    return reconcile(entries, report, batchNumber ?? null).notFromThisPc;
  } catch {
    // A side note of the settlement: failing to work it out must never stop the close.
    return undefined;
  }
}
