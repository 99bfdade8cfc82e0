import type { PaymentType } from '@shared/spin/enums';
import { m } from '../i18n/messages';
import type { FieldSpec } from '../ui/field-spec';
import { optionsShownInLanguage } from './shown-words';

/** The payment types a cashier picks from, in the order they are used at a counter. */
export const PAYMENT_TYPE_OPTIONS = optionsShownInLanguage<PaymentType>([
  ['Credit', m.pay_type_credit],
  ['Debit', m.pay_type_debit],
  ['Card', m.pay_type_card],
  ['EBT_Food', m.pay_type_ebt_food],
  ['EBT_Cash', m.pay_type_ebt_cash],
  ['Gift', m.pay_type_gift],
  ['Cash', m.pay_type_cash],
  ['Check', m.pay_type_check],
]);

export function paymentTypeLabel(value: string): string {
  return PAYMENT_TYPE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

/** The payment type box of a payment form (FormFields), editing the draft's `paymentType`. */
export const PAYMENT_TYPE_FIELD: FieldSpec = {
  key: 'paymentType',
  id: 'payment-type',
  get label() {
    return m.pay_detail_payment_type();
  },
  options: PAYMENT_TYPE_OPTIONS,
};
