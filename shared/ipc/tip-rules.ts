import { z } from '../zod-mini';
import { formatMoney } from '../spin/money';

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

/** Words that follow a dash or colon, for a table cell or a CSV: "the terminal charged $25.00, not $20.00". */
export function chargeCheckShort(check: ChargeCheck): string {
  if (check.state === 'not-said') return 'the terminal did not say what it charged';
  if (totalDiffers(check)) return `the terminal charged ${money(check.chargedCents)}, not ${money(check.meantCents)}`;
  return `the terminal recorded a tip of ${money(check.chargedTipCents)}, not ${money(check.meantTipCents)}`;
}

/** The check in a cashier's words. `what` names the payment: "sale", "refund", "capture", "authorization". */
export function chargeCheckWords(check: ChargeCheck, what: string): ChargeCheckWords {
  const meant = check.meantCents;
  if (check.state === 'not-said') {
    return {
      title: 'The terminal did not say what it charged',
      lines: [`You entered ${entered(check)}. The terminal's answer had no amounts in it.`],
      remedy: `Check the receipt to be sure the customer paid ${money(meant)}.`,
      tone: 'warn',
    };
  }
  if (!totalDiffers(check)) {
    return {
      title: `The terminal recorded a tip of ${money(check.chargedTipCents)}, not ${money(check.meantTipCents)}`,
      lines: [
        meant === null ? `You set the tip to ${money(check.meantTipCents)}.` : `You entered ${entered(check)}.`,
        ...(check.chargedCents === null ? [] : [`The terminal charged ${charged(check)} with a tip of ${money(check.chargedTipCents)}.`]),
      ],
      remedy: `Check the receipt. If the tip is wrong, adjust the tip to ${money(check.meantTipCents)} on the Tip adjust screen.`,
      tone: 'warn',
    };
  }
  return {
    title: `The terminal charged ${money(check.chargedCents)}, not ${money(meant)}`,
    lines: [`You entered ${entered(check)}.`, `The terminal charged ${charged(check)}${tipPart(check)}.`, ...howItReadTheTip(check)],
    remedy:
      `Check the receipt with the customer. If ${money(check.chargedCents)} is wrong, void this ${what} and take it again for ${money(meant)}. ` +
      'Then run “Verify this terminal” on the Troubleshooting screen, so spin-desk sends tips the way this terminal expects.',
    tone: 'danger',
  };
}

function totalDiffers(check: ChargeCheck): boolean {
  return check.meantCents !== null && check.chargedCents !== null && check.chargedCents !== check.meantCents;
}

function money(cents: number | null): string {
  return cents === null ? 'an amount it did not say' : formatMoney(cents);
}

/** "$15.00 + $5.00 tip = $20.00", or "$20.00" without a tip. */
function entered(check: ChargeCheck): string {
  const meant = check.meantCents ?? 0;
  if (check.meantTipCents === 0) return money(meant);
  return `${money(meant - check.meantTipCents)} + ${money(check.meantTipCents)} tip = ${money(meant)}`;
}

/** "$25.00", or "$25.00 ($26.00 with $1.00 in fees and tax)" when TotalAmount carries more. */
function charged(check: ChargeCheck): string {
  const extra = check.totalCents !== null && check.chargedCents !== null ? check.totalCents - check.chargedCents : 0;
  return extra === 0
    ? money(check.chargedCents)
    : `${money(check.chargedCents)} (${money(check.totalCents)} with ${money(extra)} in fees and tax)`;
}

function tipPart(check: ChargeCheck): string {
  return check.chargedTipCents === null ? '' : `, with a tip of ${money(check.chargedTipCents)}`;
}

/** When the figures show how the terminal read the tip spin-desk sent, say so: it is the likely cause. */
function howItReadTheTip(check: ChargeCheck): string[] {
  const sent = check.sentAmountCents;
  if (sent === undefined || check.meantTipCents === 0 || check.chargedCents === null) return [];
  if (check.chargedCents === sent + check.meantTipCents) {
    return [
      `spin-desk sent Amount ${money(sent)} with TipAmount ${money(check.meantTipCents)}: this terminal seems to add the tip on top of Amount.`,
    ];
  }
  if (check.chargedCents === sent) {
    return [
      `spin-desk sent Amount ${money(sent)} with TipAmount ${money(check.meantTipCents)}: this terminal seems to take Amount as already including the tip.`,
    ];
  }
  return [];
}
