import * as m from '../i18n/paraglide/messages/_index.js';
import { MAX_CENTS, formatMoney, toCents } from './money';

// Amounts the terminal sends are checked before they are believed (docs/PROTOCOL.md §3.7). Every
// path that turns a terminal's dollars into cents (a payment's answer, a Status lookup, the batch
// rebuild, a tip adjustment, Balance, the reports, the request log) reads them here, so a -0.50
// fee, a 1e15 fee or "abc" is named once, the same way, and never throws on the money path.

/** The money fields of a SPIn record's `Amounts` (docs/PROTOCOL.md §3.2). */
export const AMOUNT_FIELDS = ['TotalAmount', 'Amount', 'TipAmount', 'FeeAmount', 'TaxAmount'] as const;
export type AmountField = (typeof AMOUNT_FIELDS)[number];

/** A value read: cents (null: the terminal did not say), or what is wrong with it, naming the field. */
export type MoneyRead = { ok: true; cents: number | null } | { ok: false; problem: string };

/** Plain decimal dollars as text ("12.50", "3"): no sign, no exponent, no thousands separators. */
const DECIMAL_TEXT = /^\d+(?:\.\d+)?$/;
const SIGNED_DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

/** How the value is named in a problem: numbers as JavaScript prints them, anything else as JSON ("abc" in quotes). */
function shown(value: unknown): string {
  if (typeof value === 'number') return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * One money field of a terminal's answer in cents. A number or plain decimal text is read; null,
 * absent and "" mean "not said". It must be finite, at least $0.00 and at most MAX_CENTS (the
 * documented maximum of an amount, §7), and is rounded to whole cents as toCents does (1.005 ->
 * 101). Never throws: a value it cannot believe comes back as a problem such as
 * "FeeAmount: -0.5 is below $0.00". `signed`: a net figure that may be below zero (a report's
 * TotalAmount when returns outweigh sales), bounded the same way on both sides.
 */
export function readTerminalMoney(field: string, value: unknown, { signed = false }: { signed?: boolean } = {}): MoneyRead {
  if (value === null || value === undefined || value === '') return { ok: true, cents: null };
  // No function is made per call: a Daily reads 10,000 amounts here, and under tsx (the browser
  // host) every closure made also costs a call that names it.
  let dollars: number;
  if (typeof value === 'number') dollars = value;
  else if (typeof value === 'string' && (signed ? SIGNED_DECIMAL_TEXT : DECIMAL_TEXT).test(value.trim())) dollars = Number(value.trim());
  else if (typeof value === 'string') return problemWith(field, value, 'is not an amount in dollars like 12.50');
  else return problemWith(field, value, 'is not an amount');
  if (!Number.isFinite(dollars)) return problemWith(field, value, 'is not a finite number');
  if (dollars < 0 && !signed) return problemWith(field, value, 'is below $0.00');
  // Compared in dollars first, so toCents never meets a number too large to count (1e308).
  const cents = Math.abs(dollars) > MAX_CENTS / 100 + 0.01 ? Number.POSITIVE_INFINITY : toCents(dollars);
  if (Math.abs(cents) > MAX_CENTS) {
    const side = dollars < 0 ? 'below' : 'above';
    return problemWith(field, value, `is ${side} the largest amount, ${formatMoney(dollars < 0 ? -MAX_CENTS : MAX_CENTS)}`);
  }
  return { ok: true, cents };
}

function problemWith(field: string, value: unknown, rule: string): MoneyRead {
  return { ok: false, problem: `${field}: ${shown(value)} ${rule}` };
}

/** A record's amounts in cents; null where the terminal did not say or said something unreadable. */
export interface TerminalAmounts {
  total: number | null;
  amount: number | null;
  tip: number | null;
  fee: number | null;
  tax: number | null;
}

/**
 * What starts every problem with an answer's amounts as it is kept (the journal, the request log):
 * English, as all that is stored, so a support person reads it and the page can find its detail.
 */
export const FIGURES_DO_NOT_ADD_UP = "The terminal's figures do not add up";

/** The same words as a surface shows them, in the language of the moment. */
export function figuresDoNotAddUp(): string {
  return m.words_figures_do_not_add_up();
}

/**
 * An answer's amounts as read, and when they cannot be believed, why (naming the field). Its
 * `cents` then hold only the fields that could be read; callers keep them to show, never to sum.
 */
export interface AmountsRead {
  cents: TerminalAmounts;
  /** "The terminal's figures do not add up: FeeAmount: -0.5 is below $0.00". */
  problem?: string;
}

/** What the SPIn client noted of a field it could not read at all ("abc", "NaN"): path and rule. */
export interface UnreadableField {
  path: string;
  message: string;
}

const VIEW_KEYS: Record<AmountField, keyof TerminalAmounts> = {
  TotalAmount: 'total',
  Amount: 'amount',
  TipAmount: 'tip',
  FeeAmount: 'fee',
  TaxAmount: 'tax',
};

/** Tolerance of the sum check: the terminal rounds each part, so a cent either way is not a contradiction. */
const ROUNDING_CENTS = 1;

/**
 * Reads every money field of an `Amounts` object and checks that they agree: no part unreadable or
 * negative, the fee not above the amount, and TotalAmount what the parts make. Where the tip sits
 * is open (§13.1) and so is where the fee sits (§4.1), so a total is believed when it is Amount +
 * fee + tax (the tip inside Amount), Amount + tip + fee + tax (the tip only in the total), or
 * Amount itself (fee and tax carved out of it). `unreadable`: fields the client left out of the
 * answer because they were not numbers at all; a TotalAmount that includes them cannot be checked.
 */
export function readTerminalAmounts(
  amounts: Partial<Record<AmountField, unknown>> | null | undefined,
  unreadable: readonly UnreadableField[] = [],
): AmountsRead {
  const cents: TerminalAmounts = { total: null, amount: null, tip: null, fee: null, tax: null };
  const problems: string[] = [];
  for (const field of AMOUNT_FIELDS) {
    const read = readTerminalMoney(field, amounts?.[field]);
    if (read.ok) cents[VIEW_KEYS[field]] = read.cents;
    else problems.push(read.problem);
  }
  for (const note of unreadable) {
    const field = AMOUNT_FIELDS.find((name) => note.path === `Amounts.${name}`);
    if (field) problems.push(`${field}: could not be read (${note.message})`);
  }
  if (problems.length === 0) problems.push(...contradictions(cents));
  return problems.length === 0 ? { cents } : { cents, problem: `${FIGURES_DO_NOT_ADD_UP}: ${problems.join('; ')}` };
}

function contradictions({ total, amount, tip, fee, tax }: TerminalAmounts): string[] {
  const out: string[] = [];
  if (fee !== null && amount !== null && fee > amount) out.push(`FeeAmount ${formatMoney(fee)} is more than Amount ${formatMoney(amount)}`);
  if (total === null || amount === null) return out;
  const onTop = amount + (fee ?? 0) + (tax ?? 0);
  const believable = [onTop, onTop + (tip ?? 0), amount];
  if (!believable.some((sum) => Math.abs(total - sum) <= ROUNDING_CENTS))
    out.push(`TotalAmount ${formatMoney(total)} is not Amount + TipAmount + FeeAmount + TaxAmount (${formatMoney(onTop)})`);
  return out;
}

/** Raw money values kept as the terminal sent them (the journal's record of a flagged answer); JSON-safe. */
export type RawAmounts = Partial<Record<AmountField, number | string | null>>;

/** The fields of an `Amounts` object as sent, for the journal: numbers and text as they came, anything else as its JSON text. */
export function rawAmounts(amounts: Partial<Record<AmountField, unknown>> | null | undefined): RawAmounts {
  const raw: RawAmounts = {};
  for (const field of AMOUNT_FIELDS) {
    const value = amounts?.[field];
    if (value === undefined) continue;
    raw[field] =
      value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? value : shown(value);
  }
  return raw;
}

/** Dollars -> cents for a figure whose reading is already known to be sound, or null for one that is not. */
export function centsOrNull(field: string, value: unknown, options: { signed?: boolean } = {}): number | null {
  const read = readTerminalMoney(field, value, options);
  return read.ok ? read.cents : null;
}
