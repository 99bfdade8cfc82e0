import { recoveryNoteOf, type Outcome, type PaymentResult } from '@shared/ipc/payment-result-views';
import { explainCode } from '@shared/spin/codes';
import { chargeCheckOf } from '../journal/charge-check';
import type { JournalResult, MoneyOperation } from '../journal/records';
import { runMoneyMove, type MoneyMove, type MoneyMoveDeps, type MoneyMoveResult } from './money-move';
import { paymentResultFromRecord } from './payment-result';
import { worded, type ResultWords } from '../result-words';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

const OUTCOMES: Record<JournalResult, Outcome> = {
  approved: 'approved',
  partial: 'partial',
  declined: 'declined',
  canceled: 'canceled',
  refused: 'failed',
  'not-processed': 'failed',
  'settled-unknown': 'settled-unknown',
};

/** Words for outcomes that have no SPIn record to show (the remedy is a sale's; see NOT_PROCESSED_REMEDY). */
const WITHOUT_RECORD: Partial<Record<JournalResult, ResultWords>> = {
  'not-processed': { explanation: m.main_pay_not_processed_explanation, remedy: m.main_pay_not_processed_remedy_sale },
  'settled-unknown': { explanation: m.main_pay_settled_unknown_explanation, remedy: m.main_pay_settled_unknown_remedy_sale },
};

/**
 * What to do after "not processed" (the answer was lost and Status proved the terminal never
 * carried it out), for the operations other than a sale (WITHOUT_RECORD words it for a sale). New
 * payments need a new ReferenceId; Void and TipAdjust name the original, so they may simply be
 * sent again.
 */
const NOT_PROCESSED_REMEDY: Partial<Record<MoneyOperation, () => string>> = {
  Auth: m.main_pay_not_processed_auth,
  Capture: m.main_pay_not_processed_capture,
  Return: m.main_pay_not_processed_return,
  Void: m.main_pay_not_processed_void,
  TipAdjust: m.main_pay_not_processed_tip_adjust,
};

/**
 * 1004 Not Allowed on a follow-up. The catalogue's words (a tip or fee on a hold) fit a new
 * payment; on a Void, TipAdjust or Capture the refusal is about the original's state: an Auth
 * already captured is closed, its Capture carries the money (docs/PROTOCOL.md §4.2, §4.5).
 */
const NOT_ALLOWED_ON: Partial<Record<MoneyOperation, ResultWords>> = {
  Void: { explanation: m.main_pay_not_allowed_void_explanation, remedy: m.main_pay_not_allowed_void_remedy },
  TipAdjust: { explanation: m.main_pay_not_allowed_tip_explanation, remedy: m.main_pay_not_allowed_tip_remedy },
  Capture: { explanation: m.main_pay_not_allowed_capture_explanation, remedy: m.main_pay_not_allowed_capture_remedy },
};

/**
 * Why a result is not saved, in the journal's own words when it is not the disk (its file or
 * folder moved or deleted, another copy took over, a damaged file): "free space" would send the
 * cashier after the wrong thing.
 */
function notSavedNote(deps: MoneyMoveDeps): string {
  const error = deps.journal.health().error;
  if (!error || error.transient) return m.main_pay_not_saved();
  return m.main_pay_not_saved_because({ reason: error.reason, remedy: error.remedy });
}

/** What a payment form tells the journal, the same for Sale, Auth, Capture and Return. */
type FormFacts = Pick<MoneyMove<MoneyOperation>, 'profileId' | 'referenceId' | 'paymentType' | 'amountCents' | 'invoiceNumber'>;

/**
 * The journal's facts of a payment form (who, which reference, card type, amount, invoice) with
 * its tip, read in one place so Sale, Capture and the amount payments cannot drift apart.
 */
export function formFacts(form: FormFacts, tipCents: number): FormFacts & { tipCents: number } {
  return {
    profileId: form.profileId,
    referenceId: form.referenceId,
    paymentType: form.paymentType,
    amountCents: form.amountCents,
    tipCents,
    invoiceNumber: form.invoiceNumber,
  };
}

/**
 * Runs one payment (Sale, Auth, Capture, Return, Void, TipAdjust) as a money move (runMoneyMove:
 * intent fsync'd before the send, lost answers recovered with Status, never resent) and describes
 * its outcome for the result card. Declines are results; only a stopped lookup fails, with
 * OUTCOME_UNKNOWN.
 */
export async function runPayment<N extends MoneyOperation>(deps: MoneyMoveDeps, move: MoneyMove<N>): Promise<PaymentResult> {
  const moved = await runMoneyMove(deps, move);
  const result = paymentResultFromMove(moved, notSavedNote(deps));
  const outcome = moved.entry.outcome?.result;
  const notAllowed = outcome === 'declined' && result.statusCode === '1004' ? NOT_ALLOWED_ON[move.op] : undefined;
  if (notAllowed) return { ...result, ...worded(notAllowed) };
  const remedy =
    outcome === 'not-processed'
      ? NOT_PROCESSED_REMEDY[move.op]?.()
      : outcome === 'settled-unknown' && move.op !== 'Sale'
        ? m.main_pay_settled_unknown_remedy()
        : undefined;
  return remedy ? { ...result, remedy } : result;
}

/**
 * What the result card shows for a finished money move: the SPIn record's PaymentResult with the
 * journal's outcome, recovery and charge check, or the journal's words when there is no record. A
 * refusal without any SPIn answer (connection refused, HTTP 4xx, invalid request) is thrown as the
 * SpinError it was, as before the journal.
 */
function paymentResultFromMove(move: MoneyMoveResult, notSaved: string): PaymentResult {
  if (move.error) throw move.error;
  const { intent, outcome } = move.entry;
  if (!outcome) throw new Error(`Journal entry ${intent.id} has no outcome yet`);
  const recovery = {
    ...(outcome.recovery ? { recovery: recoveryNoteOf(outcome.recovery) } : {}),
    ...(move.entry.unsaved ? { notSaved } : {}),
  };
  const outcomeField = OUTCOMES[outcome.result];
  if (move.record) {
    const shown = paymentResultFromRecord(move.record, intent.ref);
    const chargeCheck = chargeCheckOf(intent, outcome.result, shown.amounts, shown.amountsProblem);
    return { ...shown, outcome: outcomeField, ...recovery, ...(chargeCheck ? { chargeCheck } : {}) };
  }
  const info = explainCode(outcome.statusCode);
  const without = WITHOUT_RECORD[outcome.result];
  const words = without ? worded(without) : { explanation: outcome.message, remedy: info.remedy };
  return {
    outcome: outcomeField,
    resultCode: '',
    statusCode: outcome.statusCode,
    message: outcome.message,
    ...words,
    referenceId: intent.ref,
    transactionType: intent.op,
    amounts: { total: null, amount: null, tip: null, fee: null, tax: null },
    ...recovery,
  };
}
