import { csvCount, csvMoney, csvNumber, toCsv, type CsvCell } from '@shared/csv';
import type { DailyReport, ReportTotals, SettleResult, SummaryReport } from '@shared/ipc/report-views';
import { countedCents, signOf } from '@shared/ipc/money-sign';
import type { ReconciliationReport } from '@shared/ipc/reconciliation-views';
import { NOT_COUNTED, rowPartCents } from './report-format';
import { dailyTotals, sumTotals } from './report-totals';
import { batchTotalLabel, bridgeLines, operationWords } from './reconciliation-lines';
import { moneyIn, settledTotals } from './settlement-totals';
import { SUMMARY_COLUMNS, TOTAL_PART_LABELS, totalParts } from './summary-columns';

// The reports, the settlement and the reconciliation as CSV files, built from the data on screen. The last line of each holds the
// totals, added up here in cents; the terminal's own totals stay in their columns.

/** Count and the money columns of one line, in the screen's order; returns negative. */
function figures(t: ReportTotals): CsvCell[] {
  return [
    csvNumber(csvCount(t.count)),
    ...SUMMARY_COLUMNS.map((column) => {
      const cents = t[column.key];
      return csvNumber(csvMoney(column.out && cents !== null ? -cents : cents));
    }),
  ];
}

/**
 * The merchant account of each line (issue 27 item 6): the terminal's, else the profile's
 * MerchantNumber (null when the profile has none), so a multi-merchant export says whose it is.
 */
export function summaryCsv(report: SummaryReport, profileMerchant: number | null = null): string {
  const rows = report.applications.map(({ merchantNumber, application, totals }) => [
    csvNumber(csvCount(merchantNumber ?? profileMerchant)),
    application,
    ...figures(totals),
  ]);
  const all = sumTotals(report.applications.map((app) => app.totals));
  // What the total is made of, on the all-applications line only, in columns named "Of the total"
  // so no one adds them to it: the fee is in the Total already (summing Total must not count it twice).
  const parts = totalParts(report);
  const header = [
    'Merchant account',
    'Application',
    'Transactions',
    ...SUMMARY_COLUMNS.map((column) => column.label),
    ...TOTAL_PART_LABELS.map(({ label }) => `Of the total: ${label}`),
  ];
  const noParts = TOTAL_PART_LABELS.map(() => '');
  const partCells = parts === null ? noParts : TOTAL_PART_LABELS.map(({ key }) => csvNumber(csvMoney(parts[key])));
  return toCsv(header, [...rows.map((row) => [...row, ...noParts]), ['', 'All applications', ...figures(all), ...partCells]]);
}

const DAILY_HEADER = [
  'Merchant account',
  'Application',
  'Number',
  'Reference',
  'Card type',
  'Transaction type',
  'Last 4',
  'Amount',
  'Counted in total',
  // Last: from this PC's journal, not the report (DailyRow.feeCents, tipCents, taxCents), each a part
  // of the amount counted; older spreadsheets still line up.
  'Fee',
  'Tip',
  'Tax on fee',
];

/** The journal's parts of a row in the order of the header's last columns. */
const DAILY_PARTS = ['feeCents', 'tipCents', 'taxCents'] as const;

/** Each row's merchant account as summaryCsv's: its application's, else the profile's. */
export function dailyCsv(report: DailyReport, profileMerchant: number | null = null): string {
  const merchantOf = new Map(report.applications.map((app) => [app.application, app.merchantNumber]));
  const rows = report.rows.map((row) => {
    const counted = countedCents(row.transactionType, row.amountCents);
    const amount = row.amountCents !== null && signOf(row.transactionType) < 0 ? -row.amountCents : row.amountCents;
    return [
      csvNumber(csvCount(merchantOf.get(row.application) ?? profileMerchant)),
      row.application,
      row.number,
      row.referenceId,
      row.cardType,
      row.transactionType,
      row.last4,
      csvNumber(csvMoney(amount)),
      counted === null ? NOT_COUNTED : csvNumber(csvMoney(counted)),
      ...DAILY_PARTS.map((part) => csvNumber(csvMoney(rowPartCents(row, part)))),
    ];
  });
  const totals = dailyTotals(report);
  const total = (label: string, cents: number, parts: readonly (number | null)[] = DAILY_PARTS.map(() => null)) => [
    '',
    'All applications',
    csvNumber(String(totals.rowCount)),
    '',
    '',
    label,
    '',
    '',
    csvNumber(csvMoney(cents)),
    ...parts.map((part) => csvNumber(csvMoney(part))),
  ];
  // The total is what the lines above add up to; a terminal whose own total differs gets a second line.
  const lines = [
    total(
      'Total',
      totals.computedCents,
      DAILY_PARTS.map((part) => totals[part]),
    ),
  ];
  if (totals.reportedCents !== null && totals.reportedCents !== totals.computedCents)
    lines.push(total("Terminal's own total", totals.reportedCents));
  return toCsv(DAILY_HEADER, [...rows, ...lines]);
}

const SETTLEMENT_HEADER = [
  'Application',
  'Merchant',
  'Batch',
  'Host status',
  'Message',
  'Transactions',
  'Sales and captures',
  'Returns',
  'Total',
  'Voided (not counted)',
];

/** One line per application the terminal closed, then the applications added up in cents. */
export function settlementCsv(result: SettleResult): string {
  const line = (totals: ReportTotals | null): CsvCell[] => [
    csvNumber(csvCount(totals?.count)),
    csvNumber(csvMoney(totals && moneyIn(totals))),
    csvNumber(csvMoney(totals?.ret === null || totals?.ret === undefined ? null : -totals.ret)),
    csvNumber(csvMoney(totals?.total)),
    csvNumber(csvMoney(totals?.void)),
  ];
  const rows = result.details.map((detail) => [
    detail.application,
    detail.merchantName,
    detail.batchNumber,
    detail.hostStatus,
    detail.detailedMessage,
    ...line(detail.totals),
  ]);
  return toCsv(SETTLEMENT_HEADER, [...rows, ['All applications', '', '', '', '', ...line(settledTotals(result))]]);
}

const CHECK_HEADER = ['Finding', 'Reference', 'Number', 'What', 'Last 4', 'This PC counts', 'The batch counts', 'Note'];

/** The end-of-day check: one line per finding, then the lines of the bridge and the batch total. */
export function reconciliationCsv(report: ReconciliationReport): string {
  const cents = (value: number | null) => csvNumber(csvMoney(value));
  const rows: CsvCell[][] = [
    ...report.missingFromBatch.map((item) => [
      'Missing from the batch',
      item.referenceId,
      '',
      operationWords(item, 'en'),
      item.last4,
      cents(item.countedCents),
      '',
      '',
    ]),
    ...report.notFromThisPc.map((item) => [
      'Not sent from this PC',
      item.referenceId,
      item.number,
      item.transactionType,
      item.last4,
      '',
      cents(item.countedCents),
      item.journalNote,
    ]),
    ...report.mismatches.map((item) => [
      'Different in the batch',
      item.referenceId,
      item.number,
      `${item.journalType} / ${item.batchType}`,
      '',
      cents(item.journalCents),
      cents(item.batchCents),
      item.explanation,
    ]),
    ...bridgeLines(report, 'en').map((line) => [line.label, '', '', '', '', cents(line.cents), '', '']),
    [batchTotalLabel('en'), '', '', '', '', '', cents(report.totals.batchCents), ''],
  ];
  return toCsv(CHECK_HEADER, rows);
}

/** "spin-desk-daily-DESK00000001-20260131-1405.csv": sorts by date in a folder. */
export function reportFileName(
  kind: 'summary' | 'daily' | 'settlement' | 'check' | 'store',
  tpn: string,
  at: Date,
  extension: 'csv' | 'pdf',
): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}`;
  // The store report covers every terminal: no TPN in its name.
  const terminal = tpn.replace(/[^\w-]/g, '');
  return `spin-desk-${kind}${terminal ? `-${terminal}` : ''}-${stamp}.${extension}`;
}
