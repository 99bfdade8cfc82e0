import { checkCharge, meantTotalCents, type AnsweredAmounts, type ChargeCheck, type Meant } from '@shared/ipc/tip-rules';
import type { IntentLine, JournalResult, OutcomeLine } from './records';

// After every approval: did the terminal charge what the cashier meant? The result card and
// History both ask here, from the journal's intent (what was meant) and the terminal's amounts.

type IntentFacts = Pick<IntentLine, 'op' | 'amountCents' | 'tipCents' | 'sentAmountCents'>;

/**
 * What the cashier meant, per operation. Sale and Capture: the amount plus the tip as entered,
 * however the tip went on the wire. Auth and Return carry no tip. A tip adjustment names only the
 * new tip (the amount it was added to is not known for sure). Void and Settle charge nothing new.
 */
function meantOf(intent: IntentFacts): Meant | null {
  switch (intent.op) {
    case 'Sale':
    case 'Capture':
      return {
        totalCents: meantTotalCents(intent.amountCents, intent.tipCents),
        tipCents: intent.tipCents,
        sentAmountCents: intent.sentAmountCents,
      };
    case 'Auth':
    case 'Return':
      return { totalCents: intent.amountCents, tipCents: 0 };
    case 'TipAdjust':
      return { totalCents: null, tipCents: intent.tipCents };
    default:
      return null;
  }
}

/**
 * The check of one outcome, or undefined when its figures agree or it does not apply. Only full
 * approvals are checked: a partial approval is short on purpose and already says so. Figures that
 * do not add up (`figuresProblem`, shared/spin/terminal-amounts.ts) are not compared at all: the
 * flag says what is wrong, and "the terminal charged -$989.70" would believe them.
 */
export function chargeCheckOf(
  intent: IntentFacts,
  result: JournalResult,
  answered: AnsweredAmounts,
  figuresProblem?: string,
): ChargeCheck | undefined {
  if (result !== 'approved' || figuresProblem !== undefined) return undefined;
  const meant = meantOf(intent);
  return (meant && checkCharge(meant, answered)) ?? undefined;
}

/** The check of a journal outcome (History, its CSV). */
export function outcomeChargeCheck(intent: IntentFacts, outcome: OutcomeLine): ChargeCheck | undefined {
  return chargeCheckOf(intent, outcome.result, answeredOf(outcome), outcome.figuresProblem);
}

/** The terminal's amounts as an outcome line keeps them (older lines: its Amount at most). */
export function answeredOf(outcome: OutcomeLine): AnsweredAmounts {
  return {
    total: outcome.totalCents ?? null,
    amount: outcome.approvedCents ?? null,
    tip: outcome.answeredTipCents ?? null,
    fee: outcome.feeCents ?? null,
    tax: outcome.taxCents ?? null,
  };
}
