import { z } from '../zod-mini';
import * as m from '../i18n/paraglide/messages/_index.js';
import { rule, ruleWords, type RuleWords } from '../spin/rule-words';
import { PaymentType, ReceiptOption, TipIndicator } from '../spin/enums';
import { cartField, paymentCoreFields, paymentOptionFields } from './payment-options';
import { NonNegativeCents, OptionalCents, PositiveCents } from './cents-rules';
import { PaymentResult, ReferenceId } from './payment-result-views';

// Inputs and answers of the payment operations (Sale, Auth, Capture, Return, Void, TipAdjust,
// Balance) and of the transaction lookups. Money is integer cents. Void and TipAdjust name the
// ORIGINAL transaction by its ReferenceId (docs/PROTOCOL.md §4.5, §4.6); every other payment
// carries a new one.

/** Defaults to the active profile. */
const ProfileId = z.optional(z.string().check(z.minLength(1, rule.notEmpty())));

/** Processor authorization codes are short letters and digits (samples: AXS854, 7HD2QX). */
const AuthCode = z.string().check(
  z.trim(),
  z.minLength(1, rule.notEmpty()),
  z.maxLength(20, rule.atMostChars(20)),
  z.regex(
    /^[A-Za-z0-9]+$/,
    ruleWords(() => m.rule_letters_digits()),
  ),
);

const merchantNumber = paymentOptionFields.merchantNumber;

/**
 * A field an operation does not take, refused with the rule. A strict form alone would only say
 * "unrecognized key"; this names why (the seed's rule: a custom fee only on a Sale, never on an
 * Auth or EBT, which the terminal answers 1004: docs/PROTOCOL.md §4.1, §4.2).
 */
const notTaken = (words: RuleWords) => z.optional(z.never(words));

const onlyOnSale = () => ruleWords(() => m.rule_fee_sale_only());

/** ExternalReceipt: no source gives a length (docs/PROTOCOL.md §13.3), so the cap is the app's. */
export const EXTERNAL_RECEIPT_MAX = 500;

const EBT_TYPES: ReadonlySet<string> = new Set(['EBT_Food', 'EBT_Cash']);

/**
 * A charge on the card presented, under a new ReferenceId. The tip is kept apart from the amount
 * here, as a cashier thinks of them; main sends Amount = amount + tip with TipAmount, like Capture.
 */
export const SaleForm = z
  .strictObject({
    profileId: ProfileId,
    amountCents: PositiveCents,
    tipCents: z._default(NonNegativeCents, 0),
    /** CustomFee (docs/PROTOCOL.md §4.1, "Fees"): money like the tip, sent when above 0. */
    customFeeCents: z.optional(NonNegativeCents),
    /** ExternalReceipt: the store's text on the terminal's receipt, in its markup (§11). */
    externalReceipt: z.optional(
      z.string().check(z.minLength(1, rule.notEmpty()), z.maxLength(EXTERNAL_RECEIPT_MAX, rule.atMostChars(EXTERNAL_RECEIPT_MAX))),
    ),
    referenceId: ReferenceId,
    ...paymentCoreFields,
    ...paymentOptionFields,
    ...cartField,
  })
  .check(
    z.refine((form) => !((form.customFeeCents ?? 0) > 0 && EBT_TYPES.has(form.paymentType)), {
      path: ['customFeeCents'],
      ...ruleWords(() => m.rule_no_fee_on_ebt()),
    }),
  );
export type SaleForm = z.input<typeof SaleForm>;

/** A hold on the card. No tip: the terminal refuses TipAmount on Auth (1004). */
export const AuthForm = z.strictObject({
  profileId: ProfileId,
  amountCents: PositiveCents,
  customFeeCents: notTaken(ruleWords(() => m.rule_no_fee_on_auth())),
  referenceId: ReferenceId,
  ...paymentCoreFields,
  ...paymentOptionFields,
  ...cartField,
});
export type AuthForm = z.input<typeof AuthForm>;

/** Completes an Auth, named by its AuthCode, for the final amount; a new ReferenceId of its own. */
export const CaptureForm = z.strictObject({
  profileId: ProfileId,
  authCode: AuthCode,
  amountCents: PositiveCents,
  tipCents: z._default(NonNegativeCents, 0),
  customFeeCents: notTaken(onlyOnSale()),
  referenceId: ReferenceId,
  ...paymentCoreFields,
  ...paymentOptionFields,
  ...cartField,
});
export type CaptureForm = z.input<typeof CaptureForm>;

/** A stand-alone refund to the card presented: new ReferenceId, any amount (docs/PROTOCOL.md §4.4). */
export const ReturnForm = z.strictObject({
  profileId: ProfileId,
  amountCents: PositiveCents,
  customFeeCents: notTaken(onlyOnSale()),
  referenceId: ReferenceId,
  ...paymentCoreFields,
  ...paymentOptionFields,
});
export type ReturnForm = z.input<typeof ReturnForm>;

/** Cancels an unsettled transaction: the ORIGINAL's ReferenceId, amount and payment type. */
export const VoidForm = z.strictObject({
  profileId: ProfileId,
  referenceId: ReferenceId,
  amountCents: PositiveCents,
  paymentType: PaymentType,
  getReceipt: z._default(ReceiptOption, 'Both'),
  merchantNumber,
});
export type VoidForm = z.input<typeof VoidForm>;

/**
 * The tip of an unsettled Sale or Auth, named by the ORIGINAL's ReferenceId: the new total tip, or
 * with tipIndicator "Add" the amount added to it. Without tipIndicator none is sent and the
 * terminal replaces the tip, as clients assume. Amount and PaymentType of the original are sent
 * when known: the 2023 SDK required them, later clients leave them out (docs/PROTOCOL.md §4.6).
 */
export const TipAdjustForm = z.strictObject({
  profileId: ProfileId,
  referenceId: ReferenceId,
  tipCents: NonNegativeCents,
  tipIndicator: z.optional(TipIndicator),
  amountCents: z.optional(PositiveCents),
  paymentType: z.optional(PaymentType),
  merchantNumber,
});
export type TipAdjustForm = z.input<typeof TipAdjustForm>;

export const EbtType = z.enum(['EBT_Food', 'EBT_Cash'], rule.either('EBT_Food', 'EBT_Cash'));

/** EBT balance enquiry: the customer swipes, nothing is charged. */
export const BalanceForm = z.strictObject({
  profileId: ProfileId,
  referenceId: ReferenceId,
  paymentType: EbtType,
  getReceipt: z._default(ReceiptOption, 'No'),
  merchantNumber,
});
export type BalanceForm = z.input<typeof BalanceForm>;

export const BalanceResult = z.extend(PaymentResult, {
  /** EBTFSAvailableBalance and EBTCashAvailableBalance; null when the terminal did not say. */
  balances: z.object({ foodCents: OptionalCents, cashCents: OptionalCents }),
});
export type BalanceResult = z.infer<typeof BalanceResult>;

// ---- lookups --------------------------------------------------------------------------------

/** Status, StatusList and OfflineStatus require a PaymentType; Card matches what the recovery path asks. */
const LookupPaymentType = z._default(PaymentType, 'Card');

/** Position of a transaction in the open batch (docs/PROTOCOL.md §4.8: 1-9999). */
const TransactionNumber = z.number().check(z.int(rule.whole()), z.minimum(1, rule.atLeast(1)), z.maximum(9999, rule.atMost(9999)));

/** One transaction, by its ReferenceId or by its TransactionNumber in the open batch. */
export const StatusInput = z
  .strictObject({
    profileId: ProfileId,
    paymentType: LookupPaymentType,
    referenceId: z.optional(ReferenceId),
    transactionNumber: z.optional(TransactionNumber),
    /** Both = reprint: the receipts come back with the record. */
    getReceipt: z._default(ReceiptOption, 'No'),
  })
  .check(
    z.refine((input) => input.referenceId !== undefined || input.transactionNumber !== undefined, {
      path: ['referenceId'],
      ...ruleWords(() => m.rule_required_unless_transaction()),
    }),
  );
export type StatusInput = z.input<typeof StatusInput>;

const ListIndex = z.number().check(z.int(rule.whole()), z.minimum(1, rule.atLeast(1)), z.maximum(5000, rule.atMost(5000)));

/** The open batch's transactions whose TransactionNumber lies in [fromIndex, toIndex]. */
export const StatusListInput = z
  .strictObject({ profileId: ProfileId, paymentType: LookupPaymentType, fromIndex: ListIndex, toIndex: ListIndex, merchantNumber })
  .check(z.refine((input) => input.fromIndex <= input.toIndex, { path: ['toIndex'], ...ruleWords(() => m.rule_not_less_than_first()) }));
export type StatusListInput = z.input<typeof StatusListInput>;

/** Store-and-forward transactions still on the terminal; a ReferenceId narrows it to one. */
export const OfflineStatusInput = z.strictObject({
  profileId: ProfileId,
  paymentType: LookupPaymentType,
  referenceId: z.optional(ReferenceId),
});
export type OfflineStatusInput = z.input<typeof OfflineStatusInput>;

/** A transaction record as the lookups return it: what a payment result shows, plus its state. */
export const TransactionView = z.extend(PaymentResult, {
  paymentType: z.optional(z.string()),
  voided: z.boolean(),
  invoiceNumber: z.optional(z.string()),
  merchantNumber: z.optional(z.number().check(z.int())),
  /** OfflineStatus only: when the terminal took it (as the terminal wrote it). */
  transactionDateTime: z.optional(z.string()),
  /**
   * An Auth this PC captured (its journal links the two; the record itself does not say): the
   * Capture's ReferenceId and when it was approved. Such an Auth takes no Capture, Void or tip.
   */
  capturedBy: z.optional(z.object({ referenceId: z.string(), at: z.string() })),
});
export type TransactionView = z.infer<typeof TransactionView>;

export const TransactionPage = z.object({
  transactions: z.array(TransactionView),
  fromIndex: z.number().check(z.int()),
  toIndex: z.number().check(z.int()),
});
export type TransactionPage = z.infer<typeof TransactionPage>;

export const OfflineTransactions = z.object({ transactions: z.array(TransactionView) });
export type OfflineTransactions = z.infer<typeof OfflineTransactions>;
