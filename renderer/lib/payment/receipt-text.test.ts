import { describe, expect, it } from 'vitest';
import { receiptText } from './receipt-text';

describe('receiptText', () => {
  it('drops the markup and lays the receipt out like the printer', () => {
    const text = receiptText(
      '<C><B>STORE</B></C><L>VISA **** 0119</L><L>TIP</L><R>2.00</R><BR/><L><B>TOTAL</B></L><R><B>14.34</B></R>',
      20,
    );
    expect(text.split('\n')).toEqual(['       STORE', 'VISA **** 0119', 'TIP             2.00', '', 'TOTAL          14.34']);
  });

  it('replaces picture and QR payloads with a placeholder', () => {
    expect(receiptText('<L>Thanks</L><QR>https://x.example</QR><IMG>Qk0=</IMG>')).toBe('Thanks\n[QR code][image]');
  });

  it('keeps text that only looks like markup', () => {
    expect(receiptText('<L>A<Z>B</L>')).toBe('A<Z>B');
  });
});
