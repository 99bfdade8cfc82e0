import type { SummaryReport } from '@shared/ipc/report-views';
import { formatMoney } from '@shared/spin/money';
import type { TotalKey } from './report-totals';

/**
 * The Summary's money columns in the order they add up: what counts toward the total (money in,
 * then returns as negative figures), the total, then what the terminal lists but does not count.
 * Shared by the screen, the print layout and the CSV file.
 */
export interface SummaryColumn {
  key: TotalKey;
  label: string;
  /** Returns: money given back, shown negative. */
  out?: boolean;
  /** Listed for information; not part of the total. */
  notCounted?: boolean;
}

export const SUMMARY_COLUMNS: readonly SummaryColumn[] = [
  { key: 'sale', label: 'Sales' },
  { key: 'ticket', label: 'Captures' },
  { key: 'cashAdvance', label: 'Cash withdrawals' },
  { key: 'ret', label: 'Returns', out: true },
  { key: 'total', label: 'Total' },
  { key: 'void', label: 'Voided (not counted)', notCounted: true },
  { key: 'auth', label: 'Open holds (not counted)', notCounted: true },
  { key: 'reversal', label: 'Reversed (not counted)', notCounted: true },
];

/**
 * What the Summary's total is made of: the report has no tip, fee or tax (docs/PROTOCOL.md §4.1,
 * "Fees"), so those are this PC's journal's (SummaryReport.tipCents, feeCents, taxCents) and the
 * amounts before tip and fee are the rest, so the parts always add up to the terminal's total.
 * Shared by the screen, the print layout and the CSV file.
 */
export interface TotalParts {
  totalCents: number;
  baseCents: number;
  tipCents: number;
  feeCents: number;
  taxCents: number;
}

/** The parts in the order they add up, with the words every surface uses for them. */
export const TOTAL_PART_LABELS = [
  { key: 'baseCents', label: 'amounts before tip and fee' },
  { key: 'tipCents', label: 'tips' },
  { key: 'feeCents', label: 'fees' },
  { key: 'taxCents', label: 'tax on the fees' },
] as const;

/** Whose tips, fees and tax they are: said under the line and in the CSV's column names. */
export const PARTS_SOURCE = 'tips, fees and tax on the fees of the payments sent from this PC';

/** The parts of a Summary's total; null when the journal knows no tip or fee in it, or the terminal gave no total. */
export function totalParts(report: Pick<SummaryReport, 'applications' | 'tipCents' | 'feeCents' | 'taxCents'>): TotalParts | null {
  if (report.tipCents === undefined && report.feeCents === undefined) return null;
  const totals = report.applications.map((app) => app.totals.total);
  if (totals.length === 0 || totals.some((total) => total === null)) return null;
  const totalCents = totals.reduce<number>((sum, total) => sum + (total ?? 0), 0);
  const tipCents = report.tipCents ?? 0;
  const feeCents = report.feeCents ?? 0;
  const taxCents = report.taxCents ?? 0;
  return { totalCents, baseCents: totalCents - tipCents - feeCents - taxCents, tipCents, feeCents, taxCents };
}

/** "$98.24 = $80.00 amounts before tip and fee + $15.00 tips + $3.00 fees + $0.24 tax on the fees", parts of 0 left out. */
export function totalPartsWords(parts: TotalParts): string {
  const shown = TOTAL_PART_LABELS.filter(({ key }) => key === 'baseCents' || parts[key] !== 0);
  return `${formatMoney(parts.totalCents)} = ${shown.map(({ key, label }) => `${formatMoney(parts[key])} ${label}`).join(' + ')}`;
}
