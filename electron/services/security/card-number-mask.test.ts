import { describe, expect, it } from 'vitest';
import { maskCardNumbers } from './card-number-mask';

// Luhn-valid test numbers: 16 (Visa), 13, 15 (Amex, grouped 4-6-5) and 19 digits.
const PAN16 = '4761739001010119';
const PAN13 = '4761739001017';
const PAN15 = '378282246310005';
const PAN19 = '4761739001010119013';

describe('the one card-number mask', () => {
  it.each([
    ['plain', `CARD ${PAN16}`, 'CARD 4761********0119'],
    ['spaces', 'CARD 4761 7390 0101 0119', 'CARD 4761********0119'],
    ['dashes', 'CARD 4761-7390-0101-0119', 'CARD 4761********0119'],
    ['dots', 'CARD 4761.7390.0101.0119', 'CARD 4761********0119'],
    ['mixed separators', 'CARD 4761 7390-0101.0119', 'CARD 4761********0119'],
    ['13 digits', `PAN ${PAN13}`, 'PAN 4761*****1017'],
    ['15 digits in Amex groups', 'AMEX 3782 822463 10005', 'AMEX 3782*******0005'],
    ['19 digits in groups', 'CARD 4761 7390 0101 0119 013', 'CARD 4761***********9013'],
    ['19 digits plain', `CARD ${PAN19}`, 'CARD 4761***********9013'],
    ['glued to a word', `PAN${PAN16}`, 'PAN4761********0119'],
    ['in receipt markup', `<L>CARD 4761 7390 0101 0119</L>`, '<L>CARD 4761********0119</L>'],
    ['masked by someone else with 6 leading digits', 'VISA 476173******0119 CHIP', 'VISA 4761********0119 CHIP'],
    ['two in one text', `A ${PAN16} B ${PAN15}`, 'A 4761********0119 B 3782*******0005'],
    ['a card followed by more digits', 'CARD 4761 7390 0101 0119 2026', 'CARD 4761********0119 2026'],
  ])('masks a card number: %s', (_shape, input, masked) => {
    expect(maskCardNumbers(input)).toBe(masked);
  });

  it.each([
    ['a 16-digit order number that fails the Luhn check', 'ORDER 1234567812345678'],
    ['the same order number in groups', 'ORDER 1234 5678 1234 5678'],
    ['a 12-digit RRN, an amount and a date', 'RRN 612345001207 TOTAL 1234.56 2026-11-22'],
    ['a 20-digit run (longer than any card)', 'ID 47617390010101190139'],
    ['an amount and a time that happen to add up to 13+ digits', 'TOTAL 4761.73 9001-01-01 01:19'],
    ['already first 4 / last 4', 'VISA 4761********0119'],
  ])('leaves what is not a card number alone: %s', (_shape, input) => {
    expect(maskCardNumbers(input)).toBe(input);
  });
});
