// Every total explains itself, for one terminal (issue 36, items 2 and 7): against the real simulator
// on a 3 % surcharge with 8 % tax on the fee, a $100.00 Credit sale with a $10.00 tip (the card pays
// $113.24), its tip adjusted to $15.00, a decline, a cancel, a sale the terminal never took (not connected),
// a $20.00 return and a $50.00 sale voided. The same figures are computed from the History CSV, the
// terminal's own Summary, the Summary CSV and the Daily CSV, and must agree: base + tip + fee + tax on
// the fee = total on each, and the money-moved columns add up to the terminal's total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../simulator';
import { fakeTpn, fastDeps, startFakeSimulator } from '../support/money-move-kit';
import { MemoryJournal } from '../../electron/services/journal/sqlite-journal';
import { toCsv } from '../../electron/services/journal/journal-csv';
import { runSale } from '../../electron/services/payments/sale';
import { runReturn } from '../../electron/services/payments/return';
import { runTipAdjust } from '../../electron/services/payments/tip-adjust';
import { runVoid } from '../../electron/services/payments/void';
import { fetchDaily, fetchSummary } from '../../electron/services/reports/fetch-reports';
import { ReturnForm, SaleForm, TipAdjustForm, VoidForm } from '@shared/ipc/payment-views';
import type { DailyReport, SummaryReport } from '@shared/ipc/report-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { chargedWords, moneyOfRecord } from '@shared/ipc/money-model';
import { dailyCsv, summaryCsv } from '../../renderer/lib/report/report-csv';

let sim: RunningSimulator;
const TPN = fakeTpn(1);
const journal = new MemoryJournal();
let sale: PaymentResult;
let summary: SummaryReport;
let daily: DailyReport;

/** RFC 4180 rows (quoted fields, doubled quotes) as records by the header's names. */
function csvRecords(csv: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < csv.length; i += 1) {
    const char = csv[i];
    if (quoted && char === '"' && csv[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (char === '"') quoted = !quoted;
    else if (quoted || (char !== ',' && char !== '\r' && char !== '\n')) field += char;
    else if (char === ',') endField();
    else if (char === '\n') {
      endField();
      rows.push(row);
      row = [];
    }
  }
  const [head = [], ...body] = rows;
  return body.map((cells) => Object.fromEntries(head.map((name, index) => [name, cells[index] ?? ''])));
}

/** A money cell in cents; an empty cell or a word ("not counted": a void's line) adds nothing. */
const cents = (cell: string | undefined) => (cell && /^-?\d+\.\d\d$/.test(cell) ? Math.round(Number(cell) * 100) : 0);
const sum = (rows: Record<string, string>[], column: string) => rows.reduce((total, row) => total + cents(row[column]), 0);

beforeAll(async () => {
  sim = await startFakeSimulator(1, 0);
  sim.control.setFeeProgram({ kind: 'surcharge', percent: 3, taxOnFeePercent: 8 }, TPN);
  const deps = fastDeps(journal, sim.url);
  const saleOf = (referenceId: string, amountCents: number, tipCents = 0) =>
    runSale(deps, SaleForm.parse({ profileId: 'p1', referenceId, amountCents, tipCents, paymentType: 'Credit', getReceipt: 'No' }));
  sale = await saleOf('TIPPED1', 10000, 1000);
  await runTipAdjust(deps, TipAdjustForm.parse({ profileId: 'p1', referenceId: 'TIPPED1', tipCents: 1500 }));
  sim.control.queueOutcome(TPN, { kind: 'decline' });
  await saleOf('DECLINED1', 4000);
  sim.control.queueOutcome(TPN, { kind: 'cancel' });
  await saleOf('CANCELED1', 3000);
  // The terminal not connected: the proxy refuses, nothing reaches the card.
  sim.control.setOnline(TPN, false);
  await saleOf('OFFLINE1', 2500);
  sim.control.setOnline(TPN, true);
  await runReturn(deps, ReturnForm.parse({ profileId: 'p1', referenceId: 'RETURN1', amountCents: 2000, paymentType: 'Credit' }));
  await saleOf('VOIDED1', 5000);
  await runVoid(deps, VoidForm.parse({ profileId: 'p1', referenceId: 'VOIDED1', amountCents: 5162, paymentType: 'Credit' }));
  summary = await fetchSummary(deps, { profileId: 'p1' });
  daily = await fetchDaily(deps, { profileId: 'p1' });
});
afterAll(() => sim.close());

/** The terminal's own total of its open batch: $118.24 for the adjusted sale less the $20.00 return. */
const TERMINAL_TOTAL = 11824 - 2000;

describe('one terminal, every surface', () => {
  it("the terminal's own Summary says $98.24", () => {
    expect(summary.applications.reduce((total, app) => total + (app.totals.total ?? 0), 0)).toBe(TERMINAL_TOTAL);
  });

  it('the result card says in words what the card paid, and its parts add up to the History CSV row', async () => {
    const money = moneyOfRecord(sale.amounts);
    expect(chargedWords(money, 'surcharge')).toBe(
      'The card was charged $113.24: $100.00 + $10.00 tip + $3.00 surcharge + $0.24 tax on the surcharge',
    );
    const row = csvRecords((await toCsv(journal, {}, 'oldest')).csv).find(
      (record) => record.operation === 'Sale' && record.reference_id === 'TIPPED1',
    );
    expect([row?.amount, row?.tip, row?.fee, row?.tax, row?.total].map(cents)).toEqual([
      money.baseCents,
      money.tipCents,
      money.feeCents,
      money.taxCents,
      money.totalCents,
    ]);
  });

  it("History CSV: what did not move money is 0 in every money column, returns and voids are negative in every one, and the moved columns add up to the terminal's total", async () => {
    const rows = csvRecords((await toCsv(journal, {}, 'oldest')).csv);
    const moneyColumns = ['amount', 'tip', 'fee', 'tax', 'total', 'approved_amount', 'terminal_total', 'charged'];
    const moved = ['charged_amount', 'charged_tip', 'charged_fee', 'charged_tax_on_fee'];
    for (const reference of ['DECLINED1', 'CANCELED1', 'OFFLINE1']) {
      const row = rows.find((record) => record.reference_id === reference);
      expect(
        [...moneyColumns, ...moved].map((column) => cents(row?.[column])),
        reference,
      ).toEqual([...moneyColumns, ...moved].map(() => 0));
      // What was asked stays, in a column of its own that moves nothing.
      expect(cents(row?.requested_amount)).toBeGreaterThan(0);
    }
    for (const operation of ['Return', 'Void']) {
      const row = rows.find((record) => record.operation === operation);
      for (const column of ['amount', 'total', 'approved_amount', 'terminal_total', 'charged', 'charged_amount'])
        expect(cents(row?.[column]), `${operation} ${column}`).toBeLessThan(0);
    }
    const parts = moved.map((column) => sum(rows, column));
    expect(parts).toEqual([8000, 1500, 300, 24]);
    expect([sum(rows, 'charged'), parts.reduce((a, b) => a + b, 0)]).toEqual([TERMINAL_TOTAL, TERMINAL_TOTAL]);
    // Row by row too: each row's moved parts make its charged figure.
    for (const row of rows)
      expect(
        moved.reduce((total, column) => total + cents(row[column]), 0),
        row.reference_id,
      ).toBe(cents(row.charged));
  });

  it('Summary CSV: the Total column sums to the total once; tips, fees and tax on the fees in columns of their own that make it up', () => {
    const rows = csvRecords(summaryCsv(summary));
    const all = rows.find((row) => row.Application === 'All applications');
    const applications = rows.filter((row) => row.Application !== 'All applications');
    expect(sum(applications, 'Total')).toBe(TERMINAL_TOTAL);
    expect(sum(rows, 'Total')).toBe(2 * TERMINAL_TOTAL);
    const parts = [
      'Of the total: amounts before tip and fee',
      'Of the total: tips',
      'Of the total: fees',
      'Of the total: tax on the fees',
    ].map((column) => cents(all?.[column]));
    expect(parts).toEqual([8000, 1500, 300, 24]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(cents(all?.Total));
  });

  it('Daily CSV: Tip, Fee and Tax on fee beside each row this PC sent; its total line is the Summary total', () => {
    const rows = csvRecords(dailyCsv(daily));
    const total = rows.find((row) => row['Transaction type'] === 'Total');
    const lines = rows.filter((row) => row.Application !== 'All applications');
    expect(cents(total?.['Counted in total'])).toBe(TERMINAL_TOTAL);
    expect(sum(lines, 'Counted in total')).toBe(TERMINAL_TOTAL);
    expect([total?.Tip, total?.Fee, total?.['Tax on fee']].map(cents)).toEqual([1500, 300, 24]);
    expect([sum(lines, 'Tip'), sum(lines, 'Fee'), sum(lines, 'Tax on fee')]).toEqual([1500, 300, 24]);
    const tipped = lines.find((row) => row.Reference === 'TIPPED1');
    expect([tipped?.Tip, tipped?.Fee, tipped?.['Tax on fee'], tipped?.['Counted in total']]).toEqual(['15.00', '3.00', '0.24', '118.24']);
  });
});
