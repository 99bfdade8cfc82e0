import { DECIMAL, type FieldSpec } from '../../lib/ui/field-spec';

// The boxes of the two pay-at-table forms, drawn by FormFields; keys are those of the drafts in
// invoice-forms.ts, ids and error paths of a row come from FormFields' prefixes.

/** A row's amount, typed as text and read to cents at "<row>.amountCents". */
function amount(label: string, optional = false): FieldSpec {
  return { key: 'amount', id: 'amount', label, optional, money: 'unsigned', errorKey: 'amountCents' };
}

/** One open invoice the customer may pick (ids "select-invoice-<i>-…"). */
export const choiceRowFields = (i: number): readonly FieldSpec[] => [
  { key: 'id', id: 'id', label: `Invoice ${i + 1} number`, class: 'mono', maxlength: 50 },
  { key: 'name', id: 'name', label: 'Name', optional: true, maxlength: 100 },
  amount('Amount due'),
  { key: 'type', id: 'type', label: 'Type', maxlength: 50 },
];

export const INVOICE_HEAD: readonly FieldSpec[] = [
  { key: 'id', id: 'show-invoice-id', label: 'Invoice number', class: 'mono', maxlength: 50 },
  { key: 'name', id: 'show-invoice-name', label: 'Name', optional: true, maxlength: 100, hint: 'For example Table 7.' },
];

export const INVOICE_AMOUNTS: readonly FieldSpec[] = [
  { key: 'total', id: 'show-invoice-total', label: 'Total', money: 'unsigned', errorKey: 'totalCents' },
  { key: 'paid', id: 'show-invoice-paid', label: 'Already paid', money: 'unsigned', errorKey: 'paidCents' },
];

/** One line of what was ordered (ids "show-invoice-good-<i>-…"). */
export const goodFields = (i: number): readonly FieldSpec[] => [
  { key: 'name', id: 'name', label: `Line ${i + 1}`, maxlength: 100 },
  amount('Amount'),
  { key: 'quantity', id: 'quantity', label: 'Quantity', ...DECIMAL },
];

/** One payment already made (ids "show-invoice-payment-<i>-…"). */
export const paymentFields = (i: number): readonly FieldSpec[] => [
  { key: 'referenceId', id: 'ref', label: `Payment ${i + 1} reference`, class: 'mono', maxlength: 50 },
  { key: 'name', id: 'name', label: 'Name', optional: true, maxlength: 60 },
  amount('Amount'),
  { key: 'tip', id: 'tip', label: 'Tip', optional: true, money: 'unsigned', errorKey: 'tipCents' },
];
