import type { z } from 'zod';
import type { ReturnForm } from '@shared/ipc/payment-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { runAmountPayment } from './amount-payment';
import type { MoneyMoveDeps } from './money-move';

/** A stand-alone refund to the card presented (docs/PROTOCOL.md §4.4): no link to any sale, no tip, no cart. */
export function runReturn(deps: MoneyMoveDeps, form: z.output<typeof ReturnForm>): Promise<PaymentResult> {
  return runAmountPayment(deps, 'Return', form);
}
