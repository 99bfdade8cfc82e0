import type { z } from 'zod';
import type { ReturnForm } from '../../../shared/ipc/payment-views';
import type { PaymentResult } from '../../../shared/ipc/views';
import { toDollars } from '../../../shared/spin/money';
import type { MoneyMoveDeps } from './money-move';
import { movePayment } from './run-payment';
import { wireOptions } from './wire-options';

/** A stand-alone refund to the card presented (REFERENCE §4.4): no link to any sale, no tip, no cart. */
export function runReturn(deps: MoneyMoveDeps, form: z.output<typeof ReturnForm>): Promise<PaymentResult> {
  return movePayment(deps, {
    op: 'Return',
    profileId: form.profileId,
    referenceId: form.referenceId,
    paymentType: form.paymentType,
    amountCents: form.amountCents,
    tipCents: 0,
    invoiceNumber: form.invoiceNumber,
    request: (target) => ({
      Amount: toDollars(form.amountCents),
      PaymentType: form.paymentType,
      ReferenceId: form.referenceId,
      ...wireOptions(form, target),
    }),
  });
}
