import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTHKEY_PLACEHOLDER, Redactor } from './redactor';
import { keySpellingsForTests } from '../../../tests/support/key-spellings';

/** Obviously fake. */
const KEY = 'SNTNL7Q2ZX';
const TPN = 'SCANTERM01';

describe('Redactor: the Authkey in any spelling', () => {
  const redactor = new Redactor();
  redactor.addSecret(KEY);

  it.each(Object.entries(keySpellingsForTests(KEY, TPN)))('replaces the key written %s in every way text leaves', (_how, spelled) => {
    const said = `Rejected ${spelled} here`;
    for (const out of [redactor.secretsInText(said), redactor.text(said), redactor.ownText(said)]) {
      expect(out).not.toContain(spelled);
      expect(out).toContain(AUTHKEY_PLACEHOLDER);
      expect(out.startsWith('Rejected ')).toBe(true);
    }
    const answer = { GeneralResponse: { Message: said } };
    expect(redactor.jsonMayHoldSecret(JSON.stringify(answer))).toBe(true);
    for (const out of [redactor.secretsIn(answer), redactor.secretsInData(answer), redactor.value(answer)]) {
      expect(JSON.stringify(out)).not.toContain(JSON.stringify(spelled).slice(1, -1));
    }
  });

  it('replaces both halves of a key split across two fields of one answer', () => {
    const answer = { GeneralResponse: { Message: 'Authkey SNTNL', DetailedMessage: '7Q2ZX is not active.' } };
    const scrubbed = {
      GeneralResponse: { Message: `Authkey ${AUTHKEY_PLACEHOLDER}`, DetailedMessage: `${AUTHKEY_PLACEHOLDER} is not active.` },
    };
    expect(redactor.jsonMayHoldSecret(JSON.stringify(answer))).toBe(true);
    expect(redactor.secretsIn(answer)).toEqual(scrubbed);
    expect(redactor.secretsInData(answer)).toEqual(scrubbed);
    expect(redactor.value(answer)).toEqual(scrubbed);
    // Split 2 + 8, the other way round in the answer, and in another case.
    const uneven = { DetailedMessage: 'ntnl7q2zx.', Message: 'key: "S' };
    expect(redactor.secretsIn(uneven)).toEqual({ DetailedMessage: `${AUTHKEY_PLACEHOLDER}.`, Message: `key: "${AUTHKEY_PLACEHOLDER}` });
  });

  it('passes data on uncopied when half the key sits inside its texts, where no split leaves it', () => {
    // A report headed by a TPN that starts like the key, and rows naming the key's last half mid-text.
    const rows = Array.from({ length: 1000 }, (_, i) => ({ referenceId: `REF-${i}-7Q2ZX-END`, cardType: 'Visa' }));
    const report = { tpn: 'SNTNLTERM01', rows };
    expect(redactor.secretsInData(report)).toBe(report);
    expect(redactor.secretsIn(report)).toEqual(report);
  });

  it('leaves ordinary texts alone, also those that share a few characters with the key', () => {
    const clean = {
      GeneralResponse: { Message: 'Approved 100% + tip & fee', DetailedMessage: 'SN 7Q at TNL', HostResponseMessage: 'ZX' },
      Receipts: { Customer: '<L>Basic plan QVBQUk9WRUQ=</L><L>&#65;&#66; 0x4142</L>' },
    };
    expect(redactor.jsonMayHoldSecret(JSON.stringify(clean))).toBe(false);
    expect(redactor.secretsIn(clean)).toEqual(clean);
    expect(redactor.value(clean)).toEqual(clean);
  });
});

describe('Redactor: the key in any spelling, around any text (property)', () => {
  const redactor = new Redactor();
  redactor.addSecret(KEY);
  const spellings = Object.values(keySpellingsForTests(KEY, TPN));
  // Text around the key: printable ASCII, and the characters encoders and receipts put next to it.
  const around = fc.string({ unit: fc.constantFrom(...'ab Z9=+/%&#;:-.\n"<>'.split('')), maxLength: 12 });

  it('leaves no spelling of the key in a text, whatever surrounds it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...spellings), around, around, (spelled, before, after) => {
        const out = redactor.secretsInText(`${before} ${spelled} ${after}`);
        expect(out).not.toContain(spelled);
        expect(out.toLowerCase()).not.toContain(KEY.toLowerCase());
      }),
      { numRuns: 300, seed: 38 },
    );
  });

  it('leaves neither part of a key split anywhere across Message and DetailedMessage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: KEY.length - 1 }), around, around, (at, before, after) => {
        const answer = { GeneralResponse: { Message: `${before} ${KEY.slice(0, at)}`, DetailedMessage: `${KEY.slice(at)}. ${after}` } };
        // secretsInData too: its quick check must see every split that secretsIn cuts.
        for (const out of [redactor.secretsIn(answer).GeneralResponse, redactor.secretsInData(answer).GeneralResponse]) {
          expect(out.Message.endsWith(AUTHKEY_PLACEHOLDER)).toBe(true);
          expect(out.DetailedMessage.startsWith(AUTHKEY_PLACEHOLDER)).toBe(true);
        }
      }),
      { numRuns: 200, seed: 38 },
    );
  });

  it('changes no text that holds no part of the key', () => {
    const unrelated = fc.string({ unit: fc.constantFrom(...'abcdefghijkmoprtuvwy 0134568=+/%&#;:-.'.split('')), maxLength: 60 });
    fc.assert(
      fc.property(unrelated, (text) => {
        expect(redactor.secretsInText(text)).toBe(text);
      }),
      { numRuns: 300, seed: 38 },
    );
  });
});
