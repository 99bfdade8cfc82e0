import { z } from '../zod-mini';
import * as m from '../i18n/paraglide/messages/_index.js';
import { currentLanguage } from '../i18n/current-language';
import { formatCents } from '../i18n/format';
import type { Language } from '../i18n/languages';

// Tips on the wire. No public source settles whether a Sale's `Amount` already includes its
// `TipAmount` or the terminal adds the tip on top (docs/PROTOCOL.md, "Tips"). So spin-desk puts the
// tip where the terminal profile says this terminal expects it, and after every approval compares
// what the terminal says it charged with what the cashier meant. The request builders in main and
// the check below use these same functions, so "what was meant" has one definition.

/**
 * How a terminal treats TipAmount, learned by "Verify this terminal": 'included' = Amount already
 * includes the tip; 'on-top' = the terminal adds TipAmount to Amount. A profile that has never been
 * checked is treated as 'included', what spin-desk always sent.
 */
export const TipHandling = z.enum(['included', 'on-top']);
export type TipHandling = z.infer<typeof TipHandling>;

/** The `Amount` to send for an amount and tip as the cashier entered them. TipAmount is always the tip. */
export function wireAmountCents(handling: TipHandling | undefined, amountCents: number, tipCents: number): number {
  return handling === 'on-top' ? amountCents : amountCents + tipCents;
}

/** What the cashier meant the customer to pay: the amount plus the tip, however the terminal wants them sent. */
export function meantTotalCents(amountCents: number, tipCents: number): number {
  return amountCents + tipCents;
}

const Cents = z.number().check(z.int());

/**
 * The terminal charged something other than what was meant ('differs'), or did not say what it
 * charged ('not-said'). Absent from a result when the figures agree or nothing was charged.
 */
export const ChargeCheck = z.object({
  state: z.enum(['differs', 'not-said']),
  /** Amount + tip as entered; null when only the tip can be compared (a tip adjustment). */
  meantCents: z.nullable(Cents),
  meantTipCents: Cents,
  /** What the terminal says it charged, fees and tax left out (see chargedBeforeFees). */
  chargedCents: z.nullable(Cents),
  chargedTipCents: z.nullable(Cents),
  /** The terminal's TotalAmount as answered (fees and tax included). */
  totalCents: z.nullable(Cents),
  /** The Amount spin-desk put on the wire, when a tip went with it (it shows how the terminal read the tip). */
  sentAmountCents: z.optional(Cents),
});
export type ChargeCheck = z.infer<typeof ChargeCheck>;

/** The terminal's answered `Amounts`, in cents; null where it did not say. */
export interface AnsweredAmounts {
  total: number | null;
  amount: number | null;
  tip: number | null;
  fee: number | null;
  tax: number | null;
}

/** What the cashier meant: the total (null: not comparable, e.g. a tip adjustment) and the tip. */
export interface Meant {
  totalCents: number | null;
  tipCents: number;
  sentAmountCents?: number | undefined;
}

/**
 * What the terminal charged before fees and tax. TotalAmount is what the card was charged (the docs:
 * amount with fee and tip), so it is trusted first: a terminal that echoes the Amount it was sent
 * and adds the tip only into TotalAmount is caught too. Fees and tax (a surcharge, a CustomFee) are
 * not the cashier's amount and are taken off. Amount ("amount incl. tip") only when TotalAmount is
 * missing.
 */
export function chargedBeforeFees(amounts: AnsweredAmounts): number | null {
  if (amounts.total !== null) return amounts.total - (amounts.fee ?? 0) - (amounts.tax ?? 0);
  return amounts.amount;
}

/**
 * Compares an approval's answered amounts with what was meant. Returns null when they agree. The
 * tip is compared only when the terminal named one; a missing TipAmount is not a difference.
 * Callers pass only full approvals: a partial approval is short on purpose and shown as such.
 */
export function checkCharge(meant: Meant, answered: AnsweredAmounts): ChargeCheck | null {
  const charged = chargedBeforeFees(answered);
  const base = {
    meantCents: meant.totalCents,
    meantTipCents: meant.tipCents,
    chargedCents: charged,
    chargedTipCents: answered.tip,
    totalCents: answered.total,
    ...(meant.sentAmountCents !== undefined ? { sentAmountCents: meant.sentAmountCents } : {}),
  };
  const totalDiffers = meant.totalCents !== null && charged !== null && charged !== meant.totalCents;
  const tipDiffers = answered.tip !== null && answered.tip !== meant.tipCents;
  if (totalDiffers || tipDiffers) return { state: 'differs', ...base };
  if (meant.totalCents !== null && charged === null) return { state: 'not-said', ...base };
  return null;
}

export interface ChargeCheckWords {
  title: string;
  /** What was meant, what the terminal did, and (when the figures show it) how it read the tip. */
  lines: string[];
  remedy: string;
  tone: ReturnType<typeof chargeCheckTone>;
}

/** 'danger' when the customer may have paid the wrong amount; 'warn' for a tip recorded differently or missing figures. */
export function chargeCheckTone(check: ChargeCheck): 'danger' | 'warn' {
  return totalDiffers(check) ? 'danger' : 'warn';
}

/**
 * Words that follow a dash or colon, for a table cell or a CSV: "the terminal charged $25.00, not
 * $20.00". In the language of the moment; the journal's CSV, a file kept for later, asks for English.
 */
export function chargeCheckShort(check: ChargeCheck, language: Language = currentLanguage()): string {
  const say = { locale: language };
  const money = moneyIn(language);
  if (check.state === 'not-said') return m.words_charge_not_said_short({}, say);
  if (totalDiffers(check)) return m.words_charge_differs_short({ charged: money(check.chargedCents), meant: money(check.meantCents) }, say);
  return m.words_tip_differs_short({ charged: money(check.chargedTipCents), meant: money(check.meantTipCents) }, say);
}

/** The check in a cashier's words. `what` names the payment, already in those words: "sale", "refund". */
export function chargeCheckWords(check: ChargeCheck, what: string): ChargeCheckWords {
  const money = moneyIn(currentLanguage());
  const meant = money(check.meantCents);
  if (check.state === 'not-said') {
    return {
      title: m.words_charge_not_said_title(),
      lines: [m.words_charge_not_said_line({ entered: entered(check) })],
      remedy: m.words_charge_not_said_remedy({ meant }),
      tone: 'warn',
    };
  }
  const chargedTip = money(check.chargedTipCents);
  const meantTip = money(check.meantTipCents);
  if (!totalDiffers(check)) {
    return {
      title: m.words_tip_differs_title({ charged: chargedTip, meant: meantTip }),
      lines: [
        check.meantCents === null ? m.words_you_set_tip({ tip: meantTip }) : m.words_you_entered({ entered: entered(check) }),
        ...(check.chargedCents === null ? [] : [m.words_terminal_charged_with_tip({ charged: charged(check), tip: chargedTip })]),
      ],
      remedy: m.words_tip_differs_remedy({ tip: meantTip }),
      tone: 'warn',
    };
  }
  return {
    title: m.words_charge_differs_title({ charged: money(check.chargedCents), meant }),
    lines: [
      m.words_you_entered({ entered: entered(check) }),
      check.chargedTipCents === null
        ? m.words_terminal_charged({ charged: charged(check) })
        : m.words_terminal_charged_tip({ charged: charged(check), tip: chargedTip }),
      ...howItReadTheTip(check),
    ],
    remedy: m.words_charge_differs_remedy({ charged: money(check.chargedCents), what, meant }),
    tone: 'danger',
  };
}

function totalDiffers(check: ChargeCheck): boolean {
  return check.meantCents !== null && check.chargedCents !== null && check.chargedCents !== check.meantCents;
}

/** A figure the check names, in `language`; one the terminal left out is said as such. */
function moneyIn(language: Language): (cents: number | null) => string {
  return (cents) => (cents === null ? m.words_amount_not_said_by_terminal({}, { locale: language }) : formatCents(cents, language));
}

const money = (cents: number | null) => moneyIn(currentLanguage())(cents);

/** "$15.00 + $5.00 tip = $20.00", or "$20.00" without a tip. */
function entered(check: ChargeCheck): string {
  const meant = check.meantCents ?? 0;
  if (check.meantTipCents === 0) return money(meant);
  return m.words_entered_with_tip({ amount: money(meant - check.meantTipCents), tip: money(check.meantTipCents), total: money(meant) });
}

/** "$25.00", or "$25.00 ($26.00 with $1.00 in fees and tax)" when TotalAmount carries more. */
function charged(check: ChargeCheck): string {
  const extra = check.totalCents !== null && check.chargedCents !== null ? check.totalCents - check.chargedCents : 0;
  return extra === 0
    ? money(check.chargedCents)
    : m.words_charged_with_extras({ charged: money(check.chargedCents), total: money(check.totalCents), extra: money(extra) });
}

/** When the figures show how the terminal read the tip spin-desk sent, say so: it is the likely cause. */
function howItReadTheTip(check: ChargeCheck): string[] {
  const sent = check.sentAmountCents;
  if (sent === undefined || check.meantTipCents === 0 || check.chargedCents === null) return [];
  const figures = { sent: money(sent), tip: money(check.meantTipCents) };
  if (check.chargedCents === sent + check.meantTipCents) return [m.words_tip_seen_on_top(figures)];
  if (check.chargedCents === sent) return [m.words_tip_seen_included(figures)];
  return [];
}
