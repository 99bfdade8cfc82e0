import { z } from 'zod';
import { credentialFields, referenceId } from '../common';
import { ReceiptOption, SettlementType } from '../enums';
import { strictRequest, unionOf } from '../rules';

// Batch operations: Settle closes the batch (/v2/Payment/Settle); Summary and Daily report on it
// (/v2/Report/*).

/**
 * Settle's GetReceipt is a boolean in the SDK and the schema (docs/PROTOCOL.md §4.11), unlike the
 * string enum elsewhere; both spellings are accepted so a client that reuses the envelope value
 * is not refused.
 */
const SettleGetReceipt = unionOf([z.boolean(), ReceiptOption], `true, false or one of ${ReceiptOption.options.join(', ')}`);

export const SettleRequest = strictRequest({
  ...credentialFields,
  ReferenceId: referenceId().optional(),
  GetReceipt: SettleGetReceipt.optional(),
  SettlementType: z.optional(SettlementType),
});

/**
 * The schema lists only Tpn, RegisterId, Authkey and SPInProxyTimeout; clients also send
 * `CustomFields: {}` (docs/PROTOCOL.md §4.14). The credential block (which includes CustomFields)
 * covers both.
 */
export const SummaryRequest = strictRequest(credentialFields);

export const DailyRequest = strictRequest(credentialFields);
