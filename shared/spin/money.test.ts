import { describe, expect, it } from 'vitest';
import { formatMoney, hasAtMostTwoDecimals, parseMoney, sumCents, toCents, toDollars } from './money';

describe('toCents', () => {
  it.each([
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1.005, 101],
    [8.675, 868],
    [1.0049, 100],
    [-1.005, -101],
    [-0, 0],
    [0, 0],
    [42.5, 4250],
    [99_999_999.99, 9_999_999_999],
    [1e-7, 0],
    [0.015, 2],
    [1.1 * 3, 330],
  ])('%d dollars -> %d cents', (dollars, cents) => {
    expect(Object.is(toCents(dollars), cents)).toBe(true);
  });

  it.each([NaN, Infinity, -Infinity])('throws RangeError on %d', (value) => {
    expect(() => toCents(value)).toThrow(RangeError);
  });

  // The fast path (two decimals, under $1e9) must agree with the decimal-text rounding; this
  // reference is integer arithmetic on thousandths, independent of both.
  it.each([
    ['thousandths up to $1,000', 1, 1_000_000],
    ['thousandths near the fast path edge', 999_999_990_000, 1_000_000_010_000],
  ])('rounds any three-decimal amount half away from zero (%s)', (_what, from, to) => {
    const step = Math.max(1, Math.floor((to - from) / 20_000));
    for (let thousandths = from; thousandths <= to; thousandths += step) {
      const expected = Math.floor((thousandths + 5) / 10);
      expect(toCents(thousandths / 1000)).toBe(expected);
      expect(toCents(-thousandths / 1000)).toBe(-expected || 0); // never -0
    }
  });

  it('keeps every cent value exact around the fast path edge ($1e9) and far above it', () => {
    for (const base of [99_999_999_900, 100_000_000_000, 900_719_925_474_000]) {
      for (let cents = base - 100; cents <= base + 100; cents += 1) expect(toCents(cents / 100)).toBe(cents);
    }
  });

  it('throws RangeError when the cents would not be a safe integer', () => {
    expect(() => toCents(1e21)).toThrow(RangeError);
  });
});

describe('toDollars', () => {
  it.each([
    [1999, 19.99],
    [30, 0.3],
    [-100, -1],
    [0, 0],
  ])('%d cents -> %d dollars', (cents, dollars) => {
    expect(toDollars(cents)).toBe(dollars);
  });

  it.each([1.5, NaN, Infinity])('throws RangeError on %d', (value) => {
    expect(() => toDollars(value)).toThrow(RangeError);
  });

  it('round-trips every cent value from 0 to $100 exactly', () => {
    for (let cents = 0; cents <= 10_000; cents++) {
      const dollars = toDollars(cents);
      expect(toCents(dollars)).toBe(cents);
      expect(hasAtMostTwoDecimals(dollars)).toBe(true);
    }
  });
});

describe('parseMoney', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['$1,234.56', 123456],
    [' 3.00 ', 300],
    ['$ 7', 700],
    ['.5', 50],
    ['0', 0],
    ['99999999.99', 9_999_999_999],
    ['1,000,000', 100_000_000],
  ])('%j -> %d cents', (text, cents) => {
    expect(parseMoney(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'Enter an amount like 12.50'],
    ['   ', 'Enter an amount like 12.50'],
    ['abc', 'Enter an amount like 12.50'],
    ['12.5.0', 'Enter an amount like 12.50'],
    ['1,23', 'Enter an amount like 12.50'],
    ['$', 'Enter an amount like 12.50'],
    ['1e3', 'Enter an amount like 12.50'],
    ['-5', 'Enter an amount of $0.00 or more, without a minus sign'],
    ['$-5', 'Enter an amount of $0.00 or more, without a minus sign'],
    ['1.005', 'Use at most 2 decimal places'],
    ['100000000', 'Enter an amount no larger than $99,999,999.99'],
    ['99999999.999', 'Use at most 2 decimal places'],
    ['123456789012345678901234', 'Enter an amount no larger than $99,999,999.99'],
  ])('%j is refused: %s', (text, error) => {
    expect(parseMoney(text)).toMatchObject({ ok: false, error });
  });

  it('marks a minus sign, so a box for amounts above zero can say that rule instead', () => {
    expect(parseMoney('-5')).toEqual({ ok: false, error: 'Enter an amount of $0.00 or more, without a minus sign', negative: true });
    expect(parseMoney('abc')).not.toHaveProperty('negative');
  });
});

describe('formatMoney', () => {
  it.each([
    [123456, '$1,234.56'],
    [0, '$0.00'],
    [5, '$0.05'],
    [-100, '-$1.00'],
    [9_999_999_999, '$99,999,999.99'],
    [100_000_000, '$1,000,000.00'],
  ])('%d -> %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('round-trips with parseMoney', () => {
    for (const cents of [0, 1, 99, 100, 1999, 123456, 100_000_000, 9_999_999_999]) {
      expect(parseMoney(formatMoney(cents))).toEqual({ ok: true, cents });
    }
  });

  it('refuses fractional cents', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });
});

describe('sumCents', () => {
  it('adds integer cents exactly', () => {
    expect(sumCents([10, 20, 1999])).toBe(2029);
    expect(sumCents([])).toBe(0);
  });

  it('refuses dollars passed by mistake', () => {
    expect(() => sumCents([0.1, 0.2])).toThrow(RangeError);
  });
});
