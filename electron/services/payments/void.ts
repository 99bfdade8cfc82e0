import type { z } from 'zod';
import type { VoidForm } from '@shared/ipc/payment-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { toDollars } from '@shared/spin/money';
import type { MoneyMoveDeps } from './money-move';
import { runPayment } from './run-payment';

/**
 * Cancels an unsettled transaction (docs/PROTOCOL.md §4.5): the ORIGINAL's ReferenceId, amount and
 * payment type. Recovery knows it happened when Status shows the original Voided.
 */
export function runVoid(deps: MoneyMoveDeps, form: z.output<typeof VoidForm>): Promise<PaymentResult> {
  return runPayment(deps, {
    op: 'Void',
    profileId: form.profileId,
    referenceId: form.referenceId,
    paymentType: form.paymentType,
    amountCents: form.amountCents,
    tipCents: 0,
    request: (target) => {
      const merchant = form.merchantNumber ?? target.merchantNumber ?? undefined;
      return {
        Amount: toDollars(form.amountCents),
        PaymentType: form.paymentType,
        ReferenceId: form.referenceId,
        PrintReceipt: 'No' as const,
        GetReceipt: form.getReceipt,
        ...(merchant ? { MerchantNumber: merchant } : {}),
      };
    },
  });
}
