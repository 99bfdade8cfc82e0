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
