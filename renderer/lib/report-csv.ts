import { csvCount, csvMoney, csvNumber, toCsv, type CsvCell } from '@shared/csv';
import type { DailyReport, ReportTotals, SummaryReport } from '@shared/ipc/report-views';
import { dailyTotals, sumTotals } from './report-totals';

// The two reports as CSV files, built from the data on screen. The last line of each holds the
// totals, added up here in cents; the terminal's own totals stay in their columns.

const SUMMARY_HEADER = [
  'Merchant number',
  'Application',
  'Transactions',
  'Sales',
  'Returns',
  'Voids',
  'Auths',
  'Tickets',
  'Reversals',
  'Cash advance',
  'Total',
];

/** Count and the eight money columns of one line. */
function figures(t: ReportTotals): CsvCell[] {
  return [
    csvNumber(csvCount(t.count)),
    ...[t.sale, t.ret, t.void, t.auth, t.ticket, t.reversal, t.cashAdvance, t.total].map((c) => csvNumber(csvMoney(c))),
  ];
}

export function summaryCsv(report: SummaryReport): string {
  const rows = report.applications.map(({ merchantNumber, application, totals }) => [
    csvNumber(csvCount(merchantNumber)),
    application,
    ...figures(totals),
  ]);
  const all = sumTotals(report.applications.map((app) => app.totals));
  return toCsv(SUMMARY_HEADER, [...rows, ['', 'All applications', ...figures(all)]]);
}

const DAILY_HEADER = ['Application', 'Number', 'Reference ID', 'Card type', 'Transaction type', 'Last 4', 'Amount'];

export function dailyCsv(report: DailyReport): string {
  const rows = report.rows.map((row) => [
    row.application,
    row.number,
    row.referenceId,
    row.cardType,
    row.transactionType,
    row.last4,
    csvNumber(csvMoney(row.amountCents)),
  ]);
  const totals = dailyTotals(report);
  const total = (label: string, cents: number) => [
    'All applications',
    csvNumber(String(totals.rowCount)),
    '',
    '',
    label,
    '',
    csvNumber(csvMoney(cents)),
  ];
  const lines = [total('Total', totals.reportedCents ?? totals.computedCents)];
  // A terminal whose rows contradict its total: both figures go in, so the file shows the problem too.
  if (totals.reportedCents !== null && totals.reportedCents !== totals.computedCents)
    lines.push(total('Rows add up to', totals.computedCents));
  return toCsv(DAILY_HEADER, [...rows, ...lines]);
}

/** "spin-desk-daily-DESK00000001-20260131-1405.csv": sorts by date in a folder. */
export function reportFileName(kind: 'summary' | 'daily', tpn: string, at: Date, extension: 'csv' | 'pdf'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}`;
  return `spin-desk-${kind}-${tpn.replace(/[^\w-]/g, '')}-${stamp}.${extension}`;
}
