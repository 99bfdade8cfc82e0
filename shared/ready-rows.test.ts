import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DailyApplication, DailyRow } from './ipc/report-views';
import { readyColumn, readyRows } from './ready-rows';
import { quickAccept } from './spin/quick-accept';

// Long lists skip zod where a plain check vouches for their items (readyRows: rows; readyColumn:
// one list of plain values); whatever the items, the answer must be exactly z.array's.

const DailyReport = z.object({
  profileId: z.string(),
  tpn: z.string(),
  fetchedAt: z.string(),
  applications: z.array(DailyApplication),
  rows: readyRows(DailyRow, (item) => quickAccept(DailyRow, item)),
});

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

describe('rows read through readyRows', () => {
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

/** [good, <hole>, good]: a list built with a gap, which z.array reads as undefined there. */
function holed(good: unknown): unknown[] {
  const list = [good];
  list[2] = good;
  return list;
}

describe('a column read through readyColumn', () => {
  const entries: [string, z.ZodType, unknown[]][] = [
    ['last4', DailyRow.shape.last4, ['0119', '', '40119', 119, null, undefined]],
    ['amountCents', DailyRow.shape.amountCents, [1250, null, -0, -300, 12.5, 2 ** 53, Number.NaN, '1250', undefined]],
    ['figuresProblem', z.string().nullable(), ['tip above the amount', null, 7, undefined]],
  ];
  it.each(entries)('%s: every value alone and among good ones gives what z.array gives', (_name, entry, values) => {
    const column = readyColumn(entry);
    const good = values[0];
    for (const list of [[good, good], ...values.map((value) => [good, value, good]), 'not a list', undefined, holed(good)]) {
      const fast = column.safeParse(list);
      const reference = z.array(entry).safeParse(list);
      expect(fast.success, JSON.stringify(list)).toBe(reference.success);
      if (fast.success && reference.success) expect(fast.data).toStrictEqual(reference.data);
      else expect(fast.error?.issues).toEqual(reference.error?.issues);
    }
  });

  it('keeps a list whose values are all ready as the same list', () => {
    const list = ['0119', '4242'];
    expect(readyColumn(DailyRow.shape.last4).parse(list)).toBe(list);
  });
});
