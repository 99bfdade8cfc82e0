import { describe, expect, it } from 'vitest';
import type { JournalEntryView } from '@shared/ipc/journal-views';
import type { ReportTotals, SettleResult } from '@shared/ipc/report-views';
import { settledTotals } from './settlement-totals';
import { cardTypesInOrder, dayBounds, daysOfProfiles, notSentHere, storeReport, uncountedLabel, type TerminalDay } from './store-report';
import { storeReportCsv } from './store-report-csv';
import { recoveredSettlement, settlement, totals } from '../../test-support/settlement-fixtures';

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

/** A Settle sent at a local hour of 31 January 2026. */
function settledAt(hour: number, result: SettleResult) {
  return { sentAt: new Date(2026, 0, 31, hour, 30).toISOString(), result };
}

/** An approved answer with the terminal's amounts (cents): Amount with the tip, fee and tax on top. */
function answered(hour: number, amounts: { approved: number; tip?: number; fee?: number; tax?: number; brand?: string }) {
  const at = new Date(2026, 0, 31, hour, 20).toISOString();
  return {
    at,
    statusCode: '0000',
    message: 'Approved',
    approvedCents: amounts.approved,
    answeredTipCents: amounts.tip ?? 0,
    feeCents: amounts.fee ?? 0,
    taxCents: amounts.tax ?? 0,
    totalCents: amounts.approved + (amounts.fee ?? 0) + (amounts.tax ?? 0),
    card: { brand: amounts.brand ?? 'Visa', first4: '4111', last4: '1111' },
  };
}

const lane1: TerminalDay = {
  name: 'Lane 1',
  tpn: 'T1',
  merchantNumber: 1,
  settlements: [
    settledAt(
      18,
      settlement('T1', [
        totals({ count: 3, sale: 81240, ret: 2000, void: 4250, total: 79240 }),
        totals({ count: 1, sale: 1000, total: 1000 }),
      ]),
    ),
  ],
  entries: [
    entry('Sale', 5000, 9, { tipCents: 500, outcome: answered(9, { approved: 5500, tip: 500, fee: 150, brand: 'Mastercard' }) }),
    entry('Sale', 2000, 9),
    entry('Return', 700, 14),
  ],
};
const lane2: TerminalDay = {
  name: 'Lane 2',
  tpn: 'T2',
  merchantNumber: null,
  settlements: [settledAt(18, settlement('T2', [totals({ count: 2, sale: 3000, ticket: 1200, ret: 500, total: 3700 })]))],
  entries: [entry('Sale', 1200, 14, { tpn: 'T2' }), entry('Auth', 4000, 15, { tpn: 'T2' })],
};
const lane3: TerminalDay = { name: 'Lane 3', tpn: 'T3', merchantNumber: null, settlements: [], entries: [] };

describe('store report', () => {
  it("takes each terminal's sales, returns (negative), net and voided from the settlement its day closed", () => {
    const [one, two] = storeReport([lane1, lane2]).terminals;
    expect(one).toMatchObject({ count: 4, salesCents: 82240, returnsCents: -2000, netCents: 80240, voidedCents: 4250, status: 'settled' });
    expect(two).toMatchObject({ count: 2, salesCents: 4200, returnsCents: -500, netCents: 3700 });
  });

  it("adds the terminals up into the store's line, column by column, and sales + returns = net", () => {
    const report = storeReport([lane1, lane2, lane3]);
    expect(report.store).toMatchObject({ count: 6, salesCents: 86440, returnsCents: -2500, netCents: 83940, voidedCents: 4250 });
    expect(report.store.salesCents + report.store.returnsCents).toBe(report.store.netCents);
    expect(report.nothingToSettle.map((row) => row.name)).toEqual(['Lane 3']);
    expect(report.notSettled).toEqual([]);
  });

  it('counts EVERY Settle of the day: a terminal settled twice is the sum of both, each payment in the batch that closed it', () => {
    const first = settlement('T1', [totals({ count: 2, sale: 3000, total: 3000 })], 'round-1', 100);
    const second = settlement('T1', [totals({ count: 1, sale: 1250, total: 1250 })], 'round-2', 101);
    const day: TerminalDay = {
      ...lane1,
      settlements: [settledAt(16, second), settledAt(12, first)],
      entries: [entry('Sale', 1000, 9), entry('Sale', 2000, 11), entry('Sale', 1250, 14), entry('Sale', 999, 17)],
    };
    const report = storeReport([day, lane2]);
    const [terminal] = report.terminals;
    expect(terminal).toMatchObject({ count: 3, salesCents: 4250, netCents: 4250, payments: 3, totalCents: 4250 });
    expect(terminal!.settlements.map((s) => s.referenceId)).toEqual(['round-1', 'round-2']);
    // The $9.99 sale came after the last Settle: the still-open batch, in no settled figure.
    expect(terminal!.open).toEqual({ payments: 1, totalCents: 999 });
    expect(report.store.netCents).toBe(4250 + 3700);
  });

  it('leaves a terminal not settled that day out of every store figure, listing what this PC recorded on it', () => {
    const unsettled: TerminalDay = {
      name: 'Lane 3',
      tpn: 'T3',
      merchantNumber: null,
      settlements: [],
      entries: [entry('Sale', 300, 10, { tpn: 'T3', tipCents: 100, outcome: answered(10, { approved: 400, tip: 100, fee: 50 }) })],
    };
    const alone = storeReport([lane1, lane2]).store;
    const report = storeReport([lane1, lane2, unsettled]);
    expect(report.store).toEqual(alone);
    expect(report.notSettled.map((row) => [row.name, row.recorded])).toEqual([['Lane 3', { payments: 1, totalCents: 450 }]]);
    expect(report.notSettled[0]).toMatchObject({ status: 'not-settled', tipsCents: 0, feesCents: 0, netCents: 0, totalCents: 0 });
    expect(report.nothingToSettle).toEqual([]);
  });

  it('adds amount + tip + fee + tax on the fee up to the total, with the tip adjust at its new tip and its new fee', () => {
    // A 3 % surcharge with fee on the tip and 10 % tax on the fee: $10.00 + $2.00 tip, fee $0.36, tax $0.04;
    // the tip adjusted to $3.00: fee $0.39, tax $0.04, total $13.43. A $5.00 return, a voided $8.00 sale.
    const sale = entry('Sale', 1000, 10, { tipCents: 200, outcome: answered(10, { approved: 1200, tip: 200, fee: 36, tax: 4 }) });
    const adjust = entry('TipAdjust', 0, 11, {
      referenceId: sale.referenceId,
      tipCents: 300,
      outcome: answered(11, { approved: 1300, tip: 300, fee: 39, tax: 4 }),
    });
    const back = entry('Return', 500, 12, { outcome: answered(12, { approved: 500 }) });
    const voided = entry('Sale', 800, 12, { outcome: answered(12, { approved: 800, fee: 24, tax: 2 }) });
    const day: TerminalDay = {
      name: 'Surcharge',
      tpn: 'T4',
      merchantNumber: null,
      settlements: [settledAt(18, settlement('T4', [totals({ count: 3, sale: 1343, ret: 500, void: 826, total: 843 })]))],
      entries: [adjust, back, sale, voided, entry('Void', 800, 13, { referenceId: voided.referenceId })],
    };
    const [terminal] = storeReport([day]).terminals;
    expect(terminal).toMatchObject({ baseCents: 1000 - 500, tipsCents: 300, feesCents: 39, feeTaxCents: 4, totalCents: 1343 - 500 });
    expect(terminal!.baseCents + terminal!.tipsCents + terminal!.feesCents + terminal!.feeTaxCents).toBe(terminal!.totalCents);
    // Every payment here came from this PC: its total is what the batch closed.
    expect(terminal!.totalCents).toBe(terminal!.netCents);
    expect(terminal!.uncounted.map((line) => line.kind)).toEqual(['void']);
  });

  it("draws the charts from the same payments as the table's Total: each chart adds up to it", () => {
    const report = storeReport([lane1, lane2, { ...lane3, entries: [entry('Sale', 777, 10, { tpn: 'T3' })] }]);
    const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
    expect(sum(report.store.byHour)).toBe(report.store.totalCents);
    expect(sum(report.store.byCardType.values())).toBe(report.store.totalCents);
    expect(report.store.totalCents).toBe(5650 + 2000 - 700 + 1200);
    expect(report.terminals[0]!.byHour[9]).toBe(7650);
    expect(report.terminals[0]!.byHour[14]).toBe(-700);
    expect(cardTypesInOrder(report.store)).toEqual([
      ['Mastercard', 5650],
      ['Visa', 2500],
    ]);
  });

  it('lists voids and holds without counting them, and leaves a voided sale out of every figure', () => {
    const sale = entry('Sale', 3000, 10, { tipCents: 300, outcome: answered(10, { approved: 3300, tip: 300 }) });
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

  it('lists a payment whose terminal figures do not add up, with the field, and counts none of its figures (issue 38)', () => {
    const good = entry('Sale', 1000, 10, { outcome: answered(10, { approved: 1000, fee: 30 }) });
    const problem = "The terminal's figures do not add up: FeeAmount $50.00 is more than Amount $10.00";
    const flagged = entry('Sale', 1000, 11, { outcome: { ...entry('Sale', 1000, 11).outcome!, figuresProblem: problem } });
    const [terminal] = storeReport([{ ...lane2, entries: [good, flagged] }]).terminals;
    expect(terminal).toMatchObject({ payments: 1, feesCents: 30, totalCents: 1030 });
    expect(terminal!.uncounted).toMatchObject([{ kind: 'figures', referenceId: flagged.referenceId, problem }]);
    expect(uncountedLabel(terminal!.uncounted[0]!)).toBe(`Figures do not add up (FeeAmount $50.00 is more than Amount $10.00)`);
  });

  it('lets a tip adjustment replace the tip of the payment it adjusted', () => {
    const sale = entry('Sale', 2000, 12, { tipCents: 200 });
    const adjust = entry('TipAdjust', 0, 13, { referenceId: sale.referenceId, tipCents: 450 });
    expect(storeReport([{ ...lane2, entries: [adjust, sale] }]).terminals[0]).toMatchObject({ tipsCents: 450, totalCents: 2450 });
  });

  it('counts a TPN shared by two profiles (merchants 1 and 2) once, in rows keyed by terminal and merchant', () => {
    const profiles = [
      { id: 'p1', name: 'Bar M1', tpn: 'T5', merchantNumber: 1 },
      { id: 'p2', name: 'Bar M2', tpn: 'T5', merchantNumber: 2 },
      { id: 'p3', name: 'Lane 2', tpn: 'T2', merchantNumber: null },
    ];
    const close = entry('Settle', 0, 18, { tpn: 'T5', profileId: 'p1', referenceId: 'close-1' });
    const kept = settlement('T5', [totals({ count: 1, sale: 12000, total: 12000 })], 'close-1');
    const journal = [entry('Sale', 12000, 10, { tpn: 'T5', profileId: 'p1' }), close];
    const days = daysOfProfiles(profiles, journal, (settle) => (settle.referenceId === 'close-1' ? kept : undefined));
    const report = storeReport(days);
    expect(report.terminals.map((row) => row.key)).toEqual(['T5#1', 'T5#2', 'T2#-']);
    expect(report.store).toMatchObject({ netCents: 12000, totalCents: 12000 });
    // Both profiles handed the same settlement (as a TPN-wide read of the journal would): still once.
    const twice = storeReport([
      { name: 'Bar M1', tpn: 'T5', merchantNumber: 1, settlements: [settledAt(18, kept)], entries: [] },
      {
        name: 'Bar M2',
        tpn: 'T5',
        merchantNumber: 2,
        settlements: [settledAt(18, kept), settledAt(19, { ...kept, referenceId: 'same-batch' })],
        entries: [],
      },
    ]);
    expect(twice.store.netCents).toBe(12000);
    expect(twice.nothingToSettle.map((row) => row.key)).toEqual(['T5#2']);
  });

  it('shows a Settle recovered by a lookup with its totals when the record has them, else "totals not known" and out of the store line', () => {
    const lost = recoveredSettlement('T6', 'settle-T6');
    const withTotals: SettleResult = { ...lost, details: settlement('T6', [totals({ count: 1, sale: 4400, total: 4400 })]).details };
    const sale = entry('Sale', 4400, 10, { tpn: 'T6' });
    const day = (result: SettleResult): TerminalDay => ({
      name: 'Lane 6',
      tpn: 'T6',
      merchantNumber: null,
      settlements: [settledAt(12, result)],
      entries: [sale],
    });
    const unknown = storeReport([lane2, day(lost)]);
    expect(unknown.totalsUnknown.map((row) => [row.name, row.recorded])).toEqual([['Lane 6', { payments: 1, totalCents: 4400 }]]);
    expect(unknown.store).toEqual(storeReport([lane2]).store);
    expect(unknown.totalsUnknown[0]!.notSentUnknown).toBe('recovered');
    const known = storeReport([lane2, day(withTotals)]);
    expect(known.counted.map((row) => [row.name, row.count, row.netCents])).toEqual([
      ['Lane 2', 2, 3700],
      ['Lane 6', 1, 4400],
    ]);
  });

  it('writes a CSV whose store line equals the sum of every settlement, with amount + tip + fee + tax = total', () => {
    const days = [lane1, lane2, lane3, { ...lane3, name: 'Lane 4', tpn: 'T4', entries: [entry('Sale', 300, 10, { tpn: 'T4' })] }];
    const lines = storeReportCsv(storeReport(days)).trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    const store = lines.find((line) => line.startsWith('Store,'))!.split(',');
    const cell = (name: string) => Math.round(Number(store[header.indexOf(name)]) * 100);
    const settled = days.flatMap((day) => day.settlements.map((s) => settledTotals(s.result)));
    const sum = (pick: (t: ReportTotals) => number) => settled.reduce((total, t) => total + pick(t), 0);
    expect(cell('Net')).toBe(sum((t) => t.total ?? 0));
    expect(cell('Returns')).toBe(-sum((t) => t.ret ?? 0));
    expect(cell('Sales and captures')).toBe(sum((t) => (t.sale ?? 0) + (t.ticket ?? 0) + (t.cashAdvance ?? 0)));
    expect(cell('Transactions')).toBe(100 * settled.reduce((total, t) => total + (t.count ?? 0), 0));
    expect(cell('Amount') + cell('Tips') + cell('Fees') + cell('Tax on fees')).toBe(cell('Total'));
    expect([cell('Tips'), cell('Fees'), cell('Total')]).toEqual([500, 150, 5650 + 2000 - 700 + 1200]);
    const lane4 = lines.find((line) => line.startsWith('Lane 4,'))!.split(',');
    expect([
      lane4[header.indexOf('Status')],
      lane4[header.indexOf('Net')],
      lane4[header.indexOf('Recorded by this PC (not in the store line)')],
    ]).toEqual(['Not settled', '', '3.00']);
    expect(lines.find((line) => line.startsWith('Lane 3,'))).toContain('Nothing to settle');
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
    const withOther: TerminalDay = {
      ...lane1,
      settlements: [{ ...lane1.settlements[0]!, result: { ...lane1.settlements[0]!.result, notFromThisPc: [other] } }],
    };
    const report = storeReport([withOther, lane2, lane3]);
    // Lane 2 settled without the list kept (an older settlement): unknown. Lane 3 did not settle: nothing to say.
    const said = notSentHere(report);
    expect(said.lines).toEqual([{ ...other, terminal: 'Lane 1' }]);
    expect(said.unknown.map((row) => [row.name, row.notSentUnknown])).toEqual([['Lane 2', 'not-read']]);
    const lines = storeReportCsv(report).trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    const line = lines.find((text) => text.includes('Not sent from this PC: #12 OTHER7 Sale …0119'))!.split(',');
    expect(line[0]).toBe('Lane 1');
    expect(line[header.indexOf('Not sent from this PC')]).toBe('4.25');
    expect(line[header.indexOf('Net')]).toBe('');
    expect(lines.find((text) => text.startsWith('Lane 2,'))!.split(',')[header.indexOf('Not sent from this PC')]).toBe('Not known');
  });
});
