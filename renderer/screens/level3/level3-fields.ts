import { DECIMAL, type FieldSpec } from '../../lib/ui/field-spec';
import { PAYMENT_TYPE_OPTIONS } from '../../lib/payment/payment-types';
import { m } from '../../lib/i18n/messages';

// The boxes of the Level 3 form, drawn by FormFields; keys are those of the drafts in
// level3-forms.ts. Ids start "l3-" (a line's "l3-line-<i>-"), errors "header." or "items.<i>.".
// Functions, called in the markup, so labels and hints follow a language switch.

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
export const targetFields = (): readonly FieldSpec[] => [
  { key: 'authCode', id: 'auth-code', label: m.l3_auth_code(), class: 'mono', maxlength: 20, hint: m.l3_auth_code_hint() },
  { key: 'referenceId', id: 'reference', label: m.l3_reference(), class: 'mono', maxlength: 50, hint: m.l3_reference_hint() },
  { key: 'paymentType', id: 'payment-type', label: m.l3_payment_type(), options: PAYMENT_TYPE_OPTIONS },
];

const taxFlags = () => [
  { value: '', label: m.l3_tax_not_sent() },
  { value: 'NotProvided', label: m.l3_tax_not_provided() },
  { value: 'LocalOrSales', label: m.l3_tax_local_or_sales() },
  { value: 'TaxExempt', label: m.l3_tax_exempt() },
];

/** The order details always shown. */
export const headerFields = (): readonly FieldSpec[] => [
  money('tax', 'tax', m.l3_tax_amount()),
  { key: 'localTaxFlag', id: 'local-tax', label: m.l3_local_tax(), options: taxFlags() },
  text('custRef', 'cust-ref', m.l3_cust_ref(), 25),
  text('destZipCode', 'dest-zip', m.l3_dest_zip(), 10),
];

/**
 * The order details folded under "More fields", rarely needed; the transaction's own figures
 * come first. The browser suggests no past entries for these.
 */
export const headerMore = (): readonly FieldSpec[] =>
  [
    money('amount', 'amount', m.l3_amount()),
    money('tip', 'tip', m.l3_tip()),
    money('cashback', 'cashback', m.l3_cashback()),
    money('customFee', 'customFee', m.l3_custom_fee()),
    money('nationalTax', 'nationalTax', m.l3_national_tax()),
    text('customerVatReg', 'customerVatReg', m.l3_customer_vat(), 20),
    text('summaryCommodityCode', 'summaryCommodityCode', m.l3_summary_commodity(), 4),
    money('freight', 'freight', m.l3_freight()),
    money('duty', 'duty', m.l3_duty()),
    text('shipFromZipCode', 'shipFromZipCode', m.l3_ship_from_zip(), 10),
    text('destCountryCode', 'destCountryCode', m.l3_dest_country(), 3, m.l3_dest_country_hint()),
    text('frequency', 'frequency', m.l3_frequency(), 20, m.l3_frequency_hint()),
  ].map((field) => (field.money ? field : { ...field, autocomplete: 'off' }));

/** A line's description, count and amounts. */
export const lineFields = (number: number): readonly FieldSpec[] => [
  { key: 'description', id: 'description', label: m.l3_line_description({ number }), maxlength: 35 },
  { key: 'quantity', id: 'quantity', label: m.l3_quantity(), optional: true, ...DECIMAL },
  text('unitOfMeasure', 'unit', m.l3_unit(), 12, m.l3_unit_hint()),
  money('unitCost', 'unit-cost', m.l3_unit_cost()),
  money('total', 'total', m.l3_line_total()),
];

/** A line's rarer fields, folded under "More fields for line <n>". */
export const lineMore = (): readonly FieldSpec[] => [
  text('productCode', 'product', m.l3_product_code(), 12),
  text('commodityCode', 'commodity', m.l3_commodity_code(), 12),
  money('vatTax', 'vat', m.l3_vat_amount()),
  { key: 'vatTaxRate', id: 'vat-rate', label: m.l3_vat_rate(), optional: true, ...DECIMAL },
  money('discount', 'discount', m.l3_discount()),
];
