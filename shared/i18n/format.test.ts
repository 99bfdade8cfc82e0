import { afterEach, describe, expect, it } from 'vitest';
import { readLanguageFrom } from './current-language';
import { formatCents, formatDate, formatDateTime, formatNumber, formatTime } from './format';
import { formatMoney } from '../spin/money';

afterEach(() => readLanguageFrom(() => 'en'));

// A quarter past three in the afternoon on 4 March, in this computer's time zone.
const MARCH_4 = new Date(2026, 2, 4, 15, 5, 9);

describe('money by language', () => {
  it('keeps US dollars in both languages, with the sign before the dollar sign', () => {
    expect(formatCents(123456, 'en')).toBe('$1,234.56');
    expect(formatCents(-100, 'en')).toBe('-$1.00');
    expect(formatCents(123456, 'es-US')).toBe('$1,234.56');
    expect(formatCents(-5, 'es-US')).toBe('-$0.05');
  });

  it('prints every whole number of cents exactly, and a zero never as "-$0.00"', () => {
    expect(formatCents(Number.MAX_SAFE_INTEGER, 'en')).toBe('$90,071,992,547,409.91');
    expect(formatCents(-0, 'en')).toBe('$0.00');
    expect(() => formatCents(1.5, 'en')).toThrow(RangeError);
  });

  it("formatMoney keeps its callers' signature and figures, Spanish (US) writing dollars as the US does", () => {
    expect(formatMoney(199)).toBe('$1.99');
    expect(formatMoney(-123456789)).toBe('-$1,234,567.89');
    readLanguageFrom(() => 'es-US');
    expect(formatMoney(-123456789)).toBe('-$1,234,567.89');
  });
});

describe('numbers and dates by language', () => {
  it("puts the day before the month in Spanish and the month first in the US store's English", () => {
    expect(formatDate(MARCH_4, 'en')).toBe('3/4/2026');
    expect(formatDate(MARCH_4, 'es-US')).toBe('4/3/2026');
    expect(formatDateTime(MARCH_4, 'en')).toBe(MARCH_4.toLocaleString('en-US'));
    expect(formatDateTime(MARCH_4, 'es-US')).toBe(MARCH_4.toLocaleString('es-US'));
    expect(formatTime(MARCH_4, 'es-US')).toBe(MARCH_4.toLocaleTimeString('es-US'));
  });

  it('reads the language from the source the renderer hands in when none is passed', () => {
    let language: 'en' | 'es-US' = 'en';
    readLanguageFrom(() => language);
    expect(formatTime(MARCH_4)).toMatch(/PM$/);
    language = 'es-US';
    expect(formatTime(MARCH_4)).toMatch(/p\.\s?m\.$/);
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });

  it('shows a time that is not one as it came instead of failing the page', () => {
    expect(formatDateTime('not a time', 'en')).toBe('not a time');
  });
});
