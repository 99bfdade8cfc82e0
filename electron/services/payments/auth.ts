import type { z } from 'zod';
import type { AuthForm } from '../../../shared/ipc/payment-views';
import type { PaymentResult } from '../../../shared/ipc/views';
import { toDollars } from '../../../shared/spin/money';
import type { MoneyMoveDeps } from './money-move';
import { movePayment } from './run-payment';
import { wireCart, wireOptions } from './wire-options';

/** A hold on the card (REFERENCE §4.2); its AuthCode is what a Capture later names. */
export function runAuth(deps: MoneyMoveDeps, form: z.output<typeof AuthForm>): Promise<PaymentResult> {
  return movePayment(deps, {
    op: 'Auth',
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
      ...wireCart(form),
    }),
  });
}
