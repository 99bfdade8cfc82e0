import type { z } from 'zod';
import type { ReturnForm } from '@shared/ipc/payment-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { toDollars } from '@shared/spin/money';
import type { MoneyMoveDeps } from './money-move';
import { formFacts, runPayment } from './run-payment';
import { wireOptions, type wireCart } from './wire-options';

/** The fields Auth and Return share (AuthForm adds only the cart). */
type AmountForm = z.output<typeof ReturnForm>;

/**
 * Runs a payment of an amount alone (Auth and Return): no tip, on the card presented, under a
 * ReferenceId of its own, through the journal (runPayment). `extra` adds the wire fields only one of them sends (Auth's Cart:
 * typed as exactly that, so tests/lint/sent-fields.ts reads what is really sent); it is
 * built with the rest of the body, when the request is made.
 */
export function runAmountPayment(
  deps: MoneyMoveDeps,
  op: 'Auth' | 'Return',
  form: AmountForm,
  extra: () => ReturnType<typeof wireCart> = () => ({}),
): Promise<PaymentResult> {
  return runPayment(deps, {
    op,
    // No tip on an Auth or a Return.
    ...formFacts(form, 0),
    request: (target) => ({
      Amount: toDollars(form.amountCents),
      PaymentType: form.paymentType,
      ReferenceId: form.referenceId,
      ...wireOptions(form, target),
      ...extra(),
    }),
  });
}
