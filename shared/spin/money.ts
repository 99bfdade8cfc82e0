// Money inside the app is integer cents; the SPIn wire carries decimal dollars as JSON numbers.
// Converting through the decimal text of a number (not `x * 100`) is what keeps 19.99 at 1999
// and 0.1 + 0.2 at 30: binary doubles cannot hold most cent values exactly, but their shortest
// decimal text (what JavaScript prints) is the value the user or the service meant.

import * as m from '../i18n/paraglide/messages/_index.js';
import { formatCents } from '../i18n/format';

/** Largest amount the app accepts anywhere: $99,999,999.99. */
export const MAX_CENTS = 9_999_999_999;

/** Up to $1,000,000,000: toCents' fast path is exact below this (see there). */
const FAST_PATH_CENTS = 100_000_000_000;

/** Splits the shortest decimal text of a finite, non-negative number into integer and fraction digits. */
function decimalDigits(abs: number): { whole: string; fraction: string } {
  // toString() may use exponent notation (1e21, 5e-7); expand it so the digits can be cut at the point.
  const [mantissa = '0', exponentText] = abs.toString().split('e');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const [intPart = '0', fracPart = ''] = mantissa.split('.');
  let digits = intPart + fracPart;
  let point = intPart.length + exponent;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/**
 * Dollars -> integer cents, rounding half away from zero on the decimal text of the number,
 * so 1.005 -> 101, 8.675 -> 868 and -1.005 -> -101 (what a person reading the number expects,
 * even though the nearest double to 1.005 is slightly below it).
 */
export function toCents(dollars: number): number {
  // Fast path for the common case, an amount with at most two decimals: when the nearest double to
  // scaled / 100 is `dollars` itself, its shortest text is that two-decimal number (below 1e9
  // dollars doubles are far closer together than a cent, so no other cent value maps there), and
  // the decimal-text path below would return the same cents. A 10,000-row report converts 10,000.
  const scaled = Math.round(dollars * 100);
  if (Math.abs(scaled) < FAST_PATH_CENTS && scaled / 100 === dollars) return scaled || 0;
  if (!Number.isFinite(dollars)) throw new RangeError(`Amount must be a finite number, got ${dollars}`);
  const { whole, fraction } = decimalDigits(Math.abs(dollars));
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1 : 0;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + roundUp;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount is too large to count in cents: ${dollars}`);
  // `|| 0` turns -0 into 0 so a zero amount never prints as "-$0.00".
  return (dollars < 0 ? -cents : cents) || 0;
}

/** Integer cents -> dollars for the wire. Division by 100 yields the double nearest the exact value. */
export function toDollars(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a whole number, got ${cents}`);
  return cents / 100;
}

/** True when a dollar number is exactly what its 2-decimal rounding prints (0.30000000000000004 is not). */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Number.isFinite(dollars) && Number(dollars.toFixed(2)) === dollars;
}

/** `negative` marks a minus sign, so a box that needs more than $0.00 can say that one rule instead. */
export type ParsedMoney = { ok: true; cents: number } | { ok: false; error: string; negative?: true };

/** The one message for an amount that must be above zero ("0" and "-5" alike), in the language of the moment. */
export function moreThanZero(): string {
  return m.rule_more_than({ min: formatCents(0) });
}

// Digits with optional correctly placed thousands separators, then an optional fraction.
const MONEY_TEXT = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

/** Parses what a person types into an amount box: "12", "12.5", "$1,234.56", " 3.00 ". */
export function parseMoney(text: string): ParsedMoney {
  let rest = text.trim();
  if (rest === '') return { ok: false, error: m.rule_enter_amount_like() };
  if (/^[-\u2212(]/.test(rest) || /^\$\s*-/.test(rest)) {
    return { ok: false, error: m.rule_enter_amount_not_negative({ zero: formatCents(0) }), negative: true };
  }
  rest = rest.replace(/^\$\s*/, '');
  const match = MONEY_TEXT.exec(rest);
  const whole = (match?.[1] ?? '').replace(/,/g, '');
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return { ok: false, error: m.rule_enter_amount_like() };
  if (fraction.length > 2) return { ok: false, error: m.rule_use_at_most_decimals({ places: 2 }) };
  // Count digits before converting so a huge input cannot lose precision on the way.
  const tooLarge = whole.replace(/^0+/, '').length > 8;
  const cents = tooLarge ? Infinity : Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_CENTS) return { ok: false, error: m.rule_enter_amount_at_most({ max: formatCents(MAX_CENTS) }) };
  return { ok: true, cents };
}

/** parseMoney that also takes a leading minus (a discount line of a cart): "-1.50" is -150 cents. */
export function parseSignedMoney(text: string): ParsedMoney {
  const trimmed = text.trim();
  if (!trimmed.startsWith('-')) return parseMoney(trimmed);
  const parsed = parseMoney(trimmed.slice(1));
  return parsed.ok ? { ok: true, cents: -parsed.cents } : parsed;
}

/**
 * Integer cents -> "$1,234.56" (US dollars; negatives as "-$1.00"), in the language the person
 * chose (shared/i18n/format.ts; the main process keeps English). Never for CSV or the wire.
 */
export function formatMoney(cents: number): string {
  return formatCents(cents);
}

/** Sums integer cents; refuses fractional cents so a dollar value passed by mistake is caught. */
export function sumCents(values: readonly number[]): number {
  let total = 0;
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Cents must be whole numbers, got ${value}`);
    total += value;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('Sum of cents is too large');
  return total;
}
