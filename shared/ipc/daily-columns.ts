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
    application: rows.map((row) => row.application),
    number: rows.map((row) => row.number),
    referenceId: rows.map((row) => row.referenceId),
    cardType: rows.map((row) => row.cardType),
    transactionType: rows.map((row) => row.transactionType),
    last4: rows.map((row) => row.last4),
    amountCents: rows.map((row) => row.amountCents),
  };
  for (const field of OPTIONAL_FIELDS) {
    if (rows.some((row) => row[field] !== undefined))
      (columns as Record<OptionalField, unknown[]>)[field] = rows.map((row) => row[field] ?? null);
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
