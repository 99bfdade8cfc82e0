import type { RecordLike } from './payment-result';

/** The service sends "" for fields it has no value for: treat them as missing. */
export function text(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

/**
 * The card as spin-desk shows and keeps it, on screen and in the journal alike: brand, first 4 and
 * last 4, never more (PCI). Undefined when the record names no card.
 */
export function maskedCard(card: RecordLike['CardData']): { brand: string; first4: string; last4: string } | undefined {
  const last4 = text(card?.Last4);
  if (!last4) return undefined;
  return {
    brand: text(card?.CardBrand) ?? text(card?.CardType) ?? 'Card',
    first4: (text(card?.First4) ?? '').slice(0, 4),
    last4: last4.slice(-4),
  };
}
