import { describe, expect, it } from 'vitest';
import { responseExamples } from '../../tests/support/spin-examples';
import { speakSpanishInEachTest } from '../../tests/support/speak-spanish';
import { parseLenient } from './lenient-parse';
import { SaleResponse } from './responses/payment';
import { StatusListResponse } from './responses/lookup';
import { DailyResponse } from './responses/batch';

// Answers from the field: only GeneralResponse must be readable; every other field is read on its
// own and, when it cannot be, left out with a note that names it and the rule it broke.

const sale = responseExamples.Sale;

describe('parseLenient', () => {
  it('reads a well-formed answer without notes', () => {
    const result = parseLenient(SaleResponse, sale);
    expect(result).toMatchObject({ success: true, ignored: [] });
  });

  it.each([
    ['Voided "N"', { Voided: 'N' }, { Voided: false }],
    ['Voided 1', { Voided: 1 }, { Voided: true }],
    ['numbers where text is expected', { TransactionNumber: 12, AuthCode: 123456 }, { TransactionNumber: '12', AuthCode: '123456' }],
    ['nulls', { AuthCode: null, Amounts: null, CardData: null }, { AuthCode: null, Amounts: null, CardData: null }],
    ['extra fields', { Brand: { New: ['x'] } }, { Brand: { New: ['x'] } }],
    ['MerchantNumber as numeric text', { MerchantNumber: '2' }, { MerchantNumber: 2 }],
  ])('understands %s', (_name, patch, expected) => {
    const result = parseLenient(SaleResponse, { ...sale, ...patch });
    expect(result.success && result.ignored).toEqual([]);
    expect(result.success && result.data).toMatchObject(expected);
  });

  it.each([
    ['Receipts as text', { Receipts: 'COPY' }, 'Receipts', 'must be an object; got text, so it was left out'],
    ['MerchantNumber as a name', { MerchantNumber: 'Main store' }, 'MerchantNumber', 'must be a number; got text, so it was left out'],
    ['an object where text belongs', { AuthCode: { code: 'X' } }, 'AuthCode', 'must be a string; got an object, so it was left out'],
    [
      'a nested field of the wrong type',
      { Amounts: { ...(sale.Amounts as object), TipAmount: 'five' } },
      'Amounts.TipAmount',
      'must be a number; got text, so it was left out',
    ],
    [
      'a GeneralResponse detail',
      { GeneralResponse: { ...(sale.GeneralResponse as object), Message: { text: 'Approved' } } },
      'GeneralResponse.Message',
      'must be a string; got an object, so it was left out',
    ],
  ])('leaves out %s and keeps the approval', (_name, patch, path, message) => {
    const result = parseLenient(SaleResponse, { ...sale, ...patch });
    if (!result.success) throw new Error('expected success');
    expect(result.ignored).toEqual([{ path, message }]);
    expect(result.data.GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
    // "Not given": the field is gone from the answer, its neighbours are not.
    const parent = path
      .split('.')
      .slice(0, -1)
      .reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, result.data);
    expect(parent).not.toHaveProperty(path.split('.').pop() as string);
    expect(result.data.ReferenceId).toBe(sale.ReferenceId);
  });

  it('accepts ResultCode and StatusCode as numbers, and top-level ones', () => {
    const numeric = parseLenient(SaleResponse, { ...sale, GeneralResponse: { ResultCode: 0, StatusCode: 1 } });
    expect(numeric.success && numeric.data.GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0001' });
    const topLevel = parseLenient(SaleResponse, { ResultCode: 1, StatusCode: 1015, ReferenceId: 'R1' });
    expect(topLevel.success && topLevel.data.GeneralResponse).toMatchObject({ ResultCode: '1', StatusCode: '1015' });
  });

  it.each([
    ['no GeneralResponse', { ReferenceId: 'R1' }, 'GeneralResponse'],
    ['an unreadable ResultCode', { GeneralResponse: { ResultCode: { ok: true }, StatusCode: '0000' } }, 'GeneralResponse.ResultCode'],
    ['a body that is not an object', ['not', 'an', 'answer'], ''],
  ])('fails on %s', (_name, body, path) => {
    const result = parseLenient(SaleResponse, body);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.path.join('.')).toBe(path);
  });

  it('removes several bad entries of one list without skipping any', () => {
    const good = (n: number) => ({ ...sale, TransactionNumber: String(n) });
    const body = { GeneralResponse: sale.GeneralResponse, Transactions: [good(1), 7, good(2), 'x', null, good(3)] };
    const result = parseLenient(StatusListResponse, body);
    if (!result.success) throw new Error('expected success');
    expect(result.data.Transactions?.map((t) => t.TransactionNumber)).toEqual(['1', '2', '3']);
    expect(result.ignored.map((f) => f.path)).toEqual(['Transactions.1', 'Transactions.3', 'Transactions.4']);
  });
  // Daily's rows take looseRows' fast path when already typed; every other row must read exactly
  // as a looseRecord of the same fields would: coerced, extra keys kept, a bad field left out alone.
  it('reads Daily rows the same way whether or not they need coercion', () => {
    const typed = {
      Number: '1',
      ReferenceId: 'R1',
      CardType: 'Visa',
      TransactionType: 'Sale',
      Last4: '1234',
      Amount: 1.5,
      Extra: { kept: true },
    };
    const rows = [
      typed,
      { Number: 2, ReferenceId: 'R2', CardType: null, TransactionType: 'Sale', Amount: '2.50' },
      { Number: '3', ReferenceId: 'R3', Last4: { digits: '9' }, Amount: 'three' },
      'not a row',
      { Number: '5', Amount: null },
    ];
    const body = { GeneralResponse: sale.GeneralResponse, DailyDetails: [{ Application: 'Credit', TransactionsDailyReports: rows }] };
    const result = parseLenient(DailyResponse, body);
    if (!result.success) throw new Error('expected success');
    expect(result.data.DailyDetails?.[0]?.TransactionsDailyReports).toEqual([
      typed,
      { Number: '2', ReferenceId: 'R2', CardType: null, TransactionType: 'Sale', Amount: 2.5 },
      { Number: '3', ReferenceId: 'R3' },
      { Number: '5', Amount: null },
    ]);
    expect(result.ignored).toEqual([
      { path: 'DailyDetails.0.TransactionsDailyReports.2.Last4', message: 'must be a string; got an object, so it was left out' },
      { path: 'DailyDetails.0.TransactionsDailyReports.2.Amount', message: 'must be a number; got text, so it was left out' },
      { path: 'DailyDetails.0.TransactionsDailyReports.3', message: 'must be an object; got text, so it was left out' },
    ]);
  });
});

describe('parseLenient while main speaks Spanish', () => {
  speakSpanishInEachTest();

  // The note reaches the person at once, in the payment result that read the answer.
  it('words what it left out, and what came instead, in Spanish', () => {
    const result = parseLenient(SaleResponse, { ...sale, Receipts: 'COPY', AuthCode: { code: 'X' } });
    expect(result.success && result.ignored).toEqual([
      { path: 'AuthCode', message: 'debe ser texto; llegó un objeto, así que se dejó fuera' },
      { path: 'Receipts', message: 'debe ser un objeto; llegó texto, así que se dejó fuera' },
    ]);
  });
});
