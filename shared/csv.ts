// CSV for spreadsheets (RFC 4180): fields joined with commas, lines with CRLF, a field quoted when
// it holds a comma, a quote or a line break. Text a spreadsheet would run as a formula (=, +, -, @,
// tab or CR first) is defused with a leading apostrophe: terminal data is not trusted input.
// Amounts are written as plain dollars ("-12.50"), which every spreadsheet reads as a number.

/** One text field, quoted and defused as needed. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Integer cents as plain dollars with two decimals; '' for a missing amount. Never defused: it is a number. */
export function csvMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a whole number, got ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function csvCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A cell is text unless it was already made with csvMoney/csvCount. */
export type CsvCell = string | { number: string };

export function csvNumber(text: string): CsvCell {
  return { number: text };
}

/** One line of cells, without its CRLF (for a file built a row at a time). */
export function csvLine(row: readonly CsvCell[]): string {
  return row.map((value) => (typeof value === 'string' ? csvField(value) : value.number)).join(',');
}

/** The whole file: a header line and one line per row, CRLF after each. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [csvLine(header)];
  for (const row of rows) lines.push(csvLine(row));
  return `${lines.join('\r\n')}\r\n`;
}
