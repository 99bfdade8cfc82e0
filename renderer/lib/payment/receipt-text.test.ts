import fc from 'fast-check';
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

  it('shows every line after a picture that is never closed: TOTAL and VOID stay', () => {
    const text = receiptText('<L>SALE</L><IMG>Qk0=<L><B>TOTAL</B></L><R>14.34</R><C>*** VOID ***</C>', 20);
    expect(text.split('\n')).toEqual(['SALE', '[image]Qk0=', 'TOTAL          14.34', '    *** VOID ***']);
    // Open at the very end, with plain lines after it and no tag at all.
    expect(receiptText('<QR>https://x.example\nTOTAL 14.34\n*** VOID ***').split('\n')).toEqual([
      '[QR code]https://x.example',
      'TOTAL 14.34',
      '*** VOID ***',
    ]);
  });

  it('shows receipt lines that a payload tag wraps: only its own data up to its closing tag is hidden', () => {
    expect(receiptText('<IMG>Qk0=<L>TOTAL 14.34</L></IMG><L>THANKS</L>').split('\n')).toEqual(['[image]Qk0=', 'TOTAL 14.34', 'THANKS']);
  });

  it('never loses a line of text, wherever payload tags are opened, closed or left open', () => {
    const word = fc.stringMatching(/^[A-Z0-9*.$ ]{1,12}$/).filter((w) => w.trim() !== '');
    const stray = fc.constantFrom('<IMG>', '<QR>', '</IMG>', '</QR>', '<IMG/>', '<BR/>', '<IMG>Qk0=', '<QR>data', '');
    const line = fc.record({ align: fc.constantFrom('L', 'C', 'R'), text: word, before: stray, after: stray });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
        const markup = lines.map((l) => `${l.before}<${l.align}>${l.text}</${l.align}>${l.after}`).join('');
        const shown = receiptText(markup, 80);
        for (const l of lines) expect(shown).toContain(l.text.trim());
      }),
    );
  });
});
