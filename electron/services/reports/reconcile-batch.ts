import type { ReportInput } from '@shared/ipc/report-views';
import type { ReconciliationReport } from '@shared/ipc/reconciliation-views';
import type { Journal } from '../journal/journal';
import type { TerminalDeps } from '../terminal/terminal-call';
import { fetchDaily } from './fetch-reports';
import { reconcile } from './reconcile';
import { batchNumberOf } from './settle-probe';

/**
 * Reads the open batch (Daily, then Status of its newest transaction for the batch number) and
 * compares it with the journal. Nothing is sent that moves money; a failure to read Daily is shown
 * as it is, a Status that cannot name the batch only leaves the batch number out.
 */
export async function reconcileBatch(deps: TerminalDeps & { journal: Journal }, input: ReportInput): Promise<ReconciliationReport> {
  const daily = await fetchDaily(deps, input);
  const newest = daily.rows.findLast((row) => row.referenceId !== '')?.referenceId;
  const batchNumber = newest ? await batchNumberOf(deps, daily.profileId, newest).catch(() => undefined) : undefined;
  const findings = reconcile(await deps.journal.history(), daily, batchNumber ?? null);
  return { profileId: daily.profileId, tpn: daily.tpn, fetchedAt: daily.fetchedAt, batchNumber: batchNumber ?? null, ...findings };
}
