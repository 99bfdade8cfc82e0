import type { TipHandling } from '../../../shared/ipc/tip-rules';
import type { PaymentResult, SaleForm } from '../../../shared/ipc/views';
import type { SpinRequest } from '../spin/spin-client';
import { runMoneyMove, type MoneyMoveDeps } from './money-move';
import { paymentResultOf } from './move-result';
import { wireCart, wireOptions, wireTip, type ParsedOptions } from './wire-options';

type ParsedSale = Required<Pick<SaleForm, 'amountCents' | 'tipCents' | 'referenceId' | 'paymentType' | 'getReceipt'>> &
  Pick<SaleForm, 'profileId' | 'invoiceNumber'> &
  ParsedOptions &
  Parameters<typeof wireCart>[0];

export interface SaleOptions {
  /** Sends the tip this way whatever the profile remembers: "Verify this terminal" needs a known form. */
  tipHandling?: TipHandling;
}

/**
 * Runs one Sale through the journal and describes its outcome. Declines and proxy refusals are
 * results (shown on the result card), not app errors. A lost answer is looked up with Status
 * before this returns; only when the user stops that lookup does it fail with OUTCOME_UNKNOWN.
 */
export async function runSale(deps: MoneyMoveDeps, form: ParsedSale, options: SaleOptions = {}): Promise<PaymentResult> {
  const moved = await runMoneyMove(deps, {
    op: 'Sale',
    profileId: form.profileId,
    referenceId: form.referenceId,
    paymentType: form.paymentType,
    amountCents: form.amountCents,
    tipCents: form.tipCents,
    invoiceNumber: form.invoiceNumber,
    request: (target): SpinRequest<'Sale'> => ({
      ...wireTip(options.tipHandling ?? target.tipHandling, form.amountCents, form.tipCents),
      PaymentType: form.paymentType,
      ReferenceId: form.referenceId,
      // "More options" (payment-options.ts); without any it is PrintReceipt No, no signature, no extended data.
      ...wireOptions(form, target),
      ...wireCart(form),
    }),
  });
  return paymentResultOf(moved);
}
