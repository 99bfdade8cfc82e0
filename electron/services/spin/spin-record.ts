import { rawAmounts, readTerminalAmounts, type AmountsRead, type RawAmounts } from '@shared/spin/terminal-amounts';
import type { FieldIssue } from '@shared/spin/validation';
import { redactCardData } from '../security/redactor';
import type { GeneralResponseLike } from './spin-error';

// Reading a SPIn transaction record, wherever one comes from (a payment's answer, a Status
// lookup, a list page): the fields the app uses, and the rules for their text. Payments,
// recovery and lookups all build on this, so it sits below them, beside the client.

export type EmvKey = 'ApplicationName' | 'AID' | 'TVR' | 'TSI' | 'IAD' | 'ARC';

/** The parts of a SPIn transaction record the screens show; every field may be missing. */
export interface RecordLike {
  GeneralResponse?: GeneralResponseLike;
  TransactionType?: string | null;
  ReferenceId?: string | null;
  AuthCode?: string | null;
  TransactionNumber?: string | null;
  BatchNumber?: string | null;
  Amounts?: Partial<Record<'TotalAmount' | 'Amount' | 'TipAmount' | 'FeeAmount' | 'TaxAmount', number | null>> | null;
  CardData?: Partial<Record<'CardType' | 'CardBrand' | 'First4' | 'Last4' | 'EntryType', string | null>> | null;
  Receipts?: Partial<Record<'Customer' | 'Merchant', string | null>> | null;
  EMVData?: Partial<Record<EmvKey, string | null>> | null;
  /** Set by the SPIn client when fields of the answer could not be read and were left out. */
  ignoredFields?: FieldIssue[];
}

/**
 * A record's Amounts read and checked (shared/spin/terminal-amounts.ts), with the money fields the
 * client could not read at all: every reader of a record's money goes through here. The problem
 * quotes what the terminal sent, so a card number sent as an amount is cut to first 4 / last 4.
 */
export function amountsOfRecord(record: Pick<RecordLike, 'Amounts' | 'ignoredFields'> | undefined): AmountsRead {
  const read = readTerminalAmounts(record?.Amounts, record?.ignoredFields);
  return read.problem === undefined ? read : { ...read, problem: redactCardData(read.problem) };
}

/**
 * A record's Amounts as the terminal sent them, to keep in the journal beside a flag: numbers as
 * they came, except one whose digits read as a card number, kept as its masked text.
 */
export function keptAmounts(amounts: RecordLike['Amounts']): RawAmounts {
  const kept: RawAmounts = {};
  for (const [field, value] of Object.entries(rawAmounts(amounts)) as [keyof RawAmounts, RawAmounts[keyof RawAmounts]][]) {
    const text = value === null ? null : String(value);
    const masked = text === null ? null : redactCardData(text);
    kept[field] = masked === text ? value : masked;
  }
  return kept;
}

/** The service sends "" for fields it has no value for: treat them as missing. */
export function text(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

/**
 * The card as spin-desk shows and keeps it, on screen and in the journal alike: brand, first 4 and
 * last 4, never more (PCI). Undefined when the record names no card. The brand is CardBrand (older
 * shapes), else CardType (production sends only that), else the EMV application name the card was
 * read with ("AMEX CREDIT"; docs/PROTOCOL.md §3.2, §3.4).
 */
export function maskedCard(
  card: RecordLike['CardData'],
  emv?: RecordLike['EMVData'],
): { brand: string; first4: string; last4: string } | undefined {
  const last4 = text(card?.Last4);
  if (!last4) return undefined;
  return {
    brand: text(card?.CardBrand) ?? text(card?.CardType) ?? text(emv?.ApplicationName) ?? 'Card',
    first4: (text(card?.First4) ?? '').slice(0, 4),
    last4: last4.slice(-4),
  };
}

/** A text the service wrote, fit to show or keep: card numbers cut to first 4 / last 4, track data dropped. */
export function serviceText(value: string | null | undefined): string | undefined {
  const words = text(value);
  return words === undefined ? undefined : redactCardData(words);
}
