import { csvCount, csvMoney, csvNumber, toCsv, type CsvCell } from '@shared/csv';
import { notSentWords, type DayFigures, type StoreReport, type TerminalReport } from './store-report';

// The store report as one CSV file: a line per terminal, then the store's line, which is those
// lines added up in cents (so it equals the sum of the per-terminal settlements). Voids and holds
// follow as their own lines, with their amounts in the "Not counted" column only; then the batches'
// transactions this PC did not send (already in the totals above), in the last column only.

const HEADER = [
  'Terminal',
  'TPN',
  'Merchant',
  'Settlement reference',
  'Transactions',
  'Sales and captures',
  'Returns',
  'Net',
  'Voided (not counted)',
  'Tips',
  'Fees',
  'Not counted',
  'Not sent from this PC',
];

function figures(f: DayFigures): CsvCell[] {
  const cents = (value: number) => csvNumber(csvMoney(value));
  return [
    csvNumber(csvCount(f.count)),
    cents(f.salesCents),
    cents(f.returnsCents),
    cents(f.netCents),
    cents(f.voidedCents),
    cents(f.tipsCents),
    cents(f.feesCents),
  ];
}

/** A line of its own under the totals: the terminal, what it is, and its amount in the one column named. */
function sideLine(terminal: TerminalReport, what: string, column: 'Not counted' | 'Not sent from this PC', cents: number): CsvCell[] {
  const line: CsvCell[] = [terminal.name, terminal.tpn, '', what, ...HEADER.slice(4).map(() => '')];
  line[HEADER.indexOf(column)] = csvNumber(csvMoney(cents));
  return line;
}

export function storeReportCsv(report: StoreReport): string {
  const rows: CsvCell[][] = report.terminals.map((terminal) => [
    terminal.name,
    terminal.tpn,
    csvNumber(csvCount(terminal.merchantNumber)),
    terminal.settled ? terminal.settlementRef : 'Not settled',
    ...figures(terminal),
    '',
    // Which of the batch's transactions came from another register is known only when the Settle kept it.
    terminal.settled && terminal.notSentHere === null ? 'Not known' : '',
  ]);
  rows.push(['Store', '', '', '', ...figures(report.store), '', '']);
  for (const terminal of report.terminals)
    for (const line of terminal.uncounted)
      rows.push(sideLine(terminal, `${line.kind === 'void' ? 'Void' : 'Hold'} ${line.referenceId}`, 'Not counted', line.amountCents));
  for (const terminal of report.terminals)
    for (const item of terminal.notSentHere ?? [])
      rows.push(sideLine(terminal, `Not sent from this PC: ${notSentWords(item)}`, 'Not sent from this PC', item.countedCents));
  return toCsv(HEADER, rows);
}
