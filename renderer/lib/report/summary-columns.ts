import type { SummaryReport } from '@shared/ipc/report-views';
import { formatMoney } from '@shared/spin/money';
import { m } from '../i18n/messages';
import type { TotalKey } from './report-totals';

/**
 * The Summary's money columns in the order they add up: what counts toward the total (money in,
 * then returns as negative figures), the total, then what the terminal lists but does not count.
 * Shared by the screen, the print layout and the CSV file.
 */
export interface SummaryColumn {
  key: TotalKey;
  /** The CSV file's column name: machine format, English always. */
  label: string;
  /** The heading a person reads, in the chosen language. */
  name: () => string;
  /** A column not counted, named without "(not counted)" for the lines that already say so. */
  asideName?: () => string;
  /** Returns: money given back, shown negative. */
  out?: boolean;
  /** Listed for information; not part of the total. */
  notCounted?: boolean;
}

export const SUMMARY_COLUMNS: readonly SummaryColumn[] = [
  { key: 'sale', label: 'Sales', name: m.report_col_sales },
  { key: 'ticket', label: 'Captures', name: m.report_col_captures },
  { key: 'cashAdvance', label: 'Cash withdrawals', name: m.report_col_cash_withdrawals },
  { key: 'ret', label: 'Returns', name: m.report_col_returns, out: true },
  { key: 'total', label: 'Total', name: m.report_col_total },
  { key: 'void', label: 'Voided (not counted)', name: m.report_col_voided_not_counted, asideName: m.report_col_voided, notCounted: true },
  { key: 'auth', label: 'Open holds (not counted)', name: m.report_col_holds_not_counted, asideName: m.report_col_holds, notCounted: true },
  {
    key: 'reversal',
    label: 'Reversed (not counted)',
    name: m.report_col_reversed_not_counted,
    asideName: m.report_col_reversed,
    notCounted: true,
  },
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

/**
 * The parts in the order they add up: `label` names the CSV's columns (English always), `words`
 * says an amount of it in the chosen language.
 */
export const TOTAL_PART_LABELS = [
  { key: 'baseCents', label: 'amounts before tip and fee', words: m.report_part_base },
  { key: 'tipCents', label: 'tips', words: m.report_part_tips },
  { key: 'feeCents', label: 'fees', words: m.report_part_fees },
  { key: 'taxCents', label: 'tax on the fees', words: m.report_part_tax },
] as const;

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

/**
 * "Total $98.24 = $80.00 amounts before tip and fee + $15.00 tips + $3.00 fees + $0.24 tax on the
 * fees (tips, fees and tax … sent from this PC).", parts of 0 left out: a sum, each term one message.
 */
export function totalPartsLine(parts: TotalParts): string {
  const shown = TOTAL_PART_LABELS.filter(({ key }) => key === 'baseCents' || parts[key] !== 0);
  const sum = `${formatMoney(parts.totalCents)} = ${shown.map(({ key, words }) => words({ amount: formatMoney(parts[key]) })).join(' + ')}`;
  return m.report_total_parts_line({ parts: sum, source: m.report_parts_source() });
}
