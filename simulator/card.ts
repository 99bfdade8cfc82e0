// Test cards: the public test BINs of each brand, with the EMV application data a chip read
// of that brand would report. Nothing here is a real account.
import { cardBrands, type Card } from './model';
import type { Prng } from './prng';

type Brand = Card['brand'];

const BRANDS: Record<Brand, { bin: string; app: string; aid: string; panLength: number }> = {
  Visa: { bin: '476173', app: 'VISA CREDIT', aid: 'A0000000031010', panLength: 16 },
  Mastercard: { bin: '541333', app: 'MASTERCARD', aid: 'A0000000041010', panLength: 16 },
  Amex: { bin: '371449', app: 'AMERICAN EXPRESS', aid: 'A00000002501', panLength: 15 },
  Discover: { bin: '601100', app: 'DISCOVER', aid: 'A0000001523010', panLength: 16 },
};

export const TEST_CARD: Card = {
  brand: 'Visa',
  bin: '476173',
  last4: '0119',
  expiry: '1230',
  entryType: 'Chip',
  name: 'TEST/CARDHOLDER',
};

/** A random test card, as if the customer tapped or inserted one. */
export function randomCard(rng: Prng): Card {
  const brand = rng.pick(cardBrands);
  const month = String(1 + rng.int(12)).padStart(2, '0');
  return {
    brand,
    bin: BRANDS[brand].bin,
    last4: rng.digits(4),
    expiry: `${month}3${rng.int(10)}`,
    entryType: rng.pick(['Chip', 'Contactless', 'Chip', 'Swipe'] as const),
    name: 'TEST/CARDHOLDER',
  };
}

/** The test card with the parts a control-API answer specified. */
export function cardFrom(answer: Partial<Pick<Card, 'brand' | 'last4' | 'entryType' | 'name'>>): Card {
  const brand = answer.brand ?? TEST_CARD.brand;
  return {
    ...TEST_CARD,
    brand,
    bin: BRANDS[brand].bin,
    last4: answer.last4 ?? TEST_CARD.last4,
    entryType: answer.entryType ?? TEST_CARD.entryType,
    name: answer.name ?? TEST_CARD.name,
  };
}

/** Account number with everything between BIN and last four masked, as terminals print it. */
export function maskedAccount(card: Card): string {
  const hidden = BRANDS[card.brand].panLength - card.bin.length - card.last4.length;
  return `${card.bin}${'*'.repeat(hidden)}${card.last4}`;
}

export function cardData(card: Card): Record<string, string> {
  return {
    CardType: card.brand,
    EntryType: card.entryType,
    Last4: card.last4,
    First4: card.bin.slice(0, 4),
    BIN: card.bin,
    ExpirationDate: card.expiry,
    Name: card.name,
  };
}

/**
 * The EMV application name of the card's brand ("DISCOVER", "AMERICAN EXPRESS"): production keys
 * ExtendedDataByApplication by it (docs/PROTOCOL.md §3.4), whatever way the card was read.
 */
export function applicationName(card: Card): string {
  return BRANDS[card.brand].app;
}

/** EMV tags exist only for chip and contactless reads; a swipe or keyed entry has none. */
export function emvData(card: Card, authCode: string): Record<string, string> {
  const chip = card.entryType === 'Chip' || card.entryType === 'Contactless';
  const info = BRANDS[card.brand];
  return {
    ApplicationName: chip ? applicationName(card) : '',
    AID: chip ? info.aid : '',
    TVR: chip ? '0000008000' : '',
    TSI: chip ? 'E800' : '',
    // Derived from the auth code so a stored record renders identically every time.
    IAD: chip ? `06010A03A0${authCode}` : '',
    ARC: chip ? '00' : '',
  };
}
