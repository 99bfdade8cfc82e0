import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CENTS, toCents } from './money';
import { AMOUNT_FIELDS, FIGURES_DO_NOT_ADD_UP, readTerminalAmounts, readTerminalMoney } from './terminal-amounts';

describe('readTerminalMoney', () => {
  it.each([
    [-0.5, 'FeeAmount: -0.5 is below $0.00'],
    ['1e3', 'FeeAmount: "1e3" is not an amount in dollars like 12.50'],
    ['abc', 'FeeAmount: "abc" is not an amount in dollars like 12.50'],
    ['NaN', 'FeeAmount: "NaN" is not an amount in dollars like 12.50'],
    ['Infinity', 'FeeAmount: "Infinity" is not an amount in dollars like 12.50'],
    ['-Infinity', 'FeeAmount: "-Infinity" is not an amount in dollars like 12.50'],
    [Number.NaN, 'FeeAmount: NaN is not a finite number'],
    [Number.POSITIVE_INFINITY, 'FeeAmount: Infinity is not a finite number'],
    [1e15, 'FeeAmount: 1000000000000000 is above the largest amount, $99,999,999.99'],
    [1e308, 'FeeAmount: 1e+308 is above the largest amount, $99,999,999.99'],
    [100_000_000, 'FeeAmount: 100000000 is above the largest amount, $99,999,999.99'],
    [true, 'FeeAmount: true is not an amount'],
    [{ value: 1 }, 'FeeAmount: {"value":1} is not an amount'],
  ])('names the field and the rule for %s', (value, problem) => {
    expect(readTerminalMoney('FeeAmount', value)).toEqual({ ok: false, problem });
  });

  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    [0, 0],
    [0.001, 0],
    [1.005, 101],
    ['12.50', 1250],
    [' 3 ', 300],
    [50, 5000],
    [99_999_999.99, MAX_CENTS],
  ])('reads %s as %s cents', (value, cents) => {
    expect(readTerminalMoney('Amount', value)).toEqual({ ok: true, cents });
  });

  it('never throws, and every value it believes is whole cents from $0.00 to the largest amount', () => {
    const hostile = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.string(),
      fc.double().map(String),
      fc.constantFrom(null, undefined, '', 'NaN', 'Infinity', '1e3', '-0.5', 1e15, 1e308, -0, Number.MAX_VALUE, Number.MIN_VALUE),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(hostile, (value) => {
        const read = readTerminalMoney('TaxAmount', value);
        if (!read.ok) expect(read.problem).toMatch(/^TaxAmount: /);
        else if (read.cents !== null) {
          expect(Number.isSafeInteger(read.cents)).toBe(true);
          expect(read.cents).toBeGreaterThanOrEqual(0);
          expect(read.cents).toBeLessThanOrEqual(MAX_CENTS);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with toCents on every amount a terminal may truly send', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), (cents) => {
        expect(readTerminalMoney('Amount', cents / 100)).toEqual({ ok: true, cents: toCents(cents / 100) });
        expect(readTerminalMoney('Amount', (cents / 100).toFixed(2))).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe('readTerminalAmounts', () => {
  const sale = { TotalAmount: 10.3, Amount: 10, TipAmount: 0, FeeAmount: 0.3, TaxAmount: 0 };

  it('believes figures that add up, whichever way the tip and fee sit', () => {
    expect(readTerminalAmounts(sale)).toEqual({ cents: { total: 1030, amount: 1000, tip: 0, fee: 30, tax: 0 } });
    // The docs' sample: Amount 1 + fee 0.03 + tax 0.02 = 1.05.
    expect(readTerminalAmounts({ TotalAmount: 1.05, Amount: 1, FeeAmount: 0.03, TaxAmount: 0.02 }).problem).toBeUndefined();
    // The tip only in TotalAmount (a terminal that echoes the Amount it was sent).
    expect(readTerminalAmounts({ TotalAmount: 12, Amount: 10, TipAmount: 2 }).problem).toBeUndefined();
    // Fee carved out of Amount (the XML tool's reading), a cent of rounding, and nulls for "not said".
    expect(readTerminalAmounts({ TotalAmount: 10, Amount: 10, FeeAmount: 0.3 }).problem).toBeUndefined();
    expect(readTerminalAmounts({ TotalAmount: 10.31, Amount: 10, FeeAmount: 0.3 }).problem).toBeUndefined();
    expect(readTerminalAmounts({ TotalAmount: 5, Amount: 5, TipAmount: null, FeeAmount: null, TaxAmount: null }).problem).toBeUndefined();
    expect(readTerminalAmounts(null)).toEqual({ cents: { total: null, amount: null, tip: null, fee: null, tax: null } });
  });

  it.each([
    [{ ...sale, FeeAmount: -0.5 }, 'FeeAmount: -0.5 is below $0.00'],
    [{ ...sale, FeeAmount: 50 }, 'FeeAmount $50.00 is more than Amount $10.00'],
    [{ ...sale, FeeAmount: 1000 }, 'FeeAmount $1,000.00 is more than Amount $10.00'],
    [{ ...sale, FeeAmount: 1e15 }, 'FeeAmount: 1000000000000000 is above the largest amount, $99,999,999.99'],
    [{ ...sale, FeeAmount: 1e308 }, 'FeeAmount: 1e+308 is above the largest amount'],
    [{ ...sale, TipAmount: -1 }, 'TipAmount: -1 is below $0.00'],
    [{ ...sale, TaxAmount: 'abc' }, 'TaxAmount: "abc" is not an amount in dollars'],
    [{ ...sale, FeeAmount: null }, 'TotalAmount $10.30 is not Amount + TipAmount + FeeAmount + TaxAmount ($10.00)'],
    [{ ...sale, TotalAmount: 13.3 }, 'TotalAmount $13.30 is not Amount + TipAmount + FeeAmount + TaxAmount ($10.30)'],
  ])('flags %o', (amounts, words) => {
    const read = readTerminalAmounts(amounts);
    expect(read.problem).toContain(`${FIGURES_DO_NOT_ADD_UP}: `);
    expect(read.problem).toContain(words);
  });

  it('flags a field the client could not read at all (null in the record, named in ignoredFields)', () => {
    const read = readTerminalAmounts({ ...sale, FeeAmount: undefined }, [{ path: 'Amounts.FeeAmount', message: 'must be a number' }]);
    expect(read.problem).toBe(`${FIGURES_DO_NOT_ADD_UP}: FeeAmount: could not be read (must be a number)`);
    expect(read.cents.fee).toBeNull();
  });

  it('never throws and names a field whenever it refuses', () => {
    const part = fc.oneof(fc.double(), fc.string(), fc.constantFrom(null, -0.5, 1e15, 'NaN', '1e3'));
    fc.assert(
      fc.property(fc.record(Object.fromEntries(AMOUNT_FIELDS.map((f) => [f, part]))), (amounts) => {
        const read = readTerminalAmounts(amounts);
        if (read.problem !== undefined) expect(read.problem).toMatch(/(TotalAmount|Amount|TipAmount|FeeAmount|TaxAmount)/);
      }),
    );
  });
});
