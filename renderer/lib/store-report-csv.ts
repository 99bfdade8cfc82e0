import { csvCount, csvMoney, csvNumber, toCsv, type CsvCell } from '@shared/csv';
import type { DayFigures, StoreReport } from './store-report';

// The store report as one CSV file: a line per terminal, then the store's line, which is those
// lines added up in cents (so it equals the sum of the per-terminal settlements). Voids and holds
// follow as their own lines, with their amounts in the "Not counted" column only.

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

export function storeReportCsv(report: StoreReport): string {
  const rows: CsvCell[][] = report.terminals.map((terminal) => [
    terminal.name,
    terminal.tpn,
    csvNumber(csvCount(terminal.merchantNumber)),
    terminal.settled ? terminal.settlementRef : 'Not settled',
    ...figures(terminal),
    '',
  ]);
  rows.push(['Store', '', '', '', ...figures(report.store), '']);
  for (const terminal of report.terminals)
    for (const line of terminal.uncounted)
      rows.push([
        terminal.name,
        terminal.tpn,
        '',
        `${line.kind === 'void' ? 'Void' : 'Hold'} ${line.referenceId}`,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        csvNumber(csvMoney(line.amountCents)),
      ]);
  return toCsv(HEADER, rows);
}
