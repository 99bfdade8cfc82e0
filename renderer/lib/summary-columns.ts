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

/** The Summary's fee line: the report has no fee, so it is this PC's journal's (SummaryReport.feeCents). */
export const FEES_LABEL = 'Fees in the total, from payments sent from this PC';
