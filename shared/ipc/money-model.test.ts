import { describe, expect, it } from 'vitest';
import type { JournalEntryView } from './journal-views';
import { moneyOfEntry, moneyOfRecord, moneyParts, signedMoney, signOfOperation } from './money-model';

function entry(fields: Partial<JournalEntryView>): JournalEntryView {
  return {
    id: 'e1',
    operation: 'Sale',
    referenceId: 'SD1',
    profileId: 'p1',
    tpn: 'Z8SIM0000001',
    amountCents: 1234,
    tipCents: 200,
    createdAt: '2026-01-31T10:00:00.000Z',
    state: 'approved',
    attempts: 0,
    ...fields,
  };
}

const approved = { at: '2026-01-31T10:00:02.000Z', statusCode: '0000', message: 'Approved' };

describe('the money model', () => {
  it('takes the tip out of the record’s Amount (amount with tip) for the base, and the total as charged', () => {
    expect(moneyOfRecord({ amount: 1434, tip: 200, fee: null, tax: null, total: 1434 })).toEqual({
      baseCents: 1234,
      tipCents: 200,
      feeCents: 0,
      taxCents: 0,
      totalCents: 1434,
    });
  });

  it('keeps a fee and tax apart from the base, and derives a missing figure from the others', () => {
    expect(moneyOfRecord({ amount: 1000, tip: 0, fee: 30, tax: 20, total: 1050 })).toMatchObject({
      baseCents: 1000,
      feeCents: 30,
      totalCents: 1050,
    });
    expect(moneyOfRecord({ amount: null, tip: 100, fee: 30, tax: 0, total: 1130 })).toMatchObject({ baseCents: 1000, totalCents: 1130 });
    expect(moneyOfRecord({ amount: 1100, tip: 100, fee: 30, tax: null, total: null })).toMatchObject({ baseCents: 1000, totalCents: 1130 });
    expect(moneyOfRecord({ amount: null, tip: null, fee: null, tax: null, total: null })).toMatchObject({
      baseCents: null,
      totalCents: null,
    });
  });

  it('reads a journal entry by the terminal’s answer: a tip adjustment shows the new tip and the new total', () => {
    const sale = entry({ outcome: { ...approved, approvedCents: 1434, answeredTipCents: 200, totalCents: 1434 } });
    expect(moneyOfEntry(sale)).toMatchObject({ baseCents: 1234, tipCents: 200, totalCents: 1434 });
    const adjust = entry({
      operation: 'TipAdjust',
      amountCents: 1434,
      tipCents: 350,
      outcome: { ...approved, approvedCents: 1584, answeredTipCents: 350, totalCents: 1584 },
    });
    expect(moneyOfEntry(adjust)).toMatchObject({ baseCents: 1234, tipCents: 350, totalCents: 1584 });
    expect(moneyParts(moneyOfEntry(adjust))).toBe('$12.34 + $3.50 tip');
  });

  it('reads what was asked when the terminal answered no figures; a tip adjustment alone names only its tip', () => {
    expect(moneyOfEntry(entry({ state: 'pending' }))).toMatchObject({ baseCents: 1234, tipCents: 200, totalCents: 1434 });
    expect(moneyOfEntry(entry({ operation: 'TipAdjust', state: 'declined', amountCents: 1434, tipCents: 350 }))).toMatchObject({
      baseCents: null,
      tipCents: 350,
      totalCents: null,
    });
  });

  it('signs returns and voids negative, and says the parts only when there is something to add', () => {
    expect(signOfOperation('Return')).toBe(-1);
    expect(signOfOperation('Void')).toBe(-1);
    expect(signOfOperation('TipAdjust')).toBe(1);
    const voided = signedMoney(moneyOfRecord({ amount: 1584, tip: 350, fee: null, tax: null, total: 1584 }), -1);
    expect(voided).toEqual({ baseCents: -1234, tipCents: -350, feeCents: 0, taxCents: 0, totalCents: -1584 });
    expect(moneyParts(moneyOfRecord({ amount: 500, tip: 0, fee: null, tax: null, total: 500 }))).toBe('');
  });
});
