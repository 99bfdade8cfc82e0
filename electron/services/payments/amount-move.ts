import type { z } from 'zod';
import type { ReturnForm } from '@shared/ipc/payment-views';
import type { PaymentResult } from '@shared/ipc/views';
import { toDollars } from '@shared/spin/money';
import type { SpinRequest } from '../spin/spin-client';
import type { MoneyMoveDeps } from './money-move';
import { movePayment } from './run-payment';
import { wireOptions } from './wire-options';

/** The fields Auth and Return share (AuthForm adds only the cart). */
type AmountForm = z.output<typeof ReturnForm>;

/**
 * Auth and Return: an amount with no tip on the card presented, under a ReferenceId of its own,
 * through the journal. `extra` adds the wire fields only one of them sends (Auth's Cart); it is
 * built with the rest of the body, when the request is made.
 */
export function moveAmount(
  deps: MoneyMoveDeps,
  op: 'Auth' | 'Return',
  form: AmountForm,
  extra: () => Partial<SpinRequest<'Auth'>> = () => ({}),
): Promise<PaymentResult> {
  return movePayment(deps, {
    op,
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
      ...extra(),
    }),
  });
}
