import type { z } from '@shared/zod-mini';
import { AddLevel3Form, RemoveLevel3Form } from '@shared/ipc/display-views';
import type { LocalTaxFlag, PaymentType } from '@shared/spin/enums';
import { FormReader, type Checked } from '../../lib/form-reader';
import { m } from '../../lib/i18n/messages';

// The Level 3 forms as typed, checked with the contract's schemas. Error keys are the contract's
// paths ("header.freightCents", "items.2.unitCostCents", "lineItemNumber").

export interface TargetFields {
  authCode: string;
  referenceId: string;
  paymentType: PaymentType;
}

export interface HeaderFields {
  amount: string;
  tip: string;
  cashback: string;
  customFee: string;
  frequency: string;
  tax: string;
  /** '' = not sent. */
  localTaxFlag: LocalTaxFlag | '';
  nationalTax: string;
  custRef: string;
  destZipCode: string;
  customerVatReg: string;
  summaryCommodityCode: string;
  freight: string;
  duty: string;
  shipFromZipCode: string;
  destCountryCode: string;
}

export interface LineRow {
  key: number;
  description: string;
  commodityCode: string;
  productCode: string;
  quantity: string;
  unitOfMeasure: string;
  unitCost: string;
  vatTax: string;
  vatTaxRate: string;
  discount: string;
  total: string;
}

let nextKey = 1;

export const emptyTarget = (): TargetFields => ({ authCode: '', referenceId: '', paymentType: 'Credit' });
export const emptyHeader = (): HeaderFields => ({
  amount: '',
  tip: '',
  cashback: '',
  customFee: '',
  frequency: '',
  tax: '',
  localTaxFlag: '',
  nationalTax: '',
  custRef: '',
  destZipCode: '',
  customerVatReg: '',
  summaryCommodityCode: '',
  freight: '',
  duty: '',
  shipFromZipCode: '',
  destCountryCode: '',
});
export const emptyLine = (): LineRow => ({
  key: nextKey++,
  description: '',
  commodityCode: '',
  productCode: '',
  quantity: '',
  unitOfMeasure: '',
  unitCost: '',
  vatTax: '',
  vatTaxRate: '',
  discount: '',
  total: '',
});

/** Optional text: blank is left out rather than sent as "". */
const text = (value: string) => (value.trim() === '' ? undefined : value);

function target(fields: TargetFields, profileId: string) {
  return { profileId, authCode: fields.authCode, referenceId: fields.referenceId.trim(), paymentType: fields.paymentType };
}

export function toAddLevel3Form(
  fields: TargetFields,
  header: HeaderFields,
  lines: LineRow[],
  profileId: string,
): Checked<z.output<typeof AddLevel3Form>> {
  const reader = new FormReader();
  const cents = (path: string, value: string) => reader.cents(path, value);
  return reader.check(AddLevel3Form, {
    ...target(fields, profileId),
    header: {
      amountCents: cents('header.amountCents', header.amount),
      tipCents: cents('header.tipCents', header.tip),
      cashbackCents: cents('header.cashbackCents', header.cashback),
      customFeeCents: cents('header.customFeeCents', header.customFee),
      frequency: text(header.frequency),
      taxCents: cents('header.taxCents', header.tax),
      localTaxFlag: header.localTaxFlag === '' ? undefined : header.localTaxFlag,
      nationalTaxCents: cents('header.nationalTaxCents', header.nationalTax),
      custRef: text(header.custRef),
      destZipCode: text(header.destZipCode),
      customerVatReg: text(header.customerVatReg),
      summaryCommodityCode: text(header.summaryCommodityCode),
      freightCents: cents('header.freightCents', header.freight),
      dutyCents: cents('header.dutyCents', header.duty),
      shipFromZipCode: text(header.shipFromZipCode),
      destCountryCode: text(header.destCountryCode),
    },
    items: lines.map((line, i) => ({
      description: line.description,
      commodityCode: text(line.commodityCode),
      productCode: text(line.productCode),
      quantity: reader.decimal(`items.${i}.quantity`, line.quantity, 3),
      unitOfMeasure: text(line.unitOfMeasure),
      unitCostCents: cents(`items.${i}.unitCostCents`, line.unitCost),
      vatTaxCents: cents(`items.${i}.vatTaxCents`, line.vatTax),
      vatTaxRate: reader.decimal(`items.${i}.vatTaxRate`, line.vatTaxRate, 3),
      discountCents: cents(`items.${i}.discountCents`, line.discount),
      totalCents: cents(`items.${i}.totalCents`, line.total),
    })),
  });
}

/** Without a line number every staged line of the AuthCode is removed (the caller asks first). */
export function toRemoveLevel3Form(
  fields: TargetFields,
  lineNumber: string | 'all',
  profileId: string,
): Checked<z.output<typeof RemoveLevel3Form>> {
  const reader = new FormReader();
  const number = lineNumber === 'all' ? undefined : reader.whole('lineItemNumber', lineNumber);
  if (lineNumber !== 'all' && lineNumber.trim() === '') reader.errors.lineItemNumber = m.l3_enter_line_number();
  return reader.check(RemoveLevel3Form, { ...target(fields, profileId), lineItemNumber: number });
}
