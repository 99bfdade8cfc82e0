import type { DailyColumns, DailyReport, DailyReportSent, DailyRow } from './report-views';

// Daily's rows packed as columns for the trip from main to the page, and unpacked there. 10,000
// row objects that each repeat seven field names are 1.4 MB of JSON; as one list per field they
// are 0.6 MB, which the host writes and the page reads while the manager waits for the table
// (BENCHMARKS.md, "Daily's open"). Electron's IPC copies the lists faster too. No zod here: the
// page imports this module (the contract reads the columns, report-views.ts).

/** The fields a row may leave out: null in their lists where it does, the list itself left out when no row has one. */
const OPTIONAL_FIELDS = ['feeCents', 'taxCents', 'tipCents', 'figuresProblem'] as const;
type OptionalField = (typeof OPTIONAL_FIELDS)[number];

/** The report with its rows as columns, as reports:daily sends it. */
export function dailyToSend(report: DailyReport): DailyReportSent {
  const { rows, ...rest } = report;
  const columns: DailyColumns = {
    application: [],
    number: [],
    referenceId: [],
    cardType: [],
    transactionType: [],
    last4: [],
    amountCents: [],
  };
  const optional = columns as Partial<Record<OptionalField, unknown[]>>;
  // One pass by index: the main process builds this while the manager waits for the table.
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    columns.application.push(row.application);
    columns.number.push(row.number);
    columns.referenceId.push(row.referenceId);
    columns.cardType.push(row.cardType);
    columns.transactionType.push(row.transactionType);
    columns.last4.push(row.last4);
    columns.amountCents.push(row.amountCents);
    for (let at = 0; at < OPTIONAL_FIELDS.length; at += 1) {
      const field = OPTIONAL_FIELDS[at]!;
      const value = row[field];
      // A list starts at the first row with the field, null for the rows before it.
      if (value !== undefined) optional[field] ??= new Array<unknown>(index).fill(null);
      optional[field]?.push(value ?? null);
    }
  }
  return { ...rest, columns };
}

/** The report as the page reads it: rows again, each with only the fields it has. */
export function dailyReceived(sent: DailyReportSent): DailyReport {
  const { columns, ...rest } = sent;
  const optional = OPTIONAL_FIELDS.flatMap((field) => {
    const list = columns[field];
    return list ? [[field, list] as const] : [];
  });
  const rows = columns.referenceId.map((referenceId, index): DailyRow => {
    const row: DailyRow = {
      application: columns.application[index]!,
      number: columns.number[index]!,
      referenceId,
      cardType: columns.cardType[index]!,
      transactionType: columns.transactionType[index]!,
      last4: columns.last4[index]!,
      amountCents: columns.amountCents[index] ?? null,
    };
    for (const [field, list] of optional) {
      const value = list[index];
      if (value !== null && value !== undefined) (row as Record<OptionalField, unknown>)[field] = value;
    }
    return row;
  });
  return { ...rest, rows };
}
