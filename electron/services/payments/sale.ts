import type { z } from 'zod';
import type { SaleForm } from '../../../shared/ipc/payment-views';
import type { PaymentResult } from '../../../shared/ipc/views';
import { toDollars } from '../../../shared/spin/money';
import type { MoneyMoveDeps } from './money-move';
import { movePayment } from './run-payment';
import { wireCart, wireOptions } from './wire-options';

/**
 * Runs one Sale through the journal and describes its outcome, on the path every payment takes
 * (movePayment). Declines and proxy refusals are results (shown on the result card), not app
 * errors. A lost answer is looked up with Status before this returns; only when the user stops
 * that lookup does it fail with OUTCOME_UNKNOWN.
 */
export function runSale(deps: MoneyMoveDeps, form: z.output<typeof SaleForm>): Promise<PaymentResult> {
  return movePayment(deps, {
    op: 'Sale',
    profileId: form.profileId,
    referenceId: form.referenceId,
    paymentType: form.paymentType,
    amountCents: form.amountCents,
    tipCents: form.tipCents,
    invoiceNumber: form.invoiceNumber,
    request: (target) => ({
      // Amount includes the tip on the wire (docs/PROTOCOL.md §13.1), like Capture; the form keeps them apart.
      Amount: toDollars(form.amountCents + form.tipCents),
      ...(form.tipCents > 0 ? { TipAmount: toDollars(form.tipCents) } : {}),
      PaymentType: form.paymentType,
      ReferenceId: form.referenceId,
      // "More options" (payment-options.ts); without any it is PrintReceipt No, no signature, no extended data.
      ...wireOptions(form, target),
      ...wireCart(form),
    }),
  });
}
