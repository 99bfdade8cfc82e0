import * as m from '../../i18n/paraglide/messages/_index.js';
import { credentialFields, envelopeOptionFields, receiptFields, referenceId } from '../common';
import { PaymentType } from '../enums';
import { strictRequest, wholeNumber } from '../rules';

// Lookups (/v2/Payment/Status, StatusList, OfflineStatus): nothing moves, they read the batch.

/**
 * Integrators mark ReferenceId required; the schema says Status "looks up by ReferenceId or
 * TransactionNumber" (docs/PROTOCOL.md §4.8). Both are accepted: at least one of the two must be
 * present.
 */
export const StatusRequest = strictRequest({
  ...credentialFields,
  ...receiptFields,
  ...envelopeOptionFields,
  PaymentType,
  ReferenceId: referenceId().optional(),
  /** Position of the transaction in the current batch. */
  TransactionNumber: wholeNumber(1, 9999).nullable().optional(),
}).refine((request) => request.ReferenceId !== undefined || request.TransactionNumber != null, {
  path: ['ReferenceId'],
  error: () => m.rule_required_unless_transaction_number(),
});

/** Transactions whose TransactionNumber lies in [From, To] of the current batch (docs/PROTOCOL.md §4.9). */
export const StatusListRequest = strictRequest({
  ...credentialFields,
  PaymentType,
  MerchantNumber: envelopeOptionFields.MerchantNumber,
  TransactionFromIndex: wholeNumber(1, 5000),
  TransactionToIndex: wholeNumber(1, 5000),
}).refine((request) => request.TransactionFromIndex <= request.TransactionToIndex, {
  path: ['TransactionToIndex'],
  error: () => m.rule_not_less_than_from_index(),
});

/**
 * Store-and-forward transactions still waiting on the terminal. The schema is unconfirmed
 * (docs/PROTOCOL.md §4.10): the endpoint schema lists PaymentType and ReferenceId. ReferenceId is
 * optional because the answer is a list, so a lookup without one is meaningful.
 */
export const OfflineStatusRequest = strictRequest({
  ...credentialFields,
  PaymentType,
  ReferenceId: referenceId().optional(),
});
