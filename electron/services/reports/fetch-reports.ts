import type { DailyReport, DailyRow, ReportInput, SummaryReport } from '@shared/ipc/report-views';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';
import type { Journal } from '../journal/journal';
import { capturedAuths } from '../lookups/captured-auths';
import { batchParts, type ChargeParts } from './batch-fees';
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

/**
 * With the journal, the tips, fees and tax on the fees of this PC's charges in the open batch, when
 * there are any (SummaryReport.tipCents, feeCents, taxCents).
 */
export async function fetchSummary(
  deps: TerminalDeps & { journal?: Pick<Journal, 'entries'> },
  input: ReportInput,
): Promise<SummaryReport> {
  const { header, response } = await report(deps, input, 'Summary');
  const summary = toSummaryReport(header, response);
  if (!deps.journal || summary.applications.length === 0) return summary;
  const all = await batchParts(deps.journal, summary.tpn);
  // Figures that do not add up are never summed as if true; the report names what it left out.
  const figuresLeftOut = [...all].flatMap(([referenceId, part]) =>
    part.figuresProblem ? [{ referenceId, problem: part.figuresProblem }] : [],
  );
  const parts = [...all.values()].filter((part) => part.figuresProblem === undefined);
  const add = (pick: (part: (typeof parts)[number]) => number) => parts.reduce((sum, part) => sum + pick(part), 0);
  const tipCents = add((part) => part.tipCents);
  // A terminal without a fee program answers FeeAmount 0: no fee line then.
  const fees = parts.some((part) => (part.feeCents ?? 0) !== 0)
    ? { feeCents: add((part) => part.feeCents ?? 0), taxCents: add((part) => part.taxCents) }
    : {};
  return { ...summary, ...(tipCents !== 0 ? { tipCents } : {}), ...fees, ...(figuresLeftOut.length > 0 ? { figuresLeftOut } : {}) };
}

/** A Daily row with what this PC's journal knows of it: the fee its answer named, the tax on it, its tip (0s left out). */
function withParts(row: DailyRow, parts: ChargeParts | undefined): DailyRow {
  if (!parts) return row;
  if (parts.figuresProblem !== undefined) return { ...row, figuresProblem: parts.figuresProblem };
  return {
    ...row,
    ...(parts.feeCents !== undefined ? { feeCents: parts.feeCents } : {}),
    ...(parts.taxCents !== 0 ? { taxCents: parts.taxCents } : {}),
    ...(parts.tipCents !== 0 ? { tipCents: parts.tipCents } : {}),
  };
}

/**
 * With the journal, each row this PC sent gets its fee, tax on it and tip (batch-fees.ts) and the Auth rows this PC
 * captured since are named (DailyReport.capturedAuths).
 */
export async function fetchDaily(deps: TerminalDeps & { journal?: Pick<Journal, 'entries'> }, input: ReportInput): Promise<DailyReport> {
  const { header, response } = await report(deps, input, 'Daily');
  const daily = toDailyReport(header, response);
  if (!deps.journal || daily.rows.length === 0) return daily;
  const parts = await batchParts(deps.journal, daily.tpn);
  const rows = parts.size === 0 ? daily.rows : daily.rows.map((row) => withParts(row, parts.get(row.referenceId)));
  const auths = new Set(rows.filter((row) => row.transactionType.toLowerCase() === 'auth').map((row) => row.referenceId));
  if (auths.size === 0) return { ...daily, rows };
  const captured = [...(await capturedAuths(deps.journal, daily.tpn)).values()]
    .map((capture) => capture.authRef)
    .filter((ref): ref is string => ref !== undefined && auths.has(ref));
  return captured.length > 0 ? { ...daily, rows, capturedAuths: captured } : { ...daily, rows };
}
