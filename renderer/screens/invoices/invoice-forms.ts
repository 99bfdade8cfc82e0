import type { z } from '@shared/zod-mini';
import { PaymentInvoiceForm, SelectInvoiceForm } from '@shared/ipc/display-views';
import { FormReader, type Checked } from '../../lib/form-reader';

// The two pay-at-table forms as typed, checked with the contract's schemas before anything is
// sent. Error keys are the contract's paths ("invoices.1.amountCents", "invoice.goods.0.name").

let nextKey = 1;
const key = () => nextKey++;

export interface ChoiceRow {
  key: number;
  id: string;
  name: string;
  amount: string;
  type: string;
}
export interface SelectFields {
  title: string;
  invoices: ChoiceRow[];
}

export const emptyChoiceRow = (): ChoiceRow => ({ key: key(), id: '', name: '', amount: '', type: 'Open' });
export const emptySelect = (): SelectFields => ({ title: 'Select your check', invoices: [emptyChoiceRow()] });

export function toSelectInvoiceForm(fields: SelectFields, profileId: string): Checked<z.output<typeof SelectInvoiceForm>> {
  const reader = new FormReader();
  return reader.check(SelectInvoiceForm, {
    profileId,
    title: fields.title,
    invoices: fields.invoices.map((row, i) => ({
      id: row.id,
      name: row.name,
      amountCents: reader.cents(`invoices.${i}.amountCents`, row.amount, { required: true }),
      type: row.type,
    })),
  });
}

export interface GoodRow {
  key: number;
  name: string;
  amount: string;
  quantity: string;
}
export interface PaymentRow {
  key: number;
  referenceId: string;
  name: string;
  amount: string;
  tip: string;
}
export interface InvoiceFields {
  id: string;
  name: string;
  total: string;
  paid: string;
  goods: GoodRow[];
  payments: PaymentRow[];
}

export const emptyGood = (): GoodRow => ({ key: key(), name: '', amount: '', quantity: '1' });
export const emptyPayment = (): PaymentRow => ({ key: key(), referenceId: '', name: '', amount: '', tip: '' });
export const emptyInvoice = (): InvoiceFields => ({ id: '', name: '', total: '', paid: '0', goods: [emptyGood()], payments: [] });

export function toPaymentInvoiceForm(
  fields: InvoiceFields,
  profileId: string,
  referenceId: string,
): Checked<z.output<typeof PaymentInvoiceForm>> {
  const reader = new FormReader();
  const at = (path: string) => `invoice.${path}`;
  return reader.check(PaymentInvoiceForm, {
    profileId,
    referenceId,
    invoice: {
      id: fields.id,
      name: fields.name,
      totalCents: reader.cents(at('totalCents'), fields.total, { required: true }),
      // Nothing paid yet is the common case, so a blank box means $0.00.
      paidCents: reader.cents(at('paidCents'), fields.paid) ?? 0,
      goods: fields.goods.map((good, i) => ({
        name: good.name,
        amountCents: reader.cents(at(`goods.${i}.amountCents`), good.amount, { required: true }),
        quantity: reader.decimal(at(`goods.${i}.quantity`), good.quantity, 3, { required: true }),
      })),
      payments: fields.payments.map((payment, i) => ({
        referenceId: payment.referenceId.trim(),
        name: payment.name,
        amountCents: reader.cents(at(`payments.${i}.amountCents`), payment.amount, { required: true }),
        tipCents: reader.cents(at(`payments.${i}.tipCents`), payment.tip) ?? 0,
      })),
    },
  });
}
