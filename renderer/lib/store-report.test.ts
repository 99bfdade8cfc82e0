import { describe, expect, it } from 'vitest';
import type { JournalEntryView } from '@shared/ipc/journal-views';
import type { ReportTotals, SettleResult } from '@shared/ipc/report-views';
import { settledTotals } from './settlement-totals';
import { cardTypesInOrder, dayBounds, notSentHere, storeReport, type TerminalDay } from './store-report';
import { storeReportCsv } from './store-report-csv';

function totals(overrides: Partial<ReportTotals>): ReportTotals {
  return { count: 0, sale: 0, ret: 0, void: 0, auth: 0, ticket: 0, reversal: 0, cashAdvance: 0, total: 0, ...overrides };
}

function settlement(tpn: string, apps: ReportTotals[]): SettleResult {
  return {
    outcome: 'settled',
    statusCode: '0000',
    message: 'Approved',
    explanation: '',
    remedy: '',
    referenceId: `settle-${tpn}`,
    settlementType: 'Close',
    tpn,
    settledAt: '2026-01-31T22:00:00.000Z',
    details: apps.map((app, i) => ({
      merchantNumber: 1,
      merchantName: 'Store',
      application: i === 0 ? 'Credit' : 'Debit',
      batchNumber: String(100 + i),
      hostStatus: 'OK',
      detailedMessage: '',
      totals: app,
      receipt: '',
    })),
  };
}

let next = 0;
/** An approved journal entry at a local hour of 31 January 2026. */
function entry(
  operation: JournalEntryView['operation'],
  amountCents: number,
  hour: number,
  more: Partial<JournalEntryView> = {},
): JournalEntryView {
  const at = new Date(2026, 0, 31, hour, 15).toISOString();
  next += 1;
  return {
    id: String(next),
    operation,
    referenceId: `ref-${next}`,
    profileId: 'p',
    tpn: 'T1',
    amountCents,
    tipCents: 0,
    createdAt: at,
    state: 'approved',
    attempts: 0,
    outcome: { at, statusCode: '0000', message: 'Approved', card: { brand: 'Visa', first4: '4111', last4: '1111' } },
    ...more,
  };
}

const lane1: TerminalDay = {
  name: 'Lane 1',
  tpn: 'T1',
  merchantNumber: 1,
  settlement: settlement('T1', [
    totals({ count: 3, sale: 81240, ret: 2000, void: 4250, total: 79240 }),
    totals({ count: 1, sale: 1000, total: 1000 }),
  ]),
  entries: [
    entry('Sale', 5000, 9, {
      tipCents: 500,
      outcome: {
        at: new Date(2026, 0, 31, 9, 5).toISOString(),
        statusCode: '0000',
        message: 'Approved',
        approvedCents: 5500,
        answeredTipCents: 500,
        feeCents: 150,
        card: { brand: 'Mastercard', first4: '5555', last4: '4444' },
      },
    }),
    entry('Sale', 2000, 9),
    entry('Return', 700, 14),
  ],
};
const lane2: TerminalDay = {
  name: 'Lane 2',
  tpn: 'T2',
  merchantNumber: null,
  settlement: settlement('T2', [totals({ count: 2, sale: 3000, ticket: 1200, ret: 500, total: 3700 })]),
  entries: [entry('Sale', 1200, 14), entry('Auth', 4000, 15)],
};
const lane3: TerminalDay = { name: 'Lane 3', tpn: 'T3', merchantNumber: null, settlement: null, entries: [] };

describe('store report', () => {
  it("takes each terminal's sales, returns (negative), net and voided from the settlement its day closed", () => {
    const [one, two] = storeReport([lane1, lane2]).terminals;
    expect(one).toMatchObject({ count: 4, salesCents: 82240, returnsCents: -2000, netCents: 80240, voidedCents: 4250, settled: true });
    expect(two).toMatchObject({ count: 2, salesCents: 4200, returnsCents: -500, netCents: 3700 });
  });

  it("adds the terminals up into the store's line, column by column, and sales + returns = net", () => {
    const report = storeReport([lane1, lane2, lane3]);
    expect(report.store).toMatchObject({ count: 6, salesCents: 86440, returnsCents: -2500, netCents: 83940, voidedCents: 4250 });
    expect(report.store.salesCents + report.store.returnsCents).toBe(report.store.netCents);
    expect(report.unsettled).toEqual(['Lane 3']);
    expect(report.terminals[2]).toMatchObject({ settled: false, netCents: 0, count: null });
  });

  it("reads tips, fees, hours and card types from this PC's journal, the store's as the terminals' sum", () => {
    const report = storeReport([lane1, lane2]);
    expect(report.terminals[0]).toMatchObject({ tipsCents: 500, feesCents: 150 });
    expect(report.terminals[0]!.byHour[9]).toBe(7500);
    expect(report.terminals[0]!.byHour[14]).toBe(-700);
    expect(report.store.byHour[14]).toBe(-700 + 1200);
    expect(report.store.byHour.reduce((a, b) => a + b, 0)).toBe(7500 - 700 + 1200);
    expect(cardTypesInOrder(report.store)).toEqual([
      ['Mastercard', 5500],
      ['Visa', 2500],
    ]);
  });

  it('lists voids and holds without counting them, and leaves a voided sale out of every figure', () => {
    const sale = entry('Sale', 3000, 10, {
      tipCents: 300,
      outcome: {
        at: new Date(2026, 0, 31, 10).toISOString(),
        statusCode: '0000',
        message: 'Approved',
        approvedCents: 3300,
        answeredTipCents: 300,
      },
    });
    const day: TerminalDay = {
      ...lane2,
      entries: [
        sale,
        entry('Void', 3300, 11, { referenceId: sale.referenceId }),
        entry('Auth', 4000, 15),
        entry('Auth', 900, 16, { referenceId: 'captured' }),
        entry('Capture', 900, 17, { referenceId: 'captured' }),
      ],
    };
    const [terminal] = storeReport([day]).terminals;
    expect(terminal!.uncounted.map((line) => [line.kind, line.amountCents])).toEqual([
      ['void', 3300],
      ['hold', 4000],
    ]);
    expect(terminal!.tipsCents).toBe(0);
    expect(terminal!.byHour[10]).toBe(0);
    expect(terminal!.byHour[17]).toBe(900);
  });

  it('lets a tip adjustment replace the tip of the payment it adjusted', () => {
    const sale = entry('Sale', 2000, 12, { tipCents: 200 });
    const adjust = entry('TipAdjust', 0, 13, { referenceId: sale.referenceId, tipCents: 450 });
    expect(storeReport([{ ...lane2, entries: [adjust, sale] }]).terminals[0]!.tipsCents).toBe(450);
  });

  it('writes a CSV whose store line equals the sum of the per-terminal settlements', () => {
    const days = [lane1, lane2, lane3];
    const lines = storeReportCsv(storeReport(days)).trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    const store = lines.find((line) => line.startsWith('Store,'))!.split(',');
    const cell = (name: string) => Number(store[header.indexOf(name)]);
    const settled = days.flatMap((day) => (day.settlement ? [settledTotals(day.settlement)] : []));
    const sum = (pick: (t: ReportTotals) => number) => settled.reduce((total, t) => total + pick(t), 0) / 100;
    expect(cell('Net')).toBe(sum((t) => t.total ?? 0));
    expect(cell('Returns')).toBe(-sum((t) => t.ret ?? 0));
    expect(cell('Sales and captures')).toBe(sum((t) => (t.sale ?? 0) + (t.ticket ?? 0) + (t.cashAdvance ?? 0)));
    expect(cell('Transactions')).toBe(settled.reduce((total, t) => total + (t.count ?? 0), 0));
    expect(lines.find((line) => line.startsWith('Lane 3,'))).toContain('Not settled');
    expect(lines.filter((line) => line.includes(',Hold '))).toHaveLength(1);
  });

  it("reads a day from this PC's midnight to the next, whatever the hour it is asked at", () => {
    const { from, to } = dayBounds(new Date(2026, 0, 31, 23, 59));
    expect(new Date(from)).toEqual(new Date(2026, 0, 31));
    expect(new Date(to)).toEqual(new Date(2026, 1, 1));
  });
  it('says which transactions of the settled batches this PC did not send, and where that is not known', () => {
    const other = {
      referenceId: 'OTHER7',
      number: '12',
      application: 'Credit',
      transactionType: 'Sale',
      last4: '0119',
      amountCents: 425,
      countedCents: 425,
      journalNote: '',
    };
    const withOther: TerminalDay = { ...lane1, settlement: { ...lane1.settlement!, notFromThisPc: [other] } };
    const report = storeReport([withOther, lane2, lane3]);
    // Lane 2 settled without the list kept (an older settlement): unknown. Lane 3 did not settle: nothing to say.
    expect(notSentHere(report)).toEqual({ lines: [{ ...other, terminal: 'Lane 1' }], unknown: ['Lane 2'] });
    const lines = storeReportCsv(report).trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    const line = lines.find((text) => text.includes('Not sent from this PC: #12 OTHER7 Sale …0119'))!.split(',');
    expect(line[0]).toBe('Lane 1');
    expect(line[header.indexOf('Not sent from this PC')]).toBe('4.25');
    expect(line[header.indexOf('Net')]).toBe('');
    expect(lines.find((text) => text.startsWith('Lane 2,'))!.split(',')[header.indexOf('Not sent from this PC')]).toBe('Not known');
    expect(storeReport([{ ...lane2, settlement: { ...lane2.settlement!, notFromThisPc: [] } }]).terminals[0]!.notSentHere).toEqual([]);
  });
});
