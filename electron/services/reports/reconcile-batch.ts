import type { ReportInput } from '@shared/ipc/report-views';
import type { ReconciliationReport } from '@shared/ipc/reconciliation-views';
import type { Journal } from '../journal/journal';
import { oldestFirst } from '../journal/entry-view';
import type { JournalEntry } from '../journal/records';
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
  const entries = await entriesToReconcile(
    deps.journal,
    daily.tpn,
    daily.rows.map((row) => row.referenceId),
  );
  const findings = reconcile(entries, daily, batchNumber ?? null);
  return { profileId: daily.profileId, tpn: daily.tpn, fetchedAt: daily.fetchedAt, batchNumber: batchNumber ?? null, ...findings };
}

/**
 * What reconcile() reads of the journal, newest first, without holding the whole history: the
 * terminal's entries back to its last approved Settle (included; older ones cannot be in the open
 * batch), and every use of a reference the batch lists that is older than that (for the note on a
 * transaction this PC did not expect).
 */
export async function entriesToReconcile(journal: Journal, tpn: string, refs: readonly string[]): Promise<JournalEntry[]> {
  const entries: JournalEntry[] = [];
  for await (const entry of journal.entries('newest', { tpn })) {
    entries.push(entry);
    if (entry.intent.op === 'Settle' && (entry.outcome?.result === 'approved' || entry.outcome?.result === 'partial')) break;
  }
  const seen = new Set(entries.map((entry) => entry.intent.id));
  // reconcile() names a reference's newest use with exactly that spelling: if one is among the
  // entries already, it is the newest; else it is among the uses read here.
  const seenRefs = new Set(entries.map((entry) => entry.intent.ref));
  for (const ref of new Set(refs)) {
    if (ref === '' || seenRefs.has(ref)) continue;
    for (const entry of await journal.usesOf(tpn, ref)) {
      if (!seen.has(entry.intent.id)) entries.push(entry);
      seen.add(entry.intent.id);
    }
  }
  return entries.sort((a, b) => oldestFirst(b, a));
}
