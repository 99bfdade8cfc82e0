import { describe, expect, it } from 'vitest';
import { merchantWords } from './settle-words';

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
