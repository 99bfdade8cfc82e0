import type { Outcome, PaymentResult } from '@shared/ipc/views';
import { explainCode } from '@shared/spin/codes';
import type { JournalResult } from '../journal/records';
import { chargeCheckOf } from '../journal/charge-check';
import type { MoveResult } from './money-move';
import { toPaymentResult } from './payment-result';

const OUTCOMES: Record<JournalResult, Outcome> = {
  approved: 'approved',
  partial: 'partial',
  declined: 'declined',
  refused: 'failed',
  'not-processed': 'failed',
};

/** Words for outcomes that have no SPIn record to show. */
const WITHOUT_RECORD: Partial<Record<JournalResult, { explanation: string; remedy: string }>> = {
  'not-processed': {
    explanation:
      'The answer was lost, and the terminal has no record of this request: it never reached the terminal or was not carried out. No money moved.',
    remedy: 'Start it again as a new sale: it gets a new reference number.',
  },
};

const NOT_SAVED =
  "This result is true but not saved yet: the disk holding spin-desk's data refused it. It is saved as soon as the disk allows; until then this terminal takes no new payment. Free space on the disk.";

/**
 * What the result card shows for a money move. A refusal without any SPIn answer (connection
 * refused, HTTP 4xx, invalid request) is thrown as the SpinError it was, as before the journal.
 */
export function paymentResultOf(move: MoveResult): PaymentResult {
  if (move.error) throw move.error;
  const { intent, outcome } = move.entry;
  if (!outcome) throw new Error(`Journal entry ${intent.id} has no outcome yet`);
  const recovery = {
    ...(outcome.recovery ? { recovery: { ...outcome.recovery } } : {}),
    ...(move.entry.unsaved ? { notSaved: NOT_SAVED } : {}),
  };
  const outcomeField = OUTCOMES[outcome.result];
  if (move.record) {
    const shown = toPaymentResult(move.record, intent.ref);
    const chargeCheck = chargeCheckOf(intent, outcome.result, shown.amounts);
    return { ...shown, outcome: outcomeField, ...recovery, ...(chargeCheck ? { chargeCheck } : {}) };
  }
  const info = explainCode(outcome.statusCode);
  const words = WITHOUT_RECORD[outcome.result] ?? { explanation: outcome.message, remedy: info.remedy };
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
