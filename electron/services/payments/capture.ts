import type { z } from 'zod';
import type { CaptureForm } from '../../../shared/ipc/payment-views';
import type { PaymentResult } from '../../../shared/ipc/views';
import { toDollars } from '../../../shared/spin/money';
import type { MoneyMoveDeps } from './money-move';
import { movePayment } from './run-payment';
import { wireCart, wireOptions } from './wire-options';

/**
 * Completes an Auth for its final amount (docs/PROTOCOL.md §4.3). The Auth is named by its AuthCode; the
 * capture is a record of its own with a new ReferenceId, which is what recovery looks up.
 */
export function runCapture(deps: MoneyMoveDeps, form: z.output<typeof CaptureForm>): Promise<PaymentResult> {
  return movePayment(deps, {
    op: 'Capture',
    profileId: form.profileId,
    referenceId: form.referenceId,
    paymentType: form.paymentType,
    amountCents: form.amountCents,
    tipCents: form.tipCents,
    invoiceNumber: form.invoiceNumber,
    request: (target) => ({
      // Amount includes the tip, like Sale (the docs call the answer's Amount "amount with tip";
      // whether the request's does is open: docs/PROTOCOL.md §13.1). The form asks for
      // the final amount and the tip apart, as a cashier thinks of them.
      Amount: toDollars(form.amountCents + form.tipCents),
      ...(form.tipCents > 0 ? { TipAmount: toDollars(form.tipCents) } : {}),
      AuthCode: form.authCode,
      PaymentType: form.paymentType,
      ReferenceId: form.referenceId,
      ...wireOptions(form, target),
      ...wireCart(form),
    }),
  });
}
