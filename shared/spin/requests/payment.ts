import { z } from 'zod';
import { Cart } from '../cart';
import { rule } from '../rule-words';
import {
  amount,
  amountField,
  credentialFields,
  envelopeOptionFields,
  extra,
  optionalExtra,
  paymentEnvelopeFields,
  receiptFields,
  referenceId,
  transactionKeyFields,
} from '../common';
import { PaymentType, TipIndicator } from '../enums';
import { strictRequest, text } from '../rules';

// Payment operations (/v2/Payment/*) that act on a card. Field lists, requiredness and limits
// follow docs/PROTOCOL.md §2 and §4. Business rules the terminal enforces itself
// (no tip on Auth -> 1004, fee + tip above the total -> 1013) are left to the terminal, so the
// app sees the same answer the real service gives.

/** Void and Return carry the envelope without the Sale-only extras. */
const refundEnvelope = { ...credentialFields, ...paymentEnvelopeFields, ...amountField };

/** Sale: the full envelope plus tip, custom fee, receipt text and a display cart. */
const saleFields = {
  ...refundEnvelope,
  TipAmount: optionalExtra(),
  /** Extra receipt markup printed on the terminal receipt (docs/PROTOCOL.md §11). */
  ExternalReceipt: text().optional(),
  /** Convenience fee; the terminal refuses it on Auth and EBT (1004). */
  CustomFee: optionalExtra(),
  Cart: Cart.optional(),
};

export const SaleRequest = strictRequest(saleFields);

/**
 * The schema lists Amount, Cart and the envelope; other sources say "as Sale", with TipAmount and
 * CustomFee answered 1004 by the terminal (docs/PROTOCOL.md §4.2). Both shapes are accepted: the
 * Sale fields.
 */
export const AuthRequest = strictRequest(saleFields);

/** Completes an Auth: AuthCode links the two (docs/PROTOCOL.md §4.3). */
export const CaptureRequest = strictRequest({
  ...refundEnvelope,
  TipAmount: optionalExtra(),
  AuthCode: text({ min: 1 }),
  Cart: Cart.optional(),
});

/** Stand-alone refund with a new ReferenceId; no tip, cart or receipt text. */
export const ReturnRequest = strictRequest(refundEnvelope);

/** Cancels the transaction named by ReferenceId; no InvoiceNumber here (docs/PROTOCOL.md §4.5). */
export const VoidRequest = strictRequest({
  ...credentialFields,
  ...transactionKeyFields,
  ...receiptFields,
  ...envelopeOptionFields,
  ...amountField,
});

/**
 * Sources disagree (docs/PROTOCOL.md §4.6, §13.2): the 2023 SDK required Amount, PaymentType and
 * CardLast4; later clients send only ReferenceId and TipAmount. Both are accepted — ReferenceId
 * and TipAmount required, the rest optional but checked when present.
 */
export const TipAdjustRequest = strictRequest({
  ...credentialFields,
  ...envelopeOptionFields,
  ReferenceId: referenceId(),
  PaymentType: z.optional(PaymentType),
  Amount: amount().optional(),
  TipAmount: extra(),
  TipIndicator: z.optional(TipIndicator),
  CardLast4: text()
    .regex(/^\d{4}$/, rule.exactlyDigits(4))
    .optional(),
});

/** EBT balance enquiry: the envelope without an amount. */
export const BalanceRequest = strictRequest({ ...credentialFields, ...paymentEnvelopeFields });
