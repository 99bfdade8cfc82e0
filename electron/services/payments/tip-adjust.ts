import type { z } from 'zod';
import type { TipAdjustForm } from '@shared/ipc/payment-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { toDollars } from '@shared/spin/money';
import { readTerminalMoney } from '@shared/spin/terminal-amounts';
import { AppFailure } from '../app-failure';
import { callTerminal } from '../terminal/terminal-call';
import type { MoneyMoveDeps } from './money-move';
import { runPayment } from './run-payment';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

type Form = z.output<typeof TipAdjustForm>;

/**
 * Sets the tip of an unsettled Sale or Auth (docs/PROTOCOL.md §4.6), named by the ORIGINAL's
 * ReferenceId. TipAmount is the new total tip, or with TipIndicator "Add" what is added to it.
 * TipIndicator goes on the wire only when the cashier chose one: no client sends it and a live
 * service may refuse a field it does not expect (2201, §2.5). Recovery knows the adjustment
 * happened when Status shows the resulting tip on the original, so the journal keeps that tip.
 */
export async function runTipAdjust(deps: MoneyMoveDeps, form: Form): Promise<PaymentResult> {
  const resultingTip = form.tipIndicator === 'Add' ? (await currentTipCents(deps, form)) + form.tipCents : form.tipCents;
  return runPayment(deps, {
    op: 'TipAdjust',
    profileId: form.profileId,
    referenceId: form.referenceId,
    paymentType: form.paymentType,
    amountCents: form.amountCents ?? 0,
    tipCents: resultingTip,
    request: (target) => {
      const merchant = form.merchantNumber ?? target.merchantNumber ?? undefined;
      return {
        ReferenceId: form.referenceId,
        TipAmount: toDollars(form.tipCents),
        ...(form.tipIndicator ? { TipIndicator: form.tipIndicator } : {}),
        ...(form.amountCents === undefined ? {} : { Amount: toDollars(form.amountCents) }),
        ...(form.paymentType ? { PaymentType: form.paymentType } : {}),
        ...(merchant ? { MerchantNumber: merchant } : {}),
      };
    },
  });
}

/**
 * The original's tip, read with Status just before an "Add": what the tip will be afterwards is
 * what recovery and the charge check compare, and a lost answer judged against the added amount
 * alone would read "not changed" and invite a second add. A record without a tip is refused.
 */
async function currentTipCents(deps: MoneyMoveDeps, form: Form): Promise<number> {
  const record = await callTerminal(deps, form.profileId, 'Status', () => ({
    PaymentType: form.paymentType ?? 'Card',
    ReferenceId: form.referenceId,
  }));
  const tip = readTerminalMoney('TipAmount', record.Amounts?.TipAmount);
  if (tip.ok && tip.cents !== null) return tip.cents;
  const reference = form.referenceId;
  const message = tip.ok ? m.svc_tip_not_said({ reference }) : m.svc_tip_unbelievable({ problem: tip.problem, reference });
  throw new AppFailure('BAD_RESPONSE', message, { remedy: m.svc_tip_replace_remedy() });
}
