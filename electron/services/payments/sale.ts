import type { z } from 'zod';
import type { SaleForm } from '@shared/ipc/payment-views';
import type { TipHandling } from '@shared/ipc/tip-rules';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import type { SpinRequest } from '../spin/spin-client';
import type { MoneyMoveDeps } from './money-move';
import { formFacts, runPayment } from './run-payment';
import { wireCart, wireOptions, wireSaleExtras, wireTip } from './wire-options';

export interface SaleOptions {
  /** Sends the tip this way whatever the profile remembers: "Verify this terminal" needs a known form. */
  tipHandling?: TipHandling;
}

/**
 * Runs one Sale through the journal and describes its outcome, on the path every payment takes
 * (runPayment). Declines and proxy refusals are results (shown on the result card), not app
 * errors. A lost answer is looked up with Status before this returns; only when the user stops
 * that lookup does it fail with OUTCOME_UNKNOWN.
 */
export function runSale(deps: MoneyMoveDeps, form: z.output<typeof SaleForm>, options: SaleOptions = {}): Promise<PaymentResult> {
  return runPayment(deps, {
    op: 'Sale',
    ...formFacts(form, form.tipCents),
    request: (target): SpinRequest<'Sale'> => ({
      ...wireTip(options.tipHandling ?? target.tipHandling, form.amountCents, form.tipCents),
      PaymentType: form.paymentType,
      ReferenceId: form.referenceId,
      // "More options" (payment-options.ts); without any it is PrintReceipt No, no signature, no extended data.
      ...wireOptions(form, target),
      ...wireCart(form),
      ...wireSaleExtras(form),
    }),
  });
}
