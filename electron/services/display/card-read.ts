import type { CardRead } from '@shared/ipc/display-views';
import type { ResponseOf } from '@shared/spin/endpoints';

// GetCard answers with Track1, Track2 and an Account that some terminals send in full. None of it
// may leave main: the screen gets the brand, the entry type and at most the first and last four
// digits, the same as a payment result shows.

const FOUR_DIGITS = /^\d{4}$/;
/** Below this length the first and last four would reveal (almost) the whole number. */
const SHORTEST_CARD_NUMBER = 12;

function fourDigits(value: string | null | undefined): string | undefined {
  return value && FOUR_DIGITS.test(value) ? value : undefined;
}

/** Reduces a GetCard answer to what may be shown. Track1/Track2 are never read. */
export function cardReadOf(answer: ResponseOf<'GetCard'>): CardRead {
  const account = (answer.Account ?? '').replace(/[\s-]/g, '');
  const long = account.length >= SHORTEST_CARD_NUMBER;
  const first4 = (long ? fourDigits(account.slice(0, 4)) : undefined) ?? fourDigits(answer.CardData?.First4);
  const last4 = (account.length >= 4 ? fourDigits(account.slice(-4)) : undefined) ?? fourDigits(answer.CardData?.Last4);
  const brand = answer.CardData?.CardBrand || answer.CardData?.CardType || undefined;
  return {
    ...(first4 ? { first4 } : {}),
    ...(last4 ? { last4 } : {}),
    entryType: answer.EntryType || answer.CardData?.EntryType || 'Unknown',
    ...(brand && brand !== 'None' ? { brand } : {}),
  };
}
