import { z } from 'zod';
import * as m from '../../i18n/paraglide/messages/_index.js';
import { amount, credentialFields, optionalExtra, paymentEnvelopeFields } from '../common';
import { LocalTaxFlag } from '../enums';
import { strictRequest, text, unionOf, wholeNumber, withRules } from '../rules';

// Level 3 (commercial card) data staged on the terminal ahead of a transaction (/v2/L3Data/*).
// Which fields are required is unconfirmed (docs/PROTOCOL.md §4.15), so the field list is the
// endpoint schema's and only the universal rules apply: the envelope's PaymentType and
// ReferenceId, money as dollars.

/** The schema types these as "nullable numbers or scalars": a number, text or null. */
const scalar = () =>
  unionOf([z.number(), z.string()], () => m.rule_number_or_text())
    .nullable()
    .optional();

const Level3LineItem = strictRequest({
  CommodityCode: text().optional(),
  Description: text().optional(),
  ProductCode: text().optional(),
  Quantity: scalar(),
  UnitOfMeasure: scalar(),
  UnitCost: scalar(),
  VatTaxAmount: scalar(),
  VatTaxRate: scalar(),
  DiscountAmount: scalar(),
  TotalAmount: scalar(),
});

/** Fields both L3 endpoints share: the envelope, the credentials and the original AuthCode. */
const level3Base = {
  ...credentialFields,
  ...paymentEnvelopeFields,
  /** TSYS needs it (1013 when missing); other processors may not, so it is optional here. */
  AuthCode: text().optional(),
};

export const AddLevel3ItemRequest = strictRequest({
  ...level3Base,
  /** Optional (unconfirmed); when sent it follows the amount rule. */
  Amount: amount().optional(),
  Tip: optionalExtra(),
  CashbackAmount: optionalExtra(),
  CustomFee: optionalExtra(),
  TaxAmount: optionalExtra(),
  NationalTaxAmount: optionalExtra(),
  FreightAmount: optionalExtra(),
  DutyAmount: optionalExtra(),
  Frequency: text().optional(),
  LocalTaxFlag: z.optional(LocalTaxFlag),
  CustRef: text().optional(),
  DestZipCode: text().optional(),
  CustomerVatReg: text().optional(),
  SummaryCommodityCode: text().optional(),
  ShipfromZipCode: text().optional(),
  DestCountryCode: text().optional(),
  LineItemCount: wholeNumber(0).nullable().optional(),
  Level3LineItems: strictRequest({ Group: z.array(Level3LineItem, withRules) }).optional(),
});

export const RemoveLevel3ItemRequest = strictRequest({
  ...level3Base,
  /** Which staged line to remove; counted from 1. */
  LineItemNumber: wholeNumber(1).nullable().optional(),
});
