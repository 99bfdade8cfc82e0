import type { z } from 'zod';
import type { AuthForm } from '@shared/ipc/payment-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { runAmountPayment } from './amount-payment';
import type { MoneyMoveDeps } from './money-move';
import { wireCart } from './wire-options';

/** A hold on the card (docs/PROTOCOL.md §4.2); its AuthCode is what a Capture later names. */
export function runAuth(deps: MoneyMoveDeps, form: z.output<typeof AuthForm>): Promise<PaymentResult> {
  return runAmountPayment(deps, 'Auth', form, () => wireCart(form));
}
