import type { z } from 'zod';
import type { CaptureForm } from '@shared/ipc/payment-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import type { MoneyMoveDeps } from './money-move';
import { formFacts, runPayment } from './run-payment';
import { wireCart, wireOptions, wireTip } from './wire-options';

/**
 * Completes an Auth for its final amount (docs/PROTOCOL.md §4.3). The Auth is named by its AuthCode; the
 * capture is a record of its own with a new ReferenceId, which is what recovery looks up.
 */
export function runCapture(deps: MoneyMoveDeps, form: z.output<typeof CaptureForm>): Promise<PaymentResult> {
  return runPayment(deps, {
    op: 'Capture',
    ...formFacts(form, form.tipCents),
    captures: form.authCode,
    request: (target) => ({
      // The form asks for the final amount and the tip apart, as a cashier thinks of them; the
      // profile's tip handling decides whether Amount carries the tip (as for a Sale).
      ...wireTip(target.tipHandling, form.amountCents, form.tipCents),
      AuthCode: form.authCode,
      PaymentType: form.paymentType,
      ReferenceId: form.referenceId,
      ...wireOptions(form, target),
      ...wireCart(form),
    }),
  });
}
