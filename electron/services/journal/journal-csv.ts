import { setTimeout as wait } from 'node:timers/promises';
import { csvLine, csvMoney, csvNumber, type CsvCell } from '@shared/csv';
import { chargeCheckShort } from '@shared/ipc/tip-rules';
import { BASE_LANGUAGE } from '@shared/i18n/languages';
import { outcomeChargeCheck } from './charge-check';
import { signOfOperation } from '@shared/ipc/money-model';
import { moneyCells, moved, MONEY_COLUMNS, TipChanges, type MoneyCells } from './csv-money';
import { stateOf, toEntryView } from './entry-view';
import type { Journal } from './journal';
import type { EntryFilter } from './journal-query';
import type { JournalEntry } from './records';

// CSV of journal entries for a spreadsheet or an accountant. Redacted by construction: the journal
// never holds an Authkey, and only brand, first 4 and last 4 of a card are exported (cut again
// here, so a damaged line cannot leak more). Amounts are dollars with two decimals, signed as History
// shows them, returns and voids negative in every money column, 0.00 in each where an entry moved no
// money (csv-money.ts says what each money column holds). Quoting and formula defusing are shared/csv.ts's; every text cell goes
// through them, and the money cells are numbers.

// Times are ISO 8601 in UTC (the trailing Z); the column names say so, for whoever reads them as
// local times in a spreadsheet.
const COLUMNS = [
  'created_at_utc',
  'operation',
  'reference_id',
  'tpn',
  'profile_id',
  'payment_type',
  ...MONEY_COLUMNS.early,
  'state',
  'status_code',
  'message',
  'auth_code',
  'transaction_number',
  'batch_number',
  'approved_amount',
  'card_brand',
  'card_first4',
  'card_last4',
  'recovered_by',
  'recovery_reason',
  'unknown_reason',
  'outcome_at_utc',
  // Added with the charge check; last, so spreadsheets built on the older columns still line up.
  'terminal_total',
  'charge_check',
  // Added with the money model (csv-money.ts): the figures that add up to the screen's.
  ...MONEY_COLUMNS.late,
  // Added with issue 36: what was asked (moves nothing) and the parts of `charged`.
  ...MONEY_COLUMNS.parts,
  // Added with issue 38: why an approval's money cells are empty (its figures do not add up).
  'terminal_figures',
] as const;

/** Where the late money cells and the last ones start in a row (TipChanges fills some of them). */
const MONEY_AT = { late: COLUMNS.indexOf(MONEY_COLUMNS.late[0]), parts: COLUMNS.indexOf(MONEY_COLUMNS.parts[0]) };

function row(entry: JournalEntry, cells: MoneyCells): CsvCell[] {
  const { intent, outcome } = entry;
  const card = outcome?.card;
  const check = outcome && outcomeChargeCheck(intent, outcome);
  // What the terminal said, signed like every money column; nothing said stays empty, and what an
  // entry that moved no money said counts 0 (it moved none).
  const said = (cents: number | undefined): CsvCell => {
    if (intent.op === 'Settle' || cents === undefined) return csvNumber(csvMoney(cents));
    return csvNumber(csvMoney(moved({ state: stateOf(entry) }) ? signOfOperation(intent.op) * cents || 0 : 0));
  };
  return [
    intent.at,
    intent.op,
    intent.ref,
    intent.tpn,
    intent.profileId,
    intent.paymentType ?? '',
    ...cells.early,
    stateOf(entry),
    outcome?.statusCode ?? '',
    outcome?.message ?? '',
    outcome?.authCode ?? '',
    outcome?.transactionNumber ?? '',
    outcome?.batchNumber ?? '',
    said(outcome?.approvedCents),
    card?.brand ?? '',
    (card?.first4 ?? '').slice(0, 4),
    (card?.last4 ?? '').slice(-4),
    outcome?.recovery?.how ?? '',
    outcome?.recovery?.reason ?? '',
    entry.unknownReason ?? '',
    outcome?.at ?? '',
    said(outcome?.totalCents),
    check ? chargeCheckShort(check, BASE_LANGUAGE) : '',
    ...cells.late,
    ...cells.parts,
    outcome?.figuresProblem ?? '',
  ];
}

/** What the CSV is read from: the entries in export order, and a transaction's earlier uses of its reference (csv-money.ts, TipChanges). */
export type CsvSource = Pick<Journal, 'entries' | 'usesOf'>;

/** Rows per piece of text handed on: a few hundred KB, so a 1,000,000-entry export never holds more. */
const ROWS_PER_CHUNK = 1_000;
/**
 * How long the export may hold the event loop before it lets others run: a sale through the same
 * process takes several turns (the request, the journal, the terminal's answer), each of which
 * may wait this long behind it (BENCHMARKS.md: a sale's p99 during an export).
 */
const TURN_MS = 3;

/**
 * The CSV of every entry matching `filter`, newest first, as pieces of text (the header first, then
 * up to ROWS_PER_CHUNK rows each, every line ending in CRLF): written to a file or an HTTP response
 * piece by piece, so an export of any size holds one piece. Built in one string, 1,000,000 entries
 * were 237 MB of CSV and 3.1 GB of host memory, and a sale during it took 5.4 s. Every TURN_MS of
 * work it rests as long, so other requests run. `counted.rows` is the number
 * of rows once the last piece was given.
 */
export async function* csvChunks(
  source: CsvSource,
  filter: EntryFilter = {},
  counted: { rows: number } = { rows: 0 },
  order: 'newest' | 'oldest' = 'newest',
): AsyncGenerator<string, void, undefined> {
  yield `${csvLine(COLUMNS)}\r\n`;
  const tipChanges = new TipChanges(async (view) => (await source.usesOf(view.tpn, view.referenceId)).map((use) => toEntryView(use)));
  let lines: string[] = [];
  let turnStarted = performance.now();
  for await (const entry of source.entries(order, filter)) {
    const worked = performance.now() - turnStarted;
    if (worked >= TURN_MS) {
      // Then as long a rest: the export takes at most half of the event loop, so a payment's next
      // step meets an idle loop at least as often as a busy one (with only a turn of its own
      // between them, a sale's p99 was 3.6x during a 1,000,000-entry export on a loaded machine).
      await wait(worked);
      turnStarted = performance.now();
    }
    const view = toEntryView(entry);
    const cells = moneyCells(view);
    const cellsOfRow = row(entry, cells);
    await tipChanges.fill(view, cellsOfRow, MONEY_AT);
    lines.push(csvLine(cellsOfRow));
    counted.rows += 1;
    if (lines.length >= ROWS_PER_CHUNK) {
      yield `${lines.join('\r\n')}\r\n`;
      lines = [];
    }
  }
  if (lines.length > 0) yield `${lines.join('\r\n')}\r\n`;
}

/** The whole CSV as one string: for journal:exportCsv and tests, whose exports are small. The app's Export streams (csvChunks). */
export async function toCsv(
  source: CsvSource,
  filter: EntryFilter = {},
  order: 'newest' | 'oldest' = 'newest',
): Promise<{ csv: string; rows: number }> {
  const counted = { rows: 0 };
  let csv = '';
  for await (const chunk of csvChunks(source, filter, counted, order)) csv += chunk;
  return { csv, rows: counted.rows };
}
