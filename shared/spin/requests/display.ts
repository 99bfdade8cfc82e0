import { z } from 'zod';
import * as m from '../../i18n/paraglide/messages/_index.js';
import { Cart } from '../cart';
import { credentialFields, optionalExtra, referenceId } from '../common';
import { dollars, strictRequest, text, unionOf, withRules } from '../rules';

// Screens pushed to the customer-facing display: the cart (/v2/Payment/Cart) and the pay-at-table
// invoices (/v2/TableApp/*). Nothing here is charged.

/**
 * The schema lists Cart, Tpn, RegisterId, Authkey and CustomFields without SPInProxyTimeout
 * (docs/PROTOCOL.md §4.12); the credential block includes it as optional, so a client that always
 * sends it is not refused.
 */
export const CartRequest = strictRequest({ ...credentialFields, Cart });

const list = <T extends z.ZodType>(item: T) => z.array(item, withRules);

const InvoiceGood = strictRequest({
  Name: text(),
  Amount: dollars().nullable().optional(),
  Quantity: z.number(withRules).nonnegative().nullable().optional(),
});

const InvoicePayment = strictRequest({
  ReferenceId: referenceId().optional(),
  Name: text().optional(),
  Amount: optionalExtra(),
  TipAmount: optionalExtra(),
});

const InvoiceData = strictRequest({
  Id: text({ min: 1 }),
  Name: text().optional(),
  TotalAmount: optionalExtra(),
  PaidAmount: optionalExtra(),
  Goods: list(InvoiceGood).optional(),
  Payments: list(InvoicePayment).optional(),
});

/**
 * The schema shows InvoiceData as one object; the one known client sends an array of them
 * (docs/PROTOCOL.md §4.16). Both are accepted; an array must not be empty.
 */
export const PaymentInvoiceRequest = strictRequest({
  ...credentialFields,
  ReferenceId: referenceId().optional(),
  InvoiceData: unionOf([InvoiceData, list(InvoiceData).min(1)], () => m.rule_invoice_or_list()),
});

/** Any non-empty text up to 50 characters: only `Open` was seen (enums.ts, knownInvoiceTypes). */
const InvoiceType = text({ min: 1, max: 50 });

const InvoiceChoice = strictRequest({
  Id: text({ min: 1 }),
  Name: text().optional(),
  Amount: optionalExtra(),
  Type: InvoiceType.optional(),
});

/** The customer picks one invoice; an empty list would leave nothing to pick. */
export const SelectInvoiceRequest = strictRequest({
  ...credentialFields,
  Title: text({ min: 1 }),
  InvoiceList: list(InvoiceChoice).min(1),
});
