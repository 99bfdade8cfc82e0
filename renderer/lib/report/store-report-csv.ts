import { csvCount, csvMoney, csvNumber, toCsv, type CsvCell } from '@shared/csv';
import { notSentWords, uncountedLabel, type DayFigures, type StoreReport, type TerminalReport, type TerminalStatus } from './store-report';

// The store report as one CSV file: a line per terminal, then the store's line, which is the
// settled lines added up in cents (so it equals the sum of every settlement of the day). A
// terminal out of the store line (not settled, totals not known) has its figure cells empty and
// what this PC recorded on it in its own column. Amount + Tips + Fees + Tax on fees = Total, returns
// negative in each. Voids and holds follow as their own lines, with their amounts in the
// "Not counted" column only; then the batches' transactions this PC did not send (already in the
// totals above), in the last column only.

const HEADER = [
  'Terminal',
  'TPN',
  'Merchant',
  'Status',
  'Settlement references',
  'Transactions',
  'Sales and captures',
  'Returns',
  'Net',
  'Voided (not counted)',
  'Payments from this PC',
  'Amount',
  'Tips',
  'Fees',
  'Tax on fees',
  'Total',
  'Recorded by this PC (not in the store line)',
  'Not counted',
  'Not sent from this PC',
];

const FIGURES = HEADER.indexOf('Transactions');
const RECORDED = HEADER.indexOf('Recorded by this PC (not in the store line)');

export const STATUS_WORDS: Record<TerminalStatus, string> = {
  settled: 'Settled',
  'totals-unknown': 'Settled, totals not known',
  'not-settled': 'Not settled',
  'nothing-to-settle': 'Nothing to settle',
};

const cents = (value: number) => csvNumber(csvMoney(value));

function figures(f: DayFigures): CsvCell[] {
  return [
    csvNumber(csvCount(f.count)),
    ...[f.salesCents, f.returnsCents, f.netCents, f.voidedCents].map(cents),
    csvNumber(csvCount(f.payments)),
    ...[f.baseCents, f.tipsCents, f.feesCents, f.feeTaxCents, f.totalCents].map(cents),
  ];
}

const BLANK_FIGURES: CsvCell[] = HEADER.slice(FIGURES, RECORDED).map(() => '');

/** A line of its own under the totals: the terminal, what it is, and its amount in the one column named. */
function sideLine(terminal: TerminalReport, what: string, column: 'Not counted' | 'Not sent from this PC', amount: number): CsvCell[] {
  const line: CsvCell[] = [terminal.name, terminal.tpn, '', '', what, ...HEADER.slice(FIGURES).map(() => '')];
  line[HEADER.indexOf(column)] = cents(amount);
  return line;
}

export function storeReportCsv(report: StoreReport): string {
  const rows: CsvCell[][] = report.terminals.map((terminal) => {
    const counted = terminal.status === 'settled';
    return [
      terminal.name,
      terminal.tpn,
      csvNumber(csvCount(terminal.merchantNumber)),
      STATUS_WORDS[terminal.status],
      terminal.settlements.map((settlement) => settlement.referenceId).join(' '),
      ...(counted ? figures(terminal) : BLANK_FIGURES),
      counted ? '' : cents(terminal.recorded.totalCents),
      '',
      // Which of the batch's transactions came from another register is known only when the Settle kept it.
      terminal.notSentUnknown !== null ? 'Not known' : '',
    ];
  });
  rows.push(['Store', '', '', '', '', ...figures(report.store), '', '', '']);
  for (const terminal of report.terminals)
    for (const line of terminal.uncounted)
      rows.push(sideLine(terminal, `${uncountedLabel(line, 'en')} ${line.referenceId}`, 'Not counted', line.amountCents));
  for (const terminal of report.terminals)
    for (const item of terminal.notSentHere ?? [])
      rows.push(sideLine(terminal, `Not sent from this PC: ${notSentWords(item)}`, 'Not sent from this PC', item.countedCents));
  return toCsv(HEADER, rows);
}
