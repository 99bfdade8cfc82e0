// How a terminal charges fees: a setting of the simulator (per run and per terminal), like the tip
// mode, so neither saved in the state file nor changed by reset(). The vendor's portal turns a fee
// program on per terminal, with "fee on tip" and "tax on fee" options (docs/PROTOCOL.md §4.1,
// "Fees"); no public source gives the terminal's arithmetic, so what is modelled here is the
// simulator's choice, written down in simulator/README.md ("Fee programs").
import { z } from 'zod';

/** A rate in percent with at most two decimals (3.5 = 3.5 %), kept as basis points to stay in integers. */
const percent = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .refine((n) => Number(n.toFixed(2)) === n, 'must have at most 2 decimals');

/** Tax charged on the fee, in percent; 0 turns "tax on fee" off. */
const taxOnFeePercent = percent(25).default(0);

/**
 * What Daily lists as a charge's Amount on a terminal with a fee program. No public source says
 * whether a batch report counts the fee, so the simulator can answer each way the app must read:
 * - charged: what the card paid, fee and tax included (the default, and what Summary and Settle count);
 * - before-fee: the approved amount with its tip, without fee and tax;
 * - base: the amount before tip, fee and tax (the older vendor tool's "base").
 */
export const DAILY_AMOUNTS = ['charged', 'before-fee', 'base'] as const;
export type DailyAmount = (typeof DAILY_AMOUNTS)[number];
const dailyAmounts = z.enum(DAILY_AMOUNTS).default('charged');

/** The percentage programs: the fee is a share of the amount, of the tip too when feeOnTip is on. */
const rated = {
  percent: percent(10).refine((n) => n > 0, 'must be greater than 0'),
  feeOnTip: z.boolean().default(false),
  taxOnFeePercent,
  dailyAmounts,
};

/**
 * - none: the terminal charges no fee, and refuses a CustomFee (1004);
 * - custom: the POS names the fee in CustomFee and the terminal adds it (what the simulator always did);
 * - surcharge: a percentage added to Credit payments (card rules forbid surcharging debit);
 * - dual-pricing: the card price is the cash price plus a percentage: every card payment pays it,
 *   Cash, Check and EBT pay the cash price (the portal's Dual Pricing and True Cash Discount).
 */
export const feeProgramSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('custom'), taxOnFeePercent, dailyAmounts }),
  z.strictObject({ kind: z.literal('surcharge'), ...rated }),
  z.strictObject({ kind: z.literal('dual-pricing'), ...rated }),
]);
export type FeeProgramInput = z.input<typeof feeProgramSchema>;
export type FeeProgram = z.output<typeof feeProgramSchema>;

/** What the simulator always did: a CustomFee from the POS is charged on top, no tax on it. */
export const DEFAULT_FEE_PROGRAM: FeeProgram = { kind: 'custom', taxOnFeePercent: 0, dailyAmounts: 'charged' };

/** What a program has Daily list as a record's Amount (see DAILY_AMOUNTS); charged without a program. */
export function dailyAmountOf(program: FeeProgram): DailyAmount {
  return program.kind === 'none' ? 'charged' : program.dailyAmounts;
}

/** The payment types each percentage program charges. */
const CHARGED: Record<'surcharge' | 'dual-pricing', ReadonlySet<string>> = {
  surcharge: new Set(['Credit']),
  'dual-pricing': new Set(['Credit', 'Debit', 'Card', 'Gift', 'UserChoice']),
};

/** The rate a record keeps so a tip adjustment can charge it on the new tip (only with feeOnTip). */
export interface FeeRule {
  basisPoints: number;
  onTip: boolean;
  taxBasisPoints: number;
}

export interface FeeCharge {
  feeCents: number;
  taxCents: number;
  /** Set for a percentage fee, so a tip adjustment recomputes it. */
  rule: FeeRule | null;
}

export interface FeeInput {
  program: FeeProgram;
  paymentType: string;
  /** Whether this operation pays the program's fee at all (Sale and Capture do). */
  feeable: boolean;
  /** The approved amount with the tip, and the tip in it. */
  approvedCents: number;
  tipCents: number;
  /** What the POS sent as CustomFee (0 when absent). */
  customFeeCents: number;
}

const basisPoints = (percentValue: number) => Math.round(percentValue * 100);
const share = (cents: number, points: number) => Math.round((cents * points) / 10_000);

/** The fee and its tax under a rule, on an amount with `tipCents` of tip in it. */
export function feeUnder(rule: FeeRule, approvedCents: number, tipCents: number): { feeCents: number; taxCents: number } {
  const base = rule.onTip ? approvedCents : approvedCents - tipCents;
  const feeCents = share(Math.max(0, base), rule.basisPoints);
  return { feeCents, taxCents: share(feeCents, rule.taxBasisPoints) };
}

/** The fee a payment pays, or why the terminal refuses the request (1004: a CustomFee it does not take). */
export function chargeFee(input: FeeInput): FeeCharge | { refusal: string } {
  const { program } = input;
  if (input.customFeeCents > 0 && program.kind !== 'custom') {
    return {
      refusal:
        program.kind === 'none'
          ? 'CustomFee is not allowed: this terminal runs no fee program'
          : `CustomFee is not allowed: this terminal's ${program.kind} program sets the fee`,
    };
  }
  if (program.kind === 'none') return { feeCents: 0, taxCents: 0, rule: null };
  if (program.kind === 'custom') {
    const feeCents = input.customFeeCents;
    return { feeCents, taxCents: share(feeCents, basisPoints(program.taxOnFeePercent)), rule: null };
  }
  if (!input.feeable || !CHARGED[program.kind].has(input.paymentType)) return { feeCents: 0, taxCents: 0, rule: null };
  const rule: FeeRule = {
    basisPoints: basisPoints(program.percent),
    onTip: program.feeOnTip,
    taxBasisPoints: basisPoints(program.taxOnFeePercent),
  };
  return { ...feeUnder(rule, input.approvedCents, input.tipCents), rule };
}
