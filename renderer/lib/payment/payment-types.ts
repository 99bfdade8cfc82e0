import type { PaymentType } from '@shared/spin/enums';
import type { FieldSpec } from '../ui/field-spec';

/** The payment types a cashier picks from, in the order they are used at a counter. */
export const PAYMENT_TYPE_OPTIONS: readonly { value: PaymentType; label: string }[] = [
  { value: 'Credit', label: 'Credit' },
  { value: 'Debit', label: 'Debit' },
  { value: 'Card', label: 'Card (terminal asks credit or debit)' },
  { value: 'EBT_Food', label: 'EBT Food' },
  { value: 'EBT_Cash', label: 'EBT Cash' },
  { value: 'Gift', label: 'Gift card' },
  { value: 'Cash', label: 'Cash' },
  { value: 'Check', label: 'Check' },
];

export function paymentTypeLabel(value: string): string {
  return PAYMENT_TYPE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

/** The payment type box of a payment form (FormFields), editing the draft's `paymentType`. */
export const PAYMENT_TYPE_FIELD: FieldSpec = {
  key: 'paymentType',
  id: 'payment-type',
  label: 'Payment type',
  options: PAYMENT_TYPE_OPTIONS,
};
