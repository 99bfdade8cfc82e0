import { z } from 'zod';
import * as m from '../i18n/paraglide/messages/_index.js';
import { PaymentType, ReceiptOption } from './enums';
import { MAX_CENTS } from './money';
import { bool, exactText, nonNegativeAmount, positiveAmount, strictRequest, text, unionOf, wholeNumber, withRules } from './rules';

// Field groups shared by the request schemas. Each group is a plain shape object so an endpoint
// is written as a spread of the groups it carries plus its own fields; limits come from
// docs/PROTOCOL.md §2 and §7 and live only here.

/** CustomFields values: text and numbers ("CustomFee": 1.00, docs/PROTOCOL.md §2.1); booleans and null are tolerated. */
export const CustomFields = z.record(
  z.string(),
  unionOf([z.string(), z.number(), z.boolean(), z.null()], () => m.rule_text_number_bool_null()),
  withRules,
);

/** Terminal addressing (docs/PROTOCOL.md §2.1), carried by every endpoint. */
export const credentialFields = {
  /** Terminal Profile Number: one TPN is one physical terminal. */
  Tpn: text({ min: 10, max: 12 }),
  /** Legacy, marked obsolete; only needed by old setups without a Tpn. */
  RegisterId: text({ min: 2, max: 50 }).optional(),
  /** Secret generated in the iPOSpays portal for this TPN. */
  Authkey: exactText(10),
  /** Seconds the proxy waits for the terminal; null means the default (120 s, Settle 420 s). */
  SPInProxyTimeout: wholeNumber(1, 720).nullable().optional(),
  CustomFields: CustomFields.optional(),
};

/**
 * The docs say 1–50 letters and digits; '-' and '_' are allowed as well, the app's choice for
 * references a person types (docs/PROTOCOL.md §2.2). Spaces and other punctuation are refused:
 * the proxy answers 2006 to stray spaces.
 */
// `*` rather than `+`: emptiness is reported once, by the length rule.
export const REFERENCE_ID_PATTERN = /^[A-Za-z0-9_-]*$/;

export const referenceId = () =>
  text({ min: 1, max: 50 }).regex(REFERENCE_ID_PATTERN, { error: "must contain only letters, digits, '-' or '_'" });

/** The pair that identifies a transaction: how it is paid and the POS's id for it. */
export const transactionKeyFields = {
  PaymentType,
  ReferenceId: referenceId(),
};

/** Receipt and signature prompts: on every envelope endpoint except TipAdjust. */
export const receiptFields = {
  PrintReceipt: z.optional(ReceiptOption),
  GetReceipt: z.optional(ReceiptOption),
  CaptureSignature: bool().optional(),
};

/** Optional envelope fields carried by every payment-envelope endpoint. */
export const envelopeOptionFields = {
  /** Merchant slot on a multi-merchant terminal. */
  MerchantNumber: wholeNumber(1, 5).nullable().optional(),
  /** Ask for ExtendedDataByApplication in the response. */
  GetExtendedData: bool().optional(),
  /** The register can consume intermediate statuses. */
  IsReadyForIS: bool().optional(),
  /** Url is optional inside: samples send an empty string when no callback is wanted (docs/PROTOCOL.md §2.2). */
  CallbackInfo: strictRequest({ Url: text().optional() }).optional(),
  /** Fiserv North settlement reference. */
  ReconId: text({ min: 1, max: 10 }).optional(),
  /** iPOSpays-issued ISV identifier. */
  IsvId: text({ min: 1, max: 16 }).optional(),
};

export const invoiceNumberField = { InvoiceNumber: text({ max: 50 }).optional() };

/** The whole payment envelope (docs/PROTOCOL.md §2.2), as Sale, Auth, Capture, Return and Balance carry it. */
export const paymentEnvelopeFields = {
  ...transactionKeyFields,
  ...receiptFields,
  ...invoiceNumberField,
  ...envelopeOptionFields,
};

// ---- amounts (dollars on the wire) ----------------------------------------------------------

/** Largest dollar amount the app accepts: 99,999,999.99. */
export const MAX_AMOUNT = MAX_CENTS / 100;

/** Amount where money moves: > 0, at most 2 decimals, at most MAX_AMOUNT. */
export const amount = positiveAmount;

/** Tip, fee and similar extras: 0 or more, at most 2 decimals. */
export const extra = nonNegativeAmount;

/** An extra the caller may leave out; null means "none". */
export const optionalExtra = () => extra().nullable().optional();

export const amountField = { Amount: amount() };

// ---- response shapes, kept in their own files and re-exported for one import point ---------

export { Cart, CartItem } from './cart';
export { GeneralResponse, liftGeneralResponse, responseSchema } from './general-response';
export { amountsFields, CardData, transactionRecordFields, TransactionListItem } from './transaction-record';
