import { z } from 'zod';
import * as m from '../i18n/paraglide/messages/_index.js';
import { GeneralResponse } from './general-response';
import { unionOf } from './rules';
import { looseBoolean, looseNested, looseNumber, looseRecord, looseString, looseStringMap } from './tolerant';

// The transaction result record (docs/PROTOCOL.md §3.2): the answer
// to Sale, Auth, Capture, Return, Void, TipAdjust and Status, and the element of StatusList and
// OfflineStatus lists. Amounts are dollars as JSON numbers; extended data values are text.

/** Amount breakdown; Balance adds the two EBT balances to the same object. */
export const amountsFields = {
  TotalAmount: looseNumber(),
  Amount: looseNumber(),
  TipAmount: looseNumber(),
  FeeAmount: looseNumber(),
  TaxAmount: looseNumber(),
};

export const CardData = looseNested({
  /** Open vocabulary, see `knownCardTypes`. */
  CardType: looseString(),
  /** Open vocabulary, see `knownEntryTypes`. */
  EntryType: looseString(),
  Last4: looseString(),
  First4: looseString(),
  BIN: looseString(),
  /** MMYY */
  ExpirationDate: looseString(),
  Name: looseString(),
  CardBrand: looseString(),
});

const EMVData = looseNested({
  ApplicationName: looseString(),
  AID: looseString(),
  TVR: looseString(),
  TSI: looseString(),
  IAD: looseString(),
  ARC: looseString(),
});

/**
 * Keyed by application name ("Visa") -> flat map of text values. Samples sometimes show an array,
 * so both are kept as sent.
 */
const ExtendedData = unionOf([z.record(z.string(), z.unknown()), z.array(z.unknown())], () => m.rule_object_or_list())
  .nullable()
  .optional();

/** Fields of a record, without GeneralResponse (whose requiredness differs between top level and list items). */
export const transactionRecordFields = {
  PaymentType: looseString(),
  TransactionType: looseString(),
  Amounts: looseNested(amountsFields),
  AuthCode: looseString(),
  ReferenceId: looseString(),
  InvoiceNumber: looseString(),
  SerialNumber: looseString(),
  BatchNumber: looseString(),
  TransactionNumber: looseString(),
  Voided: looseBoolean(),
  /** Base64 PNG of the customer's signature, when one was captured. */
  Signature: looseString(),
  IPosToken: looseString(),
  Token: looseString(),
  RRN: looseString(),
  PNReferenceId: looseString(),
  MerchantNumber: looseNumber(),
  MerchantName: looseString(),
  ExtendedDataByApplication: ExtendedData,
  CardData,
  EMVData,
  Receipts: looseNested({ Customer: looseString(), Merchant: looseString() }),
  /** A non-empty value means Level 2/3 enrichment failed, even when the payment was approved. */
  L2L3ValidationError: looseStringMap(),
  AutoRentalValidationError: looseStringMap(),
};

/** A record inside a list: each item may carry its own GeneralResponse, but need not. */
export const TransactionListItem = looseRecord({
  GeneralResponse: GeneralResponse.nullable().optional(),
  ...transactionRecordFields,
});
