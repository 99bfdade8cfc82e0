import { describe, expect, it } from 'vitest';
import type { DailyReport, DailyRow } from '@shared/ipc/report-views';
import { wordSaid } from '@shared/ipc/said';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import type { JournalEntry, MoneyOperation, OutcomeLine } from '../journal/records';
import { expectedInBatch, reconcile, withKnownNote } from './reconcile';

// The reconciliation's rules on hand-made journals and Daily answers: what counts as this PC's part
// of the open batch, each kind of finding, and totals that bridge the two figures exactly.

const TPN = 'RECONTPN0001';
let clock = Date.parse('2026-01-31T09:00:00.000Z');

function entry(
  op: MoneyOperation,
  ref: string,
  amountCents: number,
  outcome: Partial<OutcomeLine> & { result?: OutcomeLine['result'] } = {},
  extra: { tipCents?: number; tpn?: string } = {},
): JournalEntry {
  clock += 60_000;
  const at = new Date(clock).toISOString();
  return {
    intent: {
      t: 'intent',
      id: `${op}-${ref}-${clock}`,
      at,
      op,
      ref,
      tpn: extra.tpn ?? TPN,
      profileId: 'p1',
      amountCents,
      tipCents: extra.tipCents ?? 0,
      deadlineAt: at,
    },
    createdMs: clock,
    position: clock,
    deadlineMs: clock,
    attempts: 0,
    outcome: { t: 'outcome', id: 'o', at, result: 'approved', statusCode: '0000', message: 'Approved', ...outcome },
  };
}

function row(referenceId: string, transactionType: string, amountCents: number | null, number = '1'): DailyRow {
  return { application: 'Credit', number, referenceId, cardType: 'Visa', transactionType, last4: '0119', amountCents };
}

function daily(rows: DailyRow[]): DailyReport {
  return {
    profileId: 'p1',
    tpn: TPN,
    fetchedAt: '2026-01-31T20:00:00.000Z',
    applications: [{ merchantNumber: 1, application: 'Credit', totalCents: null, rowCount: rows.length }],
    rows,
  };
}

/** The bridge the printout shows must add up, whatever was found. */
function expectBridge(totals: ReturnType<typeof reconcile>['totals']): void {
  expect(totals.journalCents - totals.missingCents + totals.notFromThisPcCents + totals.differencesCents).toBe(totals.batchCents);
}

describe('reconciliation of the journal with the open batch', () => {
  it('finds nothing when the batch holds exactly what this PC approved, voids and returns included', () => {
    const history = [
      entry('Sale', 'S1', 1234, { approvedCents: 1234 }),
      entry('Sale', 'S2', 650),
      entry('Return', 'R1', 300),
      entry('Void', 'S1', 1234),
      entry('Sale', 'D1', 500, { result: 'declined', statusCode: '1005' }),
    ];
    const found = reconcile(history, daily([row('S1', 'Void', 1234), row('S2', 'Sale', 650), row('R1', 'Return', 300)]), '1');
    expect(found).toMatchObject({ journalApprovals: 3, matched: 3, missingFromBatch: [], notFromThisPc: [], mismatches: [] });
    expect(found.totals).toEqual({ journalCents: 350, missingCents: 0, notFromThisPcCents: 0, differencesCents: 0, batchCents: 350 });
  });

  it('lists approvals missing from the batch and batch transactions this PC did not send, naming what the journal knows', () => {
    const history = [
      entry('Sale', 'S1', 1000),
      entry('Sale', 'S2', 250),
      entry('Sale', 'X2', 900, { result: 'declined', statusCode: '1005' }),
    ];
    const found = reconcile(history, daily([row('S1', 'Sale', 1000), row('X1', 'Sale', 700, '2'), row('X2', 'Sale', 900, '3')]), null);
    expect(found.missingFromBatch.map((item) => [item.referenceId, item.operation, item.countedCents])).toEqual([['S2', 'Sale', 250]]);
    expect(found.notFromThisPc.map((item) => [item.referenceId, item.countedCents, item.journalNote])).toEqual([
      ['X1', 700, ''],
      ['X2', 900, "This PC's journal has the Sale as declined."],
    ]);
    expect(found.totals).toMatchObject({ journalCents: 1250, missingCents: 250, notFromThisPcCents: 1600, batchCents: 2600 });
    expectBridge(found.totals);
  });

  it('counts a canceled sale like a decline (no money, not expected in the batch) but names it canceled, older 1012 lines too', () => {
    const history = [
      entry('Sale', 'S1', 1000),
      entry('Sale', 'C1', 700, { result: 'canceled', statusCode: '1012' }),
      // Written before 'canceled' existed: a cancel recorded as declined with 1012.
      entry('Sale', 'C2', 900, { result: 'declined', statusCode: '1012' }),
    ];
    expect(expectedInBatch(history, TPN).map((item) => item.referenceId)).toEqual(['S1']);
    const found = reconcile(history, daily([row('S1', 'Sale', 1000), row('C1', 'Sale', 700, '2'), row('C2', 'Sale', 900, '3')]), null);
    expect(found).toMatchObject({ journalApprovals: 1, matched: 1, missingFromBatch: [] });
    expect(found.notFromThisPc.map((item) => item.journalNote)).toEqual([
      "This PC's journal has the Sale as canceled.",
      "This PC's journal has the Sale as canceled.",
    ]);
    expect(found.totals).toMatchObject({ journalCents: 1000, notFromThisPcCents: 1600, batchCents: 2600 });
    expectBridge(found.totals);
  });

  it('names a missing tip, a different amount and voids on one side only', () => {
    const history = [
      entry('Sale', 'T1', 1500, { approvedCents: 1500, answeredTipCents: 300 }, { tipCents: 300 }),
      entry('Sale', 'A1', 800),
      entry('Sale', 'V1', 400),
      entry('Void', 'V1', 400),
      entry('Sale', 'V2', 600),
      entry('Sale', 'TA', 1000),
      entry('TipAdjust', 'TA', 0, {}, { tipCents: 200 }),
    ];
    const batch = daily([
      row('T1', 'Sale', 1200),
      row('A1', 'Sale', 850),
      row('V1', 'Sale', 400),
      row('V2', 'Void', 600),
      row('TA', 'Sale', 1000),
    ]);
    const found = reconcile(history, batch, null);
    expect(found.mismatches.map((item) => [item.referenceId, item.kind, item.journalCents, item.batchCents])).toEqual([
      ['T1', 'tip', 1500, 1200],
      ['A1', 'amount', 800, 850],
      ['V1', 'voided-here', 0, 400],
      ['V2', 'voided-elsewhere', 600, 0],
      ['TA', 'tip', 1200, 1000],
    ]);
    expect(found.mismatches[0]?.explanation).toBe('The batch amount leaves out the $3.00 tip this PC sent.');
    expect(found.matched).toBe(0);
    expectBridge(found.totals);
  });

  it('names a fee the batch leaves out, alone or with its tax, and carries both figures', () => {
    const history = [
      entry('Sale', 'F1', 1000, { approvedCents: 1000, totalCents: 1035, feeCents: 35, taxCents: 0 }),
      entry('Sale', 'F2', 1000, { approvedCents: 1000, totalCents: 1038, feeCents: 35, taxCents: 3 }),
      // Tax on the fee, but the batch leaves out only the fee.
      entry('Sale', 'F3', 1000, { approvedCents: 1000, totalCents: 1038, feeCents: 35, taxCents: 3 }),
    ];
    const found = reconcile(history, daily([row('F1', 'Sale', 1000), row('F2', 'Sale', 1000, '2'), row('F3', 'Sale', 1003, '3')]), null);
    expect(
      found.mismatches.map((item) => [item.referenceId, item.kind, item.journalCents, item.batchCents, item.feeCents, item.taxCents]),
    ).toEqual([
      ['F1', 'fee', 1035, 1000, 35, 0],
      ['F2', 'fee', 1038, 1000, 35, 3],
      ['F3', 'fee', 1038, 1003, 35, 3],
    ]);
    expect(found.mismatches.map((item) => item.explanation)).toEqual([
      'The batch amount leaves out the $0.35 fee the terminal added; the card was charged $10.35.',
      'The batch amount leaves out the $0.35 fee and $0.03 tax the terminal added; the card was charged $10.38.',
      'The batch amount leaves out the $0.35 fee the terminal added; the card was charged $10.38.',
    ]);
    expect(found.totals).toMatchObject({ journalCents: 3111, journalFeeCents: 105, journalTaxCents: 6, differencesCents: -108 });
    expectBridge(found.totals);
  });

  it("names the older tool's base (tip and fee left out) as a fee difference that names the tip too; the tip alone stays a tip", () => {
    const money = { approvedCents: 1200, answeredTipCents: 200, totalCents: 1239, feeCents: 36, taxCents: 3 };
    const history = [entry('Sale', 'B1', 1000, money, { tipCents: 200 }), entry('Sale', 'B2', 1000, money, { tipCents: 200 })];
    const found = reconcile(history, daily([row('B1', 'Sale', 1000), row('B2', 'Sale', 1039, '2')]), null);
    expect(found.mismatches.map((item) => [item.referenceId, item.kind, item.tipCents, item.feeCents, item.taxCents])).toEqual([
      ['B1', 'fee', 200, 36, 3],
      ['B2', 'tip', 200, undefined, undefined],
    ]);
    expect(found.mismatches[0]?.explanation).toBe(
      'The batch amount leaves out the $2.00 tip this PC sent and the $0.36 fee and $0.03 tax the terminal added (it is the amount before tip and fee); the card was charged $12.39.',
    );
    expectBridge(found.totals);
  });

  it("names a fee the batch holds and this PC's amount leaves out (an answer that named the fee but no total)", () => {
    const history = [
      entry('Sale', 'U1', 1000, { approvedCents: 1000, feeCents: 35, taxCents: 3 }),
      // The total holds the fee already: a batch with it twice is not the fee's doing.
      entry('Sale', 'D1', 1000, { approvedCents: 1000, totalCents: 1038, feeCents: 35, taxCents: 3 }),
    ];
    const found = reconcile(history, daily([row('U1', 'Sale', 1038), row('D1', 'Sale', 1076, '2')]), null);
    expect(found.mismatches).toMatchObject([
      { referenceId: 'U1', kind: 'fee', journalCents: 1000, batchCents: 1038, feeCents: 35, taxCents: 3 },
      { referenceId: 'D1', kind: 'amount', journalCents: 1038, batchCents: 1076 },
    ]);
    expect(found.mismatches[0]?.explanation).toBe(
      "The batch amount includes the $0.35 fee and $0.03 tax the terminal added, which this PC's $10.00 leaves out; the card was charged $10.38.",
    );
    // Of this PC's $20.38, only D1's fee is in it.
    expect(found.totals).toMatchObject({ journalCents: 2038, journalFeeCents: 35, journalTaxCents: 3 });
    expectBridge(found.totals);
  });

  it('takes the fee a tip adjustment answers (fee on tip) and counts no fee of a voided charge or in the total', () => {
    const history = [
      entry('Sale', 'T1', 1000, { approvedCents: 1000, totalCents: 1030, feeCents: 30 }),
      // "Fee on tip": the adjusted record's fee is 3 % of $12.00.
      entry('TipAdjust', 'T1', 0, { approvedCents: 1200, answeredTipCents: 200, totalCents: 1236, feeCents: 36 }, { tipCents: 200 }),
      entry('Sale', 'T2', 1000, { approvedCents: 1000, totalCents: 1030, feeCents: 30 }),
      // An answer that names no fee leaves the charge's.
      entry('TipAdjust', 'T2', 0, { approvedCents: 1100 }, { tipCents: 100 }),
      entry('Sale', 'V1', 2000, { approvedCents: 2000, totalCents: 2060, feeCents: 60 }),
      entry('Void', 'V1', 2000),
    ];
    expect(expectedInBatch(history, TPN).map((item) => [item.referenceId, item.amountCents, item.feeCents])).toEqual([
      ['T1', 1236, 36],
      ['T2', 1130, 30],
      ['V1', 2060, 60],
    ]);
    const found = reconcile(history, daily([row('T1', 'Sale', 1200), row('T2', 'Sale', 1100, '2'), row('V1', 'Void', 2060, '3')]), null);
    expect(found.mismatches.map((item) => [item.referenceId, item.kind, item.feeCents])).toEqual([
      ['T1', 'fee', 36],
      ['T2', 'fee', 30],
    ]);
    expect(found.totals).toMatchObject({ journalCents: 2366, journalFeeCents: 66 });
    expect(found.totals).not.toHaveProperty('journalTaxCents');
    expectBridge(found.totals);
  });

  it('shows nothing new where the terminal charged no fee: no fee totals, and an unexplained difference stays an amount', () => {
    const history = [
      // A terminal without a fee program answers FeeAmount 0 and TaxAmount 0.
      entry('Sale', 'N1', 1000, { approvedCents: 1000, totalCents: 1000, feeCents: 0, taxCents: 0 }),
      entry('Sale', 'N2', 1000, { approvedCents: 1000, totalCents: 1000, feeCents: 0, taxCents: 0 }),
      entry('Sale', 'F1', 1000, { approvedCents: 1000, totalCents: 1035, feeCents: 35 }),
    ];
    const found = reconcile(history, daily([row('N1', 'Sale', 1000), row('N2', 'Sale', 965, '2'), row('F1', 'Sale', 1034, '3')]), null);
    expect(found.mismatches.map((item) => [item.referenceId, item.kind, item.feeCents])).toEqual([
      ['N2', 'amount', undefined],
      // Off by a cent from the fee: not explained by it.
      ['F1', 'amount', undefined],
    ]);
    const noFees = reconcile(history.slice(0, 2), daily([row('N1', 'Sale', 1000), row('N2', 'Sale', 1000, '2')]), null);
    expect(noFees.mismatches).toEqual([]);
    expect(Object.keys(noFees.totals)).toEqual(['journalCents', 'missingCents', 'notFromThisPcCents', 'differencesCents', 'batchCents']);
  });

  it('starts after the last settlement that closed something, and leaves out approvals of another batch', () => {
    const history = [
      entry('Sale', 'OLD', 100),
      entry('Settle', 'SET1', 0),
      entry('Sale', 'EARLY', 200, { batchNumber: '7' }),
      entry('Settle', 'SET2', 0, { result: 'declined', statusCode: '1020' }),
      entry('Sale', 'NOW', 300, { batchNumber: '8' }),
      entry('Sale', 'OTHER', 300, {}, { tpn: 'SOMEONEELSE1' }),
    ];
    expect(expectedInBatch(history, TPN).map((item) => item.referenceId)).toEqual(['EARLY', 'NOW']);
    const found = reconcile(history, daily([row('NOW', 'Sale', 300)]), '8');
    expect(found).toMatchObject({ journalApprovals: 1, matched: 1, otherBatches: 1, missingFromBatch: [], notFromThisPc: [] });
  });
});

describe('an approval whose terminal figures do not add up (issue 38)', () => {
  it('is named in the batch check with the field, whatever the batch lists, and the bridge still adds up', () => {
    const problem = "The terminal's figures do not add up: FeeAmount $50.00 is more than Amount $10.00";
    const history = [
      entry('Sale', 'GOOD', 1000, { approvedCents: 1000, totalCents: 1000 }),
      entry('Sale', 'BENT', 1000, { figuresProblem: problem }),
    ];
    const found = reconcile(history, daily([row('GOOD', 'Sale', 1000, '1'), row('BENT', 'Sale', 1030, '2')]), null);
    expect(found.mismatches).toEqual([
      expect.objectContaining({
        referenceId: 'BENT',
        kind: 'figures',
        journalCents: 1000,
        batchCents: 1030,
        explanation: expect.stringContaining('FeeAmount $50.00 is more than Amount $10.00'),
      }),
    ]);
    expect(found.matched).toBe(1);
    expectBridge(found.totals);
  });
});

describe('the journal note of a batch transaction this PC did not send, while main speaks Spanish', () => {
  speakSpanishInEachTest();

  const history = () => [
    entry('Sale', 'S1', 1000),
    entry('Sale', 'X2', 900, { result: 'declined', statusCode: '1005' }),
    entry('Return', 'X3', 300, { result: 'not-processed', statusCode: '' }),
  ];
  const batch = () =>
    daily([row('S1', 'Sale', 1000), row('X1', 'Sale', 700, '2'), row('X2', 'Sale', 900, '3'), row('X3', 'Return', 300, '4')]);

  it('keeps its English for the settlement and the CSV, and carries the Said the page words in Spanish', () => {
    const notes = reconcile(history(), batch(), null).notFromThisPc;
    expect(notes.map((item) => item.journalNote)).toEqual([
      '',
      "This PC's journal has the Sale as declined.",
      "This PC's journal has the Return as not processed.",
    ]);
    expect(notes.map((item) => item.journalNoteSaid && wordSaid(item.journalNoteSaid, item.journalNote))).toEqual([
      undefined,
      'El diario de esta PC registra la operación Sale como rechazada.',
      'El diario de esta PC registra la operación Return como no procesada.',
    ]);
  });

  it('drops a note’s Said a later spin-desk wrote, so its English shows', () => {
    const [, declined] = reconcile(history(), batch(), null).notFromThisPc;
    const later = { ...declined!, journalNoteSaid: { key: 'said_from_a_later_version', params: {} } } as unknown as typeof declined;
    const shown = withKnownNote(later!);
    expect(shown.journalNoteSaid).toBeUndefined();
    expect(wordSaid(shown.journalNoteSaid, shown.journalNote)).toBe("This PC's journal has the Sale as declined.");
    expect(withKnownNote(declined!)).toEqual(declined);
  });
});
