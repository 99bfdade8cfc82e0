import { DECIMAL, type FieldSpec, type RowsSpec } from '../../lib/ui/field-spec';
import { m } from '../../lib/i18n/messages';
import { emptyChoiceRow, emptyGood, emptyPayment, type ChoiceRow, type GoodRow, type PaymentRow } from './invoice-forms';

// The boxes of the two pay-at-table forms, drawn by FormFields and FormList; keys are those of the
// drafts in invoice-forms.ts, error keys the contract's paths. Functions, called in the markup, so
// labels and hints follow a language switch.

/** A row's amount, typed as text and read to cents at "<row>.amountCents". */
function amount(label: string): FieldSpec {
  return { key: 'amount', id: 'amount', label, money: 'unsigned', errorKey: 'amountCents' };
}

/** The open invoices the customer picks from. */
export const choiceRows = (): RowsSpec<ChoiceRow> => ({
  path: 'invoices',
  id: 'select-invoice',
  legend: m.invoice_open_legend(),
  rowLabel: m.invoice_row(),
  newRow: emptyChoiceRow,
  max: 50,
  // Four short fields: the two longest labels ("Invoice 1 number", "Name (optional)") get a
  // little more room, so every label stays on one line at 1024 px.
  columns: 'minmax(0, 1.3fr) minmax(0, 1.2fr) minmax(0, 1fr) minmax(0, 0.9fr)',
  fields: (i) => [
    { key: 'id', id: 'id', label: m.invoice_row_number({ number: i + 1 }), class: 'mono', maxlength: 50 },
    { key: 'name', id: 'name', label: m.invoice_name(), optional: true, maxlength: 100 },
    amount(m.invoice_amount_due()),
    { key: 'type', id: 'type', label: m.invoice_type(), maxlength: 50 },
  ],
});

export const invoiceHead = (): readonly FieldSpec[] => [
  { key: 'id', id: 'show-invoice-id', label: m.invoice_number(), class: 'mono', maxlength: 50 },
  { key: 'name', id: 'show-invoice-name', label: m.invoice_name(), optional: true, maxlength: 100, hint: m.invoice_name_hint() },
];

export const invoiceAmounts = (): readonly FieldSpec[] => [
  { key: 'total', id: 'show-invoice-total', label: m.invoice_total(), money: 'unsigned', errorKey: 'totalCents' },
  { key: 'paid', id: 'show-invoice-paid', label: m.invoice_already_paid(), money: 'unsigned', errorKey: 'paidCents' },
];

/** What was ordered, line by line. */
export const goodRows = (): RowsSpec<GoodRow> => ({
  path: 'goods',
  id: 'show-invoice-good',
  legend: m.invoice_goods_legend(),
  rowLabel: m.invoice_line(),
  newRow: emptyGood,
  max: 100,
  fields: (i) => [
    { key: 'name', id: 'name', label: m.invoice_line_numbered({ number: i + 1 }), maxlength: 100 },
    amount(m.invoice_amount()),
    { key: 'quantity', id: 'quantity', label: m.invoice_quantity(), ...DECIMAL },
  ],
});

/** The payments already made toward the invoice. */
export const paymentRows = (): RowsSpec<PaymentRow> => ({
  path: 'payments',
  id: 'show-invoice-payment',
  legend: m.invoice_payments_legend(),
  rowLabel: m.invoice_payment(),
  newRow: emptyPayment,
  max: 50,
  fields: (i) => [
    { key: 'referenceId', id: 'ref', label: m.invoice_payment_reference({ number: i + 1 }), class: 'mono', maxlength: 50 },
    { key: 'name', id: 'name', label: m.invoice_name(), optional: true, maxlength: 60 },
    amount(m.invoice_amount()),
    { key: 'tip', id: 'tip', label: m.invoice_tip(), optional: true, money: 'unsigned', errorKey: 'tipCents' },
  ],
});
