import type { DailyReport, ReportInput, SummaryReport } from '@shared/ipc/report-views';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';
import type { Journal } from '../journal/journal';
import { capturedAuths } from '../lookups/captured-auths';
import { batchFees } from './batch-fees';
import { inReportLane } from '../terminal/report-lane';
import type { TerminalTarget } from '../profiles/profile-service';
import type { SpinRequest } from '../spin/spin-client';
import { toDailyReport, toSummaryReport, type Header } from './to-report';

// Summary and Daily only read the open batch, so they take the path of every request that moves
// no money (callTerminal: no journal); a failure is simply shown (SpinError -> envelope error
// with the code catalogue's explanation). They queue in the terminal's report lane.

/** Sends a report request and notes which terminal answered, for the report's header. */
async function report<N extends 'Summary' | 'Daily'>(deps: TerminalDeps, input: ReportInput, name: N) {
  let header: Header | undefined;
  // Never beside this PC's Settle or another report on the same terminal: it would be refused 2008.
  const response = await inReportLane(deps, input.profileId, () =>
    callTerminal(deps, input.profileId, name, (target: TerminalTarget) => {
      header = { profileId: target.profileId, tpn: target.tpn, fetchedAt: '' };
      // Nothing but the credentials the client fills in, and on a multi-merchant terminal Summary
      // names the profile's merchant (docs/PROTOCOL.md §2.5; Daily has no such field).
      const merchant = name === 'Summary' && target.merchantNumber ? { MerchantNumber: target.merchantNumber } : {};
      return merchant as SpinRequest<N>;
    }),
  );
  return { header: { ...(header as Header), fetchedAt: new Date().toISOString() }, response };
}

/** With the journal, the fees of this PC's charges in the open batch, when there are any (SummaryReport.feeCents). */
export async function fetchSummary(
  deps: TerminalDeps & { journal?: Pick<Journal, 'entries'> },
  input: ReportInput,
): Promise<SummaryReport> {
  const { header, response } = await report(deps, input, 'Summary');
  const summary = toSummaryReport(header, response);
  if (!deps.journal || summary.applications.length === 0) return summary;
  const fees = [...(await batchFees(deps.journal, summary.tpn)).values()];
  // A terminal without a fee program answers FeeAmount 0: no fee line then.
  return fees.some((fee) => fee !== 0) ? { ...summary, feeCents: fees.reduce((sum, fee) => sum + fee, 0) } : summary;
}

/**
 * With the journal, each row this PC sent gets its fee (batch-fees.ts) and the Auth rows this PC
 * captured since are named (DailyReport.capturedAuths).
 */
export async function fetchDaily(deps: TerminalDeps & { journal?: Pick<Journal, 'entries'> }, input: ReportInput): Promise<DailyReport> {
  const { header, response } = await report(deps, input, 'Daily');
  const daily = toDailyReport(header, response);
  if (!deps.journal || daily.rows.length === 0) return daily;
  const fees = await batchFees(deps.journal, daily.tpn);
  const rows =
    fees.size === 0
      ? daily.rows
      : daily.rows.map((row) => (fees.has(row.referenceId) ? { ...row, feeCents: fees.get(row.referenceId) } : row));
  const auths = new Set(rows.filter((row) => row.transactionType.toLowerCase() === 'auth').map((row) => row.referenceId));
  if (auths.size === 0) return { ...daily, rows };
  const captured = [...(await capturedAuths(deps.journal, daily.tpn)).values()]
    .map((capture) => capture.authRef)
    .filter((ref): ref is string => ref !== undefined && auths.has(ref));
  return captured.length > 0 ? { ...daily, rows, capturedAuths: captured } : { ...daily, rows };
}
