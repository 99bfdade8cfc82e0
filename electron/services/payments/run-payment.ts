import type { PaymentResult } from '@shared/ipc/views';
import type { MoneyOperation } from '../journal/records';
import { runMoneyMove, type MoneyMove, type MoneyMoveDeps } from './money-move';
import { paymentResultOf } from './move-result';

/**
 * What to do after "not processed" (the answer was lost and Status proved the terminal never
 * carried it out), per operation: move-result.ts words it for a sale. New payments need a new
 * ReferenceId; Void and TipAdjust name the original, so they may simply be sent again.
 */
const NOT_PROCESSED_REMEDY: Partial<Record<MoneyOperation, string>> = {
  Auth: 'Nothing is on hold. Take the authorization again: it gets a new reference number.',
  Capture: 'The Auth was not captured. Capture it again: the capture gets a new reference number.',
  Return: 'No refund was made. Start the refund again: it gets a new reference number.',
  Void: 'The transaction was not voided. You can void it again.',
  TipAdjust: 'The tip was not changed. You can adjust it again.',
};

/**
 * Runs one money-moving request through the journal (runMoneyMove: intent fsync'd before the
 * send, lost answers recovered with Status, never resent) and describes its outcome for the
 * result card. Declines are results; only a stopped lookup fails, with OUTCOME_UNKNOWN.
 */
export async function movePayment<N extends MoneyOperation>(deps: MoneyMoveDeps, move: MoneyMove<N>): Promise<PaymentResult> {
  const moved = await runMoneyMove(deps, move);
  const result = paymentResultOf(moved);
  const remedy = moved.entry.outcome?.result === 'not-processed' ? NOT_PROCESSED_REMEDY[move.op] : undefined;
  return remedy ? { ...result, remedy } : result;
}
