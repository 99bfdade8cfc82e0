import { describe, expect, it } from 'vitest';
import { merchantWords, reportMerchantWords } from './settle-words';

describe('merchantWords', () => {
  it('names each merchant a settlement closed once, with its name when the terminal gave one', () => {
    expect(merchantWords([{ merchantNumber: 1, merchantName: 'CORNER CAFE' }])).toBe('merchant 1 (CORNER CAFE)');
    expect(
      merchantWords([
        { merchantNumber: 2, merchantName: 'BAR' },
        { merchantNumber: 2, merchantName: 'BAR' },
        { merchantNumber: 3, merchantName: '' },
      ]),
    ).toBe('merchants 2 (BAR), 3');
    expect(merchantWords([{ merchantNumber: null, merchantName: 'NO SLOT' }])).toBe('');
  });
});

describe('reportMerchantWords', () => {
  it('names the merchants the terminal answered, else the profile’s MerchantNumber, else nothing', () => {
    expect(reportMerchantWords([{ merchantNumber: 3 }, { merchantNumber: 3 }], 2)).toBe('merchant 3');
    expect(reportMerchantWords([{ merchantNumber: null }], 2)).toBe('merchant 2');
    expect(reportMerchantWords([], 4)).toBe('merchant 4');
    expect(reportMerchantWords([{ merchantNumber: null }], null)).toBe('');
    // One merchant and none on the profile: a terminal of one merchant, nothing to say.
    expect(reportMerchantWords([{ merchantNumber: 1 }], null)).toBe('');
    expect(reportMerchantWords([{ merchantNumber: 1 }, { merchantNumber: 2 }], null)).toBe('merchants 1, 2');
  });
});
