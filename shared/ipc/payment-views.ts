import { z } from '../zod-mini';
import { PaymentType, ReceiptOption, TipIndicator } from '../spin/enums';
import { cartField, paymentCoreFields, paymentOptionFields } from './payment-options';
import { NonNegativeCents, OptionalCents, PositiveCents } from './cents-rules';
import { PaymentResult, ReferenceId } from './payment-result-views';

// Inputs and answers of the payment operations (Sale, Auth, Capture, Return, Void, TipAdjust,
// Balance) and of the transaction lookups. Money is integer cents. Void and TipAdjust name the
// ORIGINAL transaction by its ReferenceId (docs/PROTOCOL.md §4.5, §4.6); every other payment
// carries a new one.

/** Defaults to the active profile. */
const ProfileId = z.optional(z.string().check(z.minLength(1, 'must not be empty')));

/** Processor authorization codes are short letters and digits (samples: AXS854, 7HD2QX). */
const AuthCode = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(20, 'must be at most 20 characters'),
    z.regex(/^[A-Za-z0-9]+$/, 'may use only letters and digits'),
  );

const merchantNumber = paymentOptionFields.merchantNumber;

/**
 * A field an operation does not take, refused with the rule. A strict form alone would only say
 * "unrecognized key"; this names why (the seed's rule: a custom fee only on a Sale, never on an
 * Auth or EBT, which the terminal answers 1004: docs/PROTOCOL.md §4.1, §4.2).
 */
const notTaken = (rule: string) => z.optional(z.never({ error: rule }));

const ONLY_ON_SALE = 'is taken only by a Sale: a custom fee goes with the charge itself';

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
      z
        .string()
        .check(
          z.minLength(1, 'must not be empty'),
          z.maxLength(EXTERNAL_RECEIPT_MAX, `must be at most ${EXTERNAL_RECEIPT_MAX} characters`),
        ),
    ),
    referenceId: ReferenceId,
    ...paymentCoreFields,
    ...paymentOptionFields,
    ...cartField,
  })
  .check(
    z.refine((form) => !((form.customFeeCents ?? 0) > 0 && EBT_TYPES.has(form.paymentType)), {
      path: ['customFeeCents'],
      message: 'is not allowed on EBT: the terminal refuses a custom fee there (1004)',
    }),
  );
export type SaleForm = z.input<typeof SaleForm>;

/** A hold on the card. No tip: the terminal refuses TipAmount on Auth (1004). */
export const AuthForm = z.strictObject({
  profileId: ProfileId,
  amountCents: PositiveCents,
  customFeeCents: notTaken('is not allowed on an Auth: the terminal refuses a custom fee on a hold (1004)'),
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
  customFeeCents: notTaken(ONLY_ON_SALE),
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
  customFeeCents: notTaken(ONLY_ON_SALE),
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

export const EbtType = z.enum(['EBT_Food', 'EBT_Cash'], 'must be EBT_Food or EBT_Cash');

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
const TransactionNumber = z
  .number()
  .check(z.int('must be a whole number'), z.minimum(1, 'must be at least 1'), z.maximum(9999, 'must be at most 9999'));

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
      message: 'is required unless a transaction number is given',
    }),
  );
export type StatusInput = z.input<typeof StatusInput>;

const ListIndex = z
  .number()
  .check(z.int('must be a whole number'), z.minimum(1, 'must be at least 1'), z.maximum(5000, 'must be at most 5000'));

/** The open batch's transactions whose TransactionNumber lies in [fromIndex, toIndex]. */
export const StatusListInput = z
  .strictObject({ profileId: ProfileId, paymentType: LookupPaymentType, fromIndex: ListIndex, toIndex: ListIndex, merchantNumber })
  .check(z.refine((input) => input.fromIndex <= input.toIndex, { path: ['toIndex'], message: 'must not be less than the first number' }));
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
