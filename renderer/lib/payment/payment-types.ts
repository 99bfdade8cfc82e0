import type { PaymentType } from '@shared/spin/enums';

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
