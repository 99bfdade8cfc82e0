import { describe, expect, it } from 'vitest';
import { parseLenient } from '@shared/spin/lenient-parse';
import { DailyResponse, SettleResponse } from '@shared/spin/responses/batch';
import { StatusListResponse } from '@shared/spin/responses/lookup';
import { responseExamples } from '../../../tests/support/spin-examples';
import { readListsInSlices } from './sliced-read';

// Reading the lists ahead in slices must give what reading the answer whole gives: the same rows,
// the same fields left out, the same notes at the same paths; and it must not change the answer
// it was given (the request log keeps that one).

const APPROVED = { ResultCode: '0', StatusCode: '0000' };

/** Rows of every kind: ready, amounts as text, unreadable fields, entries that are not rows at all. */
function mixedRows(count: number, seed: number): unknown[] {
  return Array.from({ length: count }, (_, index) => {
    switch ((index + seed) % 5) {
      case 0:
        return { Number: String(index), ReferenceId: `R${index}`, Amount: 1.5 };
      case 1:
        return { Number: index, Amount: '2.25' };
      case 2:
        return { Number: String(index), Amount: 'n/a', Last4: { odd: true } };
      case 3:
        return 0;
      default:
        return { Number: null, CardType: 'Visa', Extra: [1, 2] };
    }
  });
}

async function bothWays(schema: Parameters<typeof parseLenient>[0], answer: unknown) {
  const before = structuredClone(answer);
  const whole = parseLenient(schema, answer);
  const ahead = await readListsInSlices(schema, answer);
  const sliced = parseLenient(schema, ahead.value);
  expect(answer, 'the answer given is left as it was').toEqual(before);
  return { whole, sliced, notes: ahead.ignored };
}

describe('readListsInSlices', () => {
  it('a Daily of two applications, 2,500 and 3,100 mixed rows, reads as it does whole', async () => {
    const answer = {
      GeneralResponse: APPROVED,
      DailyDetails: [
        { Application: 'Credit', TransactionsDailyReports: mixedRows(2_500, 0) },
        7,
        { Application: 'Debit', TotalAmount: '12.5', TransactionsDailyReports: mixedRows(3_100, 2) },
      ],
    };
    const { whole, sliced, notes } = await bothWays(DailyResponse, answer);
    expect(whole.success && sliced.success).toBe(true);
    if (!whole.success || !sliced.success) return;
    expect(sliced.data).toEqual(whole.data);
    expect([...notes, ...sliced.ignored].sort(byPath)).toEqual([...whole.ignored].sort(byPath));
    expect(notes).toContainEqual({
      path: 'DailyDetails.2.TransactionsDailyReports.3095.Amount',
      message: 'must be a number; got text, so it was left out',
    });
  });

  it('a StatusList of 2,300 records, some with unreadable details, reads as it does whole', async () => {
    const record = responseExamples.Status as Record<string, unknown>;
    const records = Array.from({ length: 2_300 }, (_, index) =>
      index % 7 === 0 ? { ...record, Amounts: 'lots' } : index % 11 === 0 ? 'not a record' : { ...record, TransactionNumber: index },
    );
    const { whole, sliced, notes } = await bothWays(StatusListResponse, { GeneralResponse: APPROVED, Transactions: records });
    expect(whole.success && sliced.success).toBe(true);
    if (!whole.success || !sliced.success) return;
    expect(sliced.data).toEqual(whole.data);
    expect([...notes, ...sliced.ignored].sort(byPath)).toEqual([...whole.ignored].sort(byPath));
  });

  it('leaves an answer without lists, or with lists of the wrong kind, to the whole parse', async () => {
    const answer = { GeneralResponse: APPROVED, SettleDetails: 'none', Other: [1, 2, 3] };
    const ahead = await readListsInSlices(SettleResponse, answer);
    expect(ahead.value).toBe(answer);
    expect(ahead.ignored).toEqual([]);
  });
});

const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
