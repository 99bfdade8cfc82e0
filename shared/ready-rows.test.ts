import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DailyApplication, DailyReport, DailyRow } from './ipc/report-views';

// DailyReport's rows skip zod when a plain check vouches for them (readyRows); whatever the rows,
// the contract's output check must answer exactly as the plain z.array(DailyRow) did.

const plain = z.object({
  profileId: z.string(),
  tpn: z.string(),
  fetchedAt: z.string(),
  applications: z.array(DailyApplication),
  rows: z.array(DailyRow),
});

const good: DailyRow = {
  application: 'Credit',
  number: '12',
  referenceId: 'R12',
  cardType: 'Visa',
  transactionType: 'Sale',
  last4: '0119',
  amountCents: 1250,
};

const variants: unknown[] = [
  good,
  { ...good, amountCents: null },
  { ...good, amountCents: -0 },
  { ...good, amountCents: -300 },
  { ...good, last4: '' },
  { ...good, extra: 'dropped by zod' },
  { ...good, amountCents: 12.5 },
  { ...good, amountCents: 2 ** 53 },
  { ...good, amountCents: Number.NaN },
  { ...good, amountCents: '1250' },
  { ...good, amountCents: undefined },
  { ...good, last4: '40119' },
  { ...good, number: 12 },
  { ...good, referenceId: null },
  Object.fromEntries(Object.entries(good).filter(([key]) => key !== 'cardType')),
  { ...Object.fromEntries(Object.entries(good).filter(([key]) => key !== 'cardType')), other: 'Visa' },
  null,
  'row',
  [good],
];

describe('DailyReport rows read through readyRows', () => {
  it.each(variants.map((row, index) => [index, row]))('variant %i gives what z.array(DailyRow) gives', (_index, row) => {
    const report = {
      profileId: 'p1',
      tpn: 'TPN000000001',
      fetchedAt: '2026-01-31T20:00:00.000Z',
      applications: [],
      rows: [good, row, good],
    };
    const fast = DailyReport.safeParse(report);
    const reference = plain.safeParse(report);
    expect(fast.success).toBe(reference.success);
    if (fast.success && reference.success) expect(fast.data).toStrictEqual(reference.data);
    else expect(fast.error?.issues).toEqual(reference.error?.issues);
  });

  it('keeps a ready row as the same object and copies only the others', () => {
    const odd = { ...good, extra: 'x' };
    const parsed = DailyReport.parse({ profileId: 'p1', tpn: 'T', fetchedAt: '', applications: [], rows: [good, odd] });
    expect(parsed.rows[0]).toBe(good);
    expect(parsed.rows[1]).toStrictEqual(good);
  });
});
