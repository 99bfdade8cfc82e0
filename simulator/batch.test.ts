import { describe, expect, it } from 'vitest';
import { Batch } from './batch';
import { TEST_CARD } from './card';
import type { TxRecord } from './model';
import { Prng, deriveSeed } from './prng';
import { totalsOf } from './totals';

function record(n: number, fields: Partial<TxRecord> = {}): TxRecord {
  return {
    referenceId: `R${n}`,
    transactionType: 'Sale',
    paymentType: 'Credit',
    transactionNumber: n,
    statusCode: '0000',
    requestedCents: 1000,
    amountCents: 1000,
    tipCents: 0,
    feeCents: 0,
    taxCents: 0,
    authCode: `AUTH${String(n).padStart(2, '0')}`,
    rrn: '000000000001',
    token: 'T',
    invoiceNumber: '',
    merchantNumber: null,
    card: TEST_CARD,
    signature: false,
    voided: false,
    capturedBy: null,
    capturedAuth: null,
    feeRule: null,
    externalReceipt: '',
    level3Items: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    offlineAt: null,
    ...fields,
  };
}

describe('Batch', () => {
  it('indexes records by ReferenceId, AuthCode and TransactionNumber, and slices ranges', () => {
    const batch = new Batch(3, [record(1), record(2), record(3)]);
    expect(batch.nextTransactionNumber()).toBe(4);
    expect(batch.byReference('R2')?.transactionNumber).toBe(2);
    expect(batch.byAuthCode('AUTH03')?.referenceId).toBe('R3');
    expect(batch.byTransactionNumber(0)).toBeUndefined();
    expect(batch.range(2, 10).map((r) => r.referenceId)).toEqual(['R2', 'R3']);
    expect(batch.range(5, 9)).toEqual([]);
  });

  it('refuses duplicates and numbering gaps (so a bad state file cannot load)', () => {
    const batch = new Batch(1, [record(1)]);
    expect(() => batch.add(record(2, { referenceId: 'R1' }))).toThrow(/Duplicate ReferenceId/);
    expect(() => batch.add(record(2, { authCode: 'AUTH01' }))).toThrow(/Duplicate AuthCode/);
    expect(() => batch.add(record(3))).toThrow(/out of sequence/);
    expect(batch.size).toBe(1);
  });

  it('keeps declines until an approval takes the ReferenceId', () => {
    const batch = new Batch(1);
    batch.rememberDecline('R1', { GeneralResponse: { StatusCode: '1015' } });
    expect(batch.declineFor('R1')).toBeDefined();
    batch.add(record(1));
    expect(batch.declineFor('R1')).toBeUndefined();
    batch.rememberDecline('R1', { GeneralResponse: { StatusCode: '1015' } });
    expect(batch.declineFor('R1')).toBeUndefined();
  });
});

describe('totalsOf', () => {
  it('puts each record in one bucket and nets sales + captures - returns', () => {
    const records = [
      record(1, { amountCents: 1000, feeCents: 30 }),
      record(2, { voided: true, amountCents: 700 }),
      record(3, { transactionType: 'Return', amountCents: 250 }),
      record(4, { transactionType: 'Auth', amountCents: 400 }),
      record(5, { transactionType: 'Auth', amountCents: 900, capturedBy: 'R6' }),
      record(6, { transactionType: 'Capture', amountCents: 950, capturedAuth: 'R5' }),
    ];
    expect(totalsOf(records)).toEqual({ count: 6, sale: 1030, ticket: 950, ret: 250, auth: 400, void: 700, total: 1730 });
  });
});

describe('Prng', () => {
  it('repeats its sequence for the same seed and differs per terminal', () => {
    const a = new Prng(deriveSeed(1, 'T1'));
    const b = new Prng(deriveSeed(1, 'T1'));
    const c = new Prng(deriveSeed(1, 'T2'));
    const draw = (p: Prng) => [p.alnum(6), p.digits(12), p.int(10)].join('|');
    expect(draw(a)).toBe(draw(b));
    expect(draw(a)).not.toBe(draw(c));
    const resumed = new Prng(a.seed);
    expect(draw(resumed)).toBe(draw(a));
    expect(a.alnum(200)).toMatch(/^[A-HJ-NP-Z0-9]{200}$/);
  });
});
