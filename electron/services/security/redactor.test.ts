import { describe, expect, it } from 'vitest';
import { MemoryVault } from '../vault/secret-vault';
import { redactingVault } from './redacting-vault';
import { AUTHKEY_PLACEHOLDER, DEFAULT_REDACTOR_LIMITS, redactCardData, Redactor, TOO_DEEP, TOO_MANY, TOO_MANY_KEY } from './redactor';

const KEY = 'SNTNL7Q2ZX';
/** Obviously fake, 10 characters, with every character an encoder changes. */
const SPECIAL_KEY = 'K+y&%#/ =Z';

describe('Redactor', () => {
  it('scrubs a registered Authkey wherever it appears, and Authkey fields whatever their value', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    expect(redactor.text(`curl -d '{"Authkey":"${KEY}"}' x${KEY}y`)).toBe(
      `curl -d '{"Authkey":"${AUTHKEY_PLACEHOLDER}"}' x${AUTHKEY_PLACEHOLDER}y`,
    );
    const out = redactor.value({ Tpn: 'Z8SIM0000001', Authkey: 'UNREGISTER', nested: [{ note: `key ${KEY}` }] });
    expect(out).toEqual({ Tpn: 'Z8SIM0000001', Authkey: AUTHKEY_PLACEHOLDER, nested: [{ note: `key ${AUTHKEY_PLACEHOLDER}` }] });
  });

  it('tells an answer that cannot hold a key from one that may, however JSON spells the key', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    expect(redactor.jsonMayHoldSecret('{"GeneralResponse":{"Message":"Approved\\nthanks"}}')).toBe(false);
    expect(redactor.jsonMayHoldSecret(`{"Message":"key ${KEY}"}`)).toBe(true);
    // \u0053 is "S": the raw text never spells the key, the parsed value does.
    const escaped = `{"Message":"\\u0053${KEY.slice(1)}"}`;
    expect(JSON.parse(escaped)).toEqual({ Message: KEY });
    expect(redactor.jsonMayHoldSecret(escaped)).toBe(true);
    // A key JSON may write as an escape ("/" as "\/") is never ruled out by the raw text.
    const slashed = new Redactor();
    slashed.addSecret('FAKE/KEY01');
    const withSlash = '{"Message":"FAKE\\/KEY01"}';
    expect(JSON.parse(withSlash)).toEqual({ Message: 'FAKE/KEY01' });
    expect(slashed.jsonMayHoldSecret(withSlash)).toBe(true);
  });

  it('hands data without a key out as it is, and data with one as a scrubbed copy', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    const clean = { rows: [{ ReferenceId: 'R1', Note: 'fine' }] };
    expect(redactor.secretsInData(clean)).toBe(clean);
    const echoed = { rows: [{ ReferenceId: 'R1', Note: `key ${KEY}` }] };
    expect(redactor.secretsInData(echoed)).toEqual({ rows: [{ ReferenceId: 'R1', Note: `key ${AUTHKEY_PLACEHOLDER}` }] });
    // A value JSON cannot print is walked, never passed on unchecked.
    const cyclic: Record<string, unknown> = { Note: `key ${KEY}` };
    cyclic.self = cyclic;
    expect(JSON.stringify(redactor.secretsInData(cyclic).Note)).not.toContain(KEY);
  });

  it('finds a text that is exactly a key, and the shortest of several keys (shorter texts are skipped unread)', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    redactor.addSecret('SIXKEY');
    redactor.addSecret('short'); // too short to scrub safely: never registered
    expect(redactor.secretsInData({ a: KEY })).toEqual({ a: AUTHKEY_PLACEHOLDER });
    expect(redactor.secretsInData({ a: 'SIXKEY' })).toEqual({ a: AUTHKEY_PLACEHOLDER });
    expect(redactor.secretsInText('SIXKE')).toBe('SIXKE');
    expect(redactor.secretsInText('short')).toBe('short');
    expect(redactor.secretsInText(`1SIXKEY2${KEY}`)).toBe(`1${AUTHKEY_PLACEHOLDER}2${AUTHKEY_PLACEHOLDER}`);
  });

  it('finds a key anywhere in data going out: a list of texts, deep rows, walks nesting beyond the limit through secretsIn', () => {
    const redactor = new Redactor({ maxDepth: 4 });
    redactor.addSecret(KEY);
    const rows = Array.from({ length: 1000 }, (_, i) => ({ number: String(i), notes: ['a', 'b'] }));
    expect(redactor.secretsInData({ rows })).toEqual({ rows });
    expect(redactor.secretsInData({ rows }).rows).toBe(rows);
    const late = rows.map((row, i) => (i === 999 ? { ...row, notes: ['a', `x${KEY}x`] } : row));
    expect(JSON.stringify(redactor.secretsInData({ rows: late }))).not.toContain(KEY);
    const deep = { a: { b: { c: { d: { e: 'too deep' } } } } };
    expect(redactor.secretsInData(deep)).toEqual(redactor.secretsIn(deep));
    expect(redactor.secretsInData(deep)).not.toBe(deep);
    const shared = { tpn: 'T1' };
    const twice = { first: shared, second: shared };
    expect(redactor.secretsInData(twice)).toBe(twice);
  });

  it('keeps card numbers to first 4 and last 4 and drops track data', () => {
    const redactor = new Redactor();
    expect(redactor.text('card 4761 7390 0101 0119 ok')).toBe('card 4761********0119 ok');
    expect(redactor.text('%B4761739001010119^DOE/JANE^2512101?')).toBe('[track data removed]');
    expect(redactor.text(';4761739001010119=25121011234?')).toBe('[track data removed]');
    expect(redactor.value({ Track1: 'x', Track2: 'y', Account: '4761739001010119', Last4: '0119' })).toEqual({
      Track1: '[track data removed]',
      Track2: '[track data removed]',
      Account: '4761********0119',
      Last4: '0119',
    });
  });

  it('cuts numbers that others masked with a longer prefix, and issuer numbers, to first 4', () => {
    const redactor = new Redactor();
    expect(redactor.text('<L>MASTERCARD 541333******5199 CHIP</L>')).toBe('<L>MASTERCARD 5413********5199 CHIP</L>');
    expect(redactor.value({ CardData: { BIN: '541333', First4: '5413', Last4: '5199' } })).toEqual({
      CardData: { BIN: '5413**', First4: '5413', Last4: '5199' },
    });
  });

  it('leaves numbers that are not card numbers alone', () => {
    const redactor = new Redactor();
    // An RRN (12 digits), a timestamp and a 16-digit run that fails the Luhn check.
    expect(redactor.text('RRN 612345001207 at 1700000000000 id 1234567812345678')).toBe(
      'RRN 612345001207 at 1700000000000 id 1234567812345678',
    );
  });

  it('copes with errors and cycles without throwing', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    const cyclic: Record<string, unknown> = { message: KEY };
    cyclic.self = cyclic;
    expect(redactor.value(cyclic)).toEqual({ message: AUTHKEY_PLACEHOLDER, self: '[circular]' });
    expect(redactor.value(new Error(`bad key ${KEY}`))).toEqual({ name: 'Error', message: `bad key ${AUTHKEY_PLACEHOLDER}` });
  });

  it('learns every key the vault stores or reveals', async () => {
    const redactor = new Redactor();
    const inner = new MemoryVault();
    await inner.set('old', 'OLDKEY0001');
    const vault = redactingVault(inner, redactor);
    await vault.set('p1', KEY);
    await vault.reveal('old');
    expect(redactor.text(`${KEY} OLDKEY0001`)).toBe(`${AUTHKEY_PLACEHOLDER} ${AUTHKEY_PLACEHOLDER}`);
  });
});

describe('Redactor limits (hostile input)', () => {
  const deeplyNested = (depth: number) => JSON.parse(`${'['.repeat(depth)}"${KEY}"${']'.repeat(depth)}`) as unknown;

  it('walks a 100,000-deep JSON value without overflowing the stack; below the depth limit becomes a marker', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    const out = redactor.value({ deep: deeplyNested(100_000) });
    const text = JSON.stringify(out);
    expect(text).toContain(TOO_DEEP);
    expect(text).not.toContain(KEY);
    let depth = 0;
    for (let level: unknown = (out as { deep: unknown }).deep; Array.isArray(level); level = level[0]) depth += 1;
    expect(depth).toBe(DEFAULT_REDACTOR_LIMITS.maxDepth - 1);
    expect(() => redactor.secretsIn(deeplyNested(100_000))).not.toThrow();
  });

  it('keeps the first values of an enormous list or object and marks the cut', () => {
    const redactor = new Redactor({ maxValues: 1_000 });
    const list = redactor.value(Array.from({ length: 5_000 }, (_, i) => i));
    expect(list).toHaveLength(1_001);
    expect(list[999]).toBe(999);
    expect(list[1_000]).toBe(TOO_MANY);
    const wide = redactor.value(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])));
    expect(Object.keys(wide)).toHaveLength(1_001);
    expect(wide[TOO_MANY_KEY]).toBe(TOO_MANY);
  });

  it('marks each row past the budget as cut and leaves an empty one empty (a long report in the request log)', () => {
    const redactor = new Redactor({ maxValues: 10 });
    const rows = [{ a: 1, b: 2 }, { a: 3, b: 4 }, { a: 5, b: 6 }, { a: 7 }, [8], {}, []];
    // The list's 7 slots take 7 of the 10 values, so the first row is whole and the second has one.
    const cut = { [TOO_MANY_KEY]: TOO_MANY };
    expect(redactor.value(rows)).toEqual([{ a: 1, b: 2 }, { a: 3, ...cut }, cut, cut, [TOO_MANY], {}, []]);
  });

  it('keeps key order and leaves the input untouched', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    const input = { b: 1, a: { z: KEY, y: [KEY, 2] }, c: null };
    const out = redactor.value(input);
    expect(Object.keys(out)).toEqual(['b', 'a', 'c']);
    expect(Object.keys(out.a)).toEqual(['z', 'y']);
    expect(out).toEqual({ b: 1, a: { z: AUTHKEY_PLACEHOLDER, y: [AUTHKEY_PLACEHOLDER, 2] }, c: null });
    expect(input.a.z).toBe(KEY);
  });

  it('secretsIn replaces only the keys: references, card fields and numbers stay exact', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    const answer = {
      ReferenceId: '4761739001010119',
      CardData: { BIN: '476173', Last4: '0119' },
      Authkey: 'NOTAKEY123',
      Message: `bad key ${KEY}`,
    };
    expect(redactor.secretsIn(answer)).toEqual({ ...answer, Message: `bad key ${AUTHKEY_PLACEHOLDER}` });
  });
});

describe('Redactor: a key with special characters, however a service spells it', () => {
  const spellings = {
    'as itself': SPECIAL_KEY,
    'URL-encoded (%20 for a space)': encodeURIComponent(SPECIAL_KEY),
    'form-encoded (+ for a space)': new URLSearchParams({ k: SPECIAL_KEY }).toString().slice(2),
    'URL-encoded in lower-case hex': 'K%2by%26%25%23%2f%20%3dZ',
    'JSON-escaped by .NET (\\u002B, \\u0026) with \\/': 'K\\u002By\\u0026%#\\/ =Z',
    'JSON-escaped in lower-case hex': 'K\\u002by\\u0026\\u0025\\u0023/\\u0020\\u003dZ',
    'HTML-escaped': 'K+y&amp;%#/ =Z',
    'spelled half one way, half another': 'K%2By\\u0026%#\\/+%3DZ',
  };

  it.each(Object.entries(spellings))('replaces the key %s in a text, in data going out, and in a value', (_how, spelled) => {
    const redactor = new Redactor();
    redactor.addSecret(SPECIAL_KEY);
    const said = `Active authKey ${spelled} not found`;
    expect(redactor.secretsInText(said)).toBe(`Active authKey ${AUTHKEY_PLACEHOLDER} not found`);
    expect(redactor.text(said)).toBe(`Active authKey ${AUTHKEY_PLACEHOLDER} not found`);
    expect(redactor.ownText(said)).toBe(`Active authKey ${AUTHKEY_PLACEHOLDER} not found`);
    expect(redactor.secretsInData({ rows: [{ Message: said }] })).toEqual({
      rows: [{ Message: `Active authKey ${AUTHKEY_PLACEHOLDER} not found` }],
    });
    expect(redactor.value({ DetailedMessage: said })).toEqual({ DetailedMessage: `Active authKey ${AUTHKEY_PLACEHOLDER} not found` });
  });

  it('tells the SPIn client to scrub an answer that spells the key in any way JSON can carry it', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    // A URL-encoded spelling survives JSON parsing: the raw text must not be taken for clean.
    const encoded = JSON.stringify({ Message: `key=${encodeURIComponent(`${KEY} `)}` });
    expect(redactor.jsonMayHoldSecret(encoded)).toBe(true);
    expect(JSON.stringify(redactor.secretsIn(JSON.parse(encoded)))).not.toContain(KEY);
    // Text with encoders' marks but no key stays as it is.
    const clean = 'Approved 100% + tip & fee, path a/b';
    redactor.addSecret(SPECIAL_KEY);
    expect(redactor.secretsInText(clean)).toBe(clean);
    expect(redactor.text(clean)).toBe(clean);
  });
});

describe('Redactor: personal card data', () => {
  const NAME = 'DOE/JANE Q';
  const TOKEN = 'tok_FAKE4242cafe';
  const answer = {
    ReferenceId: 'R1',
    Token: TOKEN,
    IPosToken: `IPOS${TOKEN}`,
    Signature: 'iVBORw0KGgoAAAANSUhEUg==',
    CardData: { CardType: 'Visa', Last4: '0119', First4: '4761', ExpirationDate: '1230', Name: NAME },
    Receipts: { Customer: `<L>VISA 4761********0119</L><L>${NAME}</L><L>TOTAL 12.34</L>`, Merchant: '' },
    Cart: { Items: [{ Name: 'Flat white', Price: 4.5 }] },
  };

  it('replaces cardholder names, expiry dates, tokens and signatures, and a name a receipt repeats', () => {
    const out = new Redactor().value(answer);
    expect(out).toEqual({
      ...answer,
      Token: '[card token removed]',
      IPosToken: '[card token removed]',
      Signature: '[signature removed]',
      CardData: { ...answer.CardData, ExpirationDate: '[expiry date removed]', Name: '[cardholder name removed]' },
      Receipts: { Customer: '<L>VISA 4761********0119</L><L>[cardholder name removed]</L><L>TOTAL 12.34</L>', Merchant: '' },
    });
    // A Name outside card data is any name: a cart item's stays.
    expect(out.Cart.Items[0]?.Name).toBe('Flat white');
  });

  it("keeps empty fields empty, and finds the fields in every row of a list and under other services' names", () => {
    const redactor = new Redactor();
    expect(redactor.value({ Token: '', Signature: null, CardData: { Name: '', ExpirationDate: '' } })).toEqual({
      Token: '',
      Signature: null,
      CardData: { Name: '', ExpirationDate: '' },
    });
    const list = { TransactionList: [{ CardData: { Name: NAME } }, { cardData: { name: NAME, expiryMonth: 12, card_token: 'x' } }] };
    expect(redactor.value(list)).toEqual({
      TransactionList: [
        { CardData: { Name: '[cardholder name removed]' } },
        { cardData: { name: '[cardholder name removed]', expiryMonth: '[expiry date removed]', card_token: '[card token removed]' } },
      ],
    });
    expect(redactor.value({ CardholderName: NAME, ExpDate: '12/30', payment_token: TOKEN })).toEqual({
      CardholderName: '[cardholder name removed]',
      ExpDate: '[expiry date removed]',
      payment_token: '[card token removed]',
    });
  });

  it('looks for a name or token elsewhere only when it cannot be an ordinary word or code', () => {
    // A token "0000" is also every approval's StatusCode; a "name" of stars (some terminals hide it so) is no name.
    const answer = {
      GeneralResponse: { StatusCode: '0000' },
      Token: '0000',
      CardData: { Name: '****' },
      Receipts: { Customer: '<L>VISA **** **** **** 0119</L>' },
    };
    expect(new Redactor().value(answer)).toEqual({
      ...answer,
      Token: '[card token removed]',
      CardData: { Name: '[cardholder name removed]' },
    });
  });

  it('finds them in JSON kept as text (an answer that could not be parsed, an older log entry)', () => {
    const text = `${JSON.stringify(answer, null, 2)}\n… [cut: the answer had 99999 characters]`;
    const out = new Redactor().text(text);
    for (const gone of [NAME, TOKEN, '"1230"', 'iVBOR']) expect(out).not.toContain(gone);
    expect(out).toContain('"Name": "[cardholder name removed]"');
    expect(out).toContain('"ExpirationDate": "[expiry date removed]"');
    expect(out).toContain('"IPosToken": "[card token removed]"');
    expect(out).toContain('"Name": "Flat white"');
    // An expiry written as a number, in a cut-off answer.
    expect(new Redactor().text('{"CardData": {"ExpirationDate": 1230, "Last4": "0119"')).toBe(
      '{"CardData": {"ExpirationDate": "[expiry date removed]", "Last4": "0119"',
    );
  });
});

describe('Redactor: references are not card numbers', () => {
  // 16 digits that pass the Luhn check: a POS may well use such a number as its reference.
  const REF = '4761739001010119';

  it('keeps a ReferenceId field whole, in data and in JSON text, while free text is still masked', () => {
    const redactor = new Redactor();
    expect(redactor.value({ ReferenceId: REF, ref: REF, Message: `card ${REF}` })).toEqual({
      ReferenceId: REF,
      ref: REF,
      Message: 'card 4761********0119',
    });
    expect(redactor.text(`{"ReferenceId": "${REF}", "Note": "${REF}"}`)).toBe(`{"ReferenceId": "${REF}", "Note": "4761********0119"}`);
    expect(redactCardData(`<L>REF ${REF}</L>`)).toBe('<L>REF 4761********0119</L>');
  });

  it('keeps the references of a text spin-desk wrote itself, and still takes the key out', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    expect(redactor.ownText(`The Sale ${REF} was sent with ${KEY}`)).toBe(`The Sale ${REF} was sent with ${AUTHKEY_PLACEHOLDER}`);
  });
});
