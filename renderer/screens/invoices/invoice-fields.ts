import { DECIMAL, type FieldSpec, type RowsSpec } from '../../lib/ui/field-spec';
import { emptyChoiceRow, emptyGood, emptyPayment, type ChoiceRow, type GoodRow, type PaymentRow } from './invoice-forms';

// The boxes of the two pay-at-table forms, drawn by FormFields and FormList; keys are those of the
// drafts in invoice-forms.ts, error keys the contract's paths.

/** A row's amount, typed as text and read to cents at "<row>.amountCents". */
function amount(label: string): FieldSpec {
  return { key: 'amount', id: 'amount', label, money: 'unsigned', errorKey: 'amountCents' };
}

/** The open invoices the customer picks from. */
export const CHOICE_ROWS: RowsSpec<ChoiceRow> = {
  path: 'invoices',
  id: 'select-invoice',
  legend: 'Open invoices',
  rowLabel: 'Invoice',
  newRow: emptyChoiceRow,
  max: 50,
  // Four short fields: the two longest labels ("Invoice 1 number", "Name (optional)") get a
  // little more room, so every label stays on one line at 1024 px.
  columns: 'minmax(0, 1.3fr) minmax(0, 1.2fr) minmax(0, 1fr) minmax(0, 0.9fr)',
  fields: (i) => [
    { key: 'id', id: 'id', label: `Invoice ${i + 1} number`, class: 'mono', maxlength: 50 },
    { key: 'name', id: 'name', label: 'Name', optional: true, maxlength: 100 },
    amount('Amount due'),
    { key: 'type', id: 'type', label: 'Type', maxlength: 50 },
  ],
};

export const INVOICE_HEAD: readonly FieldSpec[] = [
  { key: 'id', id: 'show-invoice-id', label: 'Invoice number', class: 'mono', maxlength: 50 },
  { key: 'name', id: 'show-invoice-name', label: 'Name', optional: true, maxlength: 100, hint: 'For example Table 7.' },
];

export const INVOICE_AMOUNTS: readonly FieldSpec[] = [
  { key: 'total', id: 'show-invoice-total', label: 'Total', money: 'unsigned', errorKey: 'totalCents' },
  { key: 'paid', id: 'show-invoice-paid', label: 'Already paid', money: 'unsigned', errorKey: 'paidCents' },
];

/** What was ordered, line by line. */
export const GOOD_ROWS: RowsSpec<GoodRow> = {
  path: 'goods',
  id: 'show-invoice-good',
  legend: 'What was ordered',
  rowLabel: 'Line',
  newRow: emptyGood,
  max: 100,
  fields: (i) => [
    { key: 'name', id: 'name', label: `Line ${i + 1}`, maxlength: 100 },
    amount('Amount'),
    { key: 'quantity', id: 'quantity', label: 'Quantity', ...DECIMAL },
  ],
};

/** The payments already made toward the invoice. */
export const PAYMENT_ROWS: RowsSpec<PaymentRow> = {
  path: 'payments',
  id: 'show-invoice-payment',
  legend: 'Payments already made',
  rowLabel: 'Payment',
  newRow: emptyPayment,
  max: 50,
  fields: (i) => [
    { key: 'referenceId', id: 'ref', label: `Payment ${i + 1} reference`, class: 'mono', maxlength: 50 },
    { key: 'name', id: 'name', label: 'Name', optional: true, maxlength: 60 },
    amount('Amount'),
    { key: 'tip', id: 'tip', label: 'Tip', optional: true, money: 'unsigned', errorKey: 'tipCents' },
  ],
};
