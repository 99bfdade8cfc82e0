import { z } from 'zod';
import * as m from '../../i18n/paraglide/messages/_index.js';
import { credentialFields, envelopeOptionFields, referenceId } from '../common';
import { ReceiptOption, SettlementType } from '../enums';
import { strictRequest, unionOf } from '../rules';

// Batch operations: Settle closes the batch (/v2/Payment/Settle); Summary and Daily report on it
// (/v2/Report/*).

/**
 * Settle's GetReceipt is a boolean in the SDK and the schema (docs/PROTOCOL.md §4.11), unlike the
 * string enum elsewhere; both spellings are accepted so a client that reuses the envelope value
 * is not refused.
 */
const SettleGetReceipt = unionOf([z.boolean(), ReceiptOption], () => m.rule_bool_or_one_of({ values: ReceiptOption.options.join(', ') }));

/**
 * MerchantNumber on Settle and Summary is not in the published schemas, but integrators whose
 * clients work live send it there (docs/PROTOCOL.md §2.5): on a multi-merchant terminal the app
 * sends the profile's merchant slot, so the close and the report name that merchant.
 */
const merchantSlot = { MerchantNumber: envelopeOptionFields.MerchantNumber };

export const SettleRequest = strictRequest({
  ...credentialFields,
  ...merchantSlot,
  ReferenceId: referenceId().optional(),
  GetReceipt: SettleGetReceipt.optional(),
  SettlementType: z.optional(SettlementType),
});

/**
 * The schema lists only Tpn, RegisterId, Authkey and SPInProxyTimeout; clients also send
 * `CustomFields: {}` (docs/PROTOCOL.md §4.14). The credential block (which includes CustomFields)
 * covers both. Summary also takes the merchant slot (above); Daily does not: no source shows it
 * accepted there, and the live proxy refuses a field it does not know (2201, §2.5).
 */
export const SummaryRequest = strictRequest({ ...credentialFields, ...merchantSlot });

export const DailyRequest = strictRequest(credentialFields);
