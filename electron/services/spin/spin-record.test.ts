// The card brand the app shows and keeps, from either shape of answer (issue 39; docs/PROTOCOL.md
// §3.2, §3.4): older shapes name it in CardData.CardBrand, production's only in CardData.CardType,
// and a record with neither still names the EMV application ("AMEX CREDIT") it was read with.
import { describe, expect, it } from 'vitest';
import { maskedCard } from './spin-record';

const digits = { First4: '3700', Last4: '0005' };

describe('maskedCard: the brand', () => {
  it.each([
    ['CardBrand, as older shapes send it', { ...digits, CardBrand: 'Discover', CardType: 'Discover' }, undefined, 'Discover'],
    ["CardType, production's only brand field", { ...digits, CardType: 'Amex' }, { ApplicationName: 'AMEX CREDIT' }, 'Amex'],
    ['the EMV application name when CardData names none', { ...digits, CardType: '' }, { ApplicationName: 'AMEX CREDIT' }, 'AMEX CREDIT'],
    ['"Card" when nothing names it (a swipe has no EMV data)', { ...digits }, { ApplicationName: '' }, 'Card'],
  ])('comes from %s', (_, card, emv, brand) => {
    expect(maskedCard(card, emv)).toEqual({ brand, first4: '3700', last4: '0005' });
  });
});
