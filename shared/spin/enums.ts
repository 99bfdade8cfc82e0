import { z } from '../zod-mini';
import { withRules } from './rules';

// Request-side enums are closed: the service answers 2201 to a value it does not know, so the
// app should refuse it first. Response-side vocabularies stay open (plain strings) because a
// terminal may report a value no document lists, and that must not make a payment unreadable.

/**
 * A closed request enum, worded by the folder's rules (rules.ts). zod/mini, as the renderer reads
 * these enums in its forms (shared/zod-mini.ts); main mixes them with its classic schemas.
 */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, withRules);
}

/** The docs list eight values; a live 400 message adds UserChoice (docs/PROTOCOL.md §2.2). */
export const PaymentType = oneOf(['Credit', 'Debit', 'EBT_Food', 'EBT_Cash', 'Card', 'Cash', 'Check', 'Gift', 'UserChoice']);
export type PaymentType = z.infer<typeof PaymentType>;

/** Which receipt copies are printed (PrintReceipt) or returned (GetReceipt). */
export const ReceiptOption = oneOf(['No', 'Both', 'Merchant', 'Customer']);
export type ReceiptOption = z.infer<typeof ReceiptOption>;

export const UserInputType = oneOf(['Number', 'Letters', 'NumberAndLetters', 'Currency', 'InfoOnly']);
export type UserInputType = z.infer<typeof UserInputType>;

/** Close = send the batch to the host; Clear = drop it locally; Force = close without tip checks. */
export const SettlementType = oneOf(['Close', 'Clear', 'Force']);
export type SettlementType = z.infer<typeof SettlementType>;

/** TipAdjust: only the endpoint schema has this field (docs/PROTOCOL.md §4.6), so it stays optional. */
export const TipIndicator = oneOf(['Add', 'Replace']);
export type TipIndicator = z.infer<typeof TipIndicator>;

export const LocalTaxFlag = oneOf(['NotProvided', 'LocalOrSales', 'TaxExempt']);
export type LocalTaxFlag = z.infer<typeof LocalTaxFlag>;

/**
 * Invoice `Type` (SelectInvoice): only `Open` has been observed and no source lists the rest,
 * so any non-empty string up to 50 characters is accepted rather than guessing a closed list
 * (its schema is the request's, requests/display.ts).
 */
export const knownInvoiceTypes = ['Open'] as const;
export type InvoiceType = (typeof knownInvoiceTypes)[number] | (string & {});

// ---- response vocabularies: known values for display; response schemas accept any string ----

export const knownCardTypes = ['None', 'Visa', 'Mastercard', 'Amex', 'Discover', 'JCB', 'Unknown'] as const;
export type CardType = (typeof knownCardTypes)[number] | (string & {});

export const knownEntryTypes = ['None', 'Chip', 'Swipe', 'ChipContactless', 'Contactless', 'Manual', 'Unknown'] as const;
export type EntryType = (typeof knownEntryTypes)[number] | (string & {});
