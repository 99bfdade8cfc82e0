import type { z } from 'zod';
import type { TipAdjustForm } from '@shared/ipc/payment-views';
import type { PaymentResult } from '@shared/ipc/views';
import { toDollars } from '@shared/spin/money';
import type { MoneyMoveDeps } from './money-move';
import { runPayment } from './run-payment';

/**
 * Sets the tip of an unsettled Sale or Auth (docs/PROTOCOL.md §4.6), named by the ORIGINAL's ReferenceId.
 * TipAmount is the new total tip. TipIndicator is not sent: no public source confirms the field,
 * and the live service refuses fields it does not know (2201). Recovery knows it happened when
 * Status shows the new tip on the original.
 */
export function runTipAdjust(deps: MoneyMoveDeps, form: z.output<typeof TipAdjustForm>): Promise<PaymentResult> {
  return runPayment(deps, {
    op: 'TipAdjust',
    profileId: form.profileId,
    referenceId: form.referenceId,
    paymentType: form.paymentType,
    amountCents: form.amountCents ?? 0,
    tipCents: form.tipCents,
    request: (target) => {
      const merchant = form.merchantNumber ?? target.merchantNumber ?? undefined;
      return {
        ReferenceId: form.referenceId,
        TipAmount: toDollars(form.tipCents),
        ...(form.amountCents === undefined ? {} : { Amount: toDollars(form.amountCents) }),
        ...(form.paymentType ? { PaymentType: form.paymentType } : {}),
        ...(merchant ? { MerchantNumber: merchant } : {}),
      };
    },
  });
}
