import { DECIMAL, type FieldSpec } from '../../lib/ui/field-spec';
import { PAYMENT_TYPE_OPTIONS } from '../../lib/payment/payment-types';

// The boxes of the Level 3 form, drawn by FormFields; keys are those of the drafts in
// level3-forms.ts. Ids start "l3-" (a line's "l3-line-<i>-"), errors "header." or "items.<i>.".

/** An optional amount typed as text; level3-forms.ts reads it to cents at "<key>Cents". */
const money = (key: string, id: string, label: string): FieldSpec => ({
  key,
  id,
  label,
  optional: true,
  money: 'unsigned',
  errorKey: `${key}Cents`,
});

/** An optional code or text, sent as typed, with its length. */
const text = (key: string, id: string, label: string, maxlength: number, hint?: string): FieldSpec => ({
  key,
  id,
  label,
  optional: true,
  maxlength,
  hint,
});

/** Which transaction the lines belong to. */
export const TARGET_FIELDS: readonly FieldSpec[] = [
  { key: 'authCode', id: 'auth-code', label: 'Auth code', class: 'mono', maxlength: 20, hint: 'From the approved Auth or Sale.' },
  { key: 'referenceId', id: 'reference', label: 'Reference', class: 'mono', maxlength: 50, hint: "The transaction's reference." },
  { key: 'paymentType', id: 'payment-type', label: 'Payment type', options: PAYMENT_TYPE_OPTIONS },
];

const TAX_FLAGS = [
  { value: '', label: 'Not sent' },
  { value: 'NotProvided', label: 'Not provided' },
  { value: 'LocalOrSales', label: 'Local or sales tax included' },
  { value: 'TaxExempt', label: 'Tax exempt' },
];

/** The order details always shown. */
export const HEADER_FIELDS: readonly FieldSpec[] = [
  money('tax', 'tax', 'Tax amount'),
  { key: 'localTaxFlag', id: 'local-tax', label: 'Local tax', options: TAX_FLAGS },
  text('custRef', 'cust-ref', 'Customer reference (PO)', 25),
  text('destZipCode', 'dest-zip', 'Destination ZIP', 10),
];

/**
 * The order details folded under "More fields", rarely needed; the transaction's own figures
 * come first. The browser suggests no past entries for these.
 */
export const HEADER_MORE: readonly FieldSpec[] = [
  money('amount', 'amount', 'Transaction amount'),
  money('tip', 'tip', 'Tip amount'),
  money('cashback', 'cashback', 'Cashback amount'),
  money('customFee', 'customFee', 'Custom fee'),
  money('nationalTax', 'nationalTax', 'National tax amount'),
  text('customerVatReg', 'customerVatReg', 'Customer VAT registration', 20),
  text('summaryCommodityCode', 'summaryCommodityCode', 'Summary commodity code', 4),
  money('freight', 'freight', 'Freight amount'),
  money('duty', 'duty', 'Duty amount'),
  text('shipFromZipCode', 'shipFromZipCode', 'Ship-from ZIP', 10),
  text('destCountryCode', 'destCountryCode', 'Destination country code', 3, 'For example 840 or USA.'),
  text('frequency', 'frequency', 'Frequency', 20, 'Only if your processor asks for it; sent as typed.'),
].map((field) => (field.money ? field : { ...field, autocomplete: 'off' }));

/** A line's description, count and amounts. */
export const lineFields = (number: number): readonly FieldSpec[] => [
  { key: 'description', id: 'description', label: `Line ${number} description`, maxlength: 35 },
  { key: 'quantity', id: 'quantity', label: 'Quantity', optional: true, ...DECIMAL },
  text('unitOfMeasure', 'unit', 'Unit', 12, 'EA, LB…'),
  money('unitCost', 'unit-cost', 'Unit cost'),
  money('total', 'total', 'Line total'),
];

/** A line's rarer fields, folded under "More fields for line <n>". */
export const LINE_MORE: readonly FieldSpec[] = [
  text('productCode', 'product', 'Product code', 12),
  text('commodityCode', 'commodity', 'Commodity code', 12),
  money('vatTax', 'vat', 'VAT amount'),
  { key: 'vatTaxRate', id: 'vat-rate', label: 'VAT rate (%)', optional: true, ...DECIMAL },
  money('discount', 'discount', 'Discount'),
];
