import * as m from '../i18n/paraglide/messages/_index.js';
import { formatMoney } from '../spin/money';
import type { JournalEntryView } from './journal-views';

// One money model for every surface (result card, Transactions, Tip adjust, History, its CSV):
// the base amount, the tip, the fee and tax, and the total, as the terminal charged them. The
// terminal's record names Amount "amount with tip" whatever way the tip was sent (docs/PROTOCOL.md
// §3.2, §13.1; the profile's tip handling changes only the request), so the base is Amount less the
// tip, and the total is TotalAmount (fee and tax in it) when the terminal said it.

/** Money in cents; null where neither the terminal nor the request says. */
export interface ChargedMoney {
  /** The amount before tip, fee and tax. */
  baseCents: number | null;
  tipCents: number;
  /** Surcharge or custom fee the terminal added (kept apart so a later fee field fits in). */
  feeCents: number;
  taxCents: number;
  /** What the card was charged: base + tip + fee + tax. */
  totalCents: number | null;
}

/** A record's `Amounts` in cents, as the terminal answered them (null: not said). */
export interface RecordAmounts {
  amount: number | null;
  tip: number | null;
  fee: number | null;
  tax: number | null;
  total: number | null;
}

/** The model of a terminal's record: Amount holds the tip, TotalAmount the fee and tax as well. */
export function moneyOfRecord(amounts: RecordAmounts): ChargedMoney {
  const tipCents = amounts.tip ?? 0;
  const feeCents = amounts.fee ?? 0;
  const taxCents = amounts.tax ?? 0;
  const withTip = amounts.amount ?? (amounts.total === null ? null : amounts.total - feeCents - taxCents);
  return {
    baseCents: withTip === null ? null : withTip - tipCents,
    tipCents,
    feeCents,
    taxCents,
    totalCents: amounts.total ?? (withTip === null ? null : withTip + feeCents + taxCents),
  };
}

/**
 * The model of a journal entry: the terminal's figures when it answered with them (a tip
 * adjustment's answer is the adjusted record, so its new tip and new total); otherwise what was
 * asked, the amount and tip as the cashier entered them. A tip adjustment asked for only a tip: its
 * base and total are not known without the answer.
 */
export function moneyOfEntry(entry: JournalEntryView): ChargedMoney {
  const outcome = entry.outcome;
  if (outcome && (outcome.approvedCents !== undefined || outcome.totalCents !== undefined)) {
    return moneyOfRecord({
      amount: outcome.approvedCents ?? null,
      tip: outcome.answeredTipCents ?? (entry.operation === 'TipAdjust' ? entry.tipCents : null),
      fee: outcome.feeCents ?? null,
      tax: outcome.taxCents ?? null,
      total: outcome.totalCents ?? null,
    });
  }
  if (entry.operation === 'TipAdjust') return { baseCents: null, tipCents: entry.tipCents, feeCents: 0, taxCents: 0, totalCents: null };
  if (entry.operation === 'Settle') return { baseCents: null, tipCents: 0, feeCents: 0, taxCents: 0, totalCents: null };
  return {
    baseCents: entry.amountCents,
    tipCents: entry.tipCents,
    feeCents: 0,
    taxCents: 0,
    totalCents: entry.amountCents + entry.tipCents,
  };
}

/** Money given back (a Return) or a charge taken back (a Void) counts negative, on screen and in the CSV. */
export function signOfOperation(operation: JournalEntryView['operation']): 1 | -1 {
  return operation === 'Return' || operation === 'Void' ? -1 : 1;
}

/** The model with the operation's sign applied to every figure. */
export function signedMoney(money: ChargedMoney, sign: 1 | -1): ChargedMoney {
  const times = (cents: number | null) => (cents === null ? null : sign * cents || 0);
  return {
    baseCents: times(money.baseCents),
    tipCents: sign * money.tipCents || 0,
    feeCents: sign * money.feeCents || 0,
    taxCents: sign * money.taxCents || 0,
    totalCents: times(money.totalCents),
  };
}

/**
 * What the app calls a fee in words. A fee the cashier entered (CustomFee) is "fee"; one the terminal
 * added on its own (its surcharge or dual-pricing program, docs/PROTOCOL.md §4.1 "Fees") is
 * "surcharge". The terminal's TaxAmount is the tax on that fee, never sales tax: it is always named
 * with the fee it is on.
 */
export type FeeKind = 'fee' | 'surcharge';

/** "Tax on the fee" / "Tax on the surcharge": the label of TaxAmount on every surface. */
export function taxOnFeeLabel(kind: FeeKind = 'fee'): string {
  return kind === 'fee' ? m.words_tax_on_fee() : m.words_tax_on_surcharge();
}

/** One part of the money after the base, "$3.00 tip", "$3.00 surcharge", "$0.24 tax on the surcharge". */
const PART_WORDS: Record<'tip' | FeeKind | `tax-${FeeKind}`, (inputs: { amount: string }) => string> = {
  tip: m.words_part_tip,
  fee: m.words_part_fee,
  surcharge: m.words_part_surcharge,
  'tax-fee': m.words_part_tax_on_fee,
  'tax-surcharge': m.words_part_tax_on_surcharge,
};

/**
 * How the parts make the total, in words: "$12.34 + $3.50 tip", with fee and tax on the fee when
 * there are any; empty when there is nothing to add to the base (no tip, fee or tax). The parts
 * are joined with " + " as a sum is written in either language.
 */
export function moneyParts(money: ChargedMoney, kind: FeeKind = 'fee'): string {
  const extras: string[] = [];
  const part = (which: keyof typeof PART_WORDS, cents: number) => extras.push(PART_WORDS[which]({ amount: formatMoney(cents) }));
  if (money.tipCents !== 0) part('tip', money.tipCents);
  if (money.feeCents !== 0) part(kind, money.feeCents);
  if (money.taxCents !== 0) part(`tax-${kind}`, money.taxCents);
  if (extras.length === 0) return '';
  return [money.baseCents === null ? m.words_amount_not_said() : formatMoney(money.baseCents), ...extras].join(' + ');
}

/**
 * The card paid more than was asked (a fee or tax on it): "The card was charged $113.24: $100.00 +
 * $10.00 tip + $3.00 surcharge + $0.24 tax on the surcharge". Empty when the terminal added nothing.
 */
export function chargedWords(money: ChargedMoney, kind: FeeKind = 'fee'): string {
  if ((money.feeCents === 0 && money.taxCents === 0) || money.totalCents === null) return '';
  return m.words_card_charged({ total: formatMoney(money.totalCents), parts: moneyParts(money, kind) });
}
