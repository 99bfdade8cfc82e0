import { describe, expect, it } from 'vitest';
import { MemoryVault } from '../vault/secret-vault';
import { redactingVault } from './redacting-vault';
import { AUTHKEY_PLACEHOLDER, Redactor } from './redactor';

const KEY = 'SNTNL7Q2ZX';

describe('Redactor', () => {
  it('scrubs a registered Authkey wherever it appears, and Authkey fields whatever their value', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    expect(redactor.text(`curl -d '{"Authkey":"${KEY}"}' x${KEY}y`)).toBe(`curl -d '{"Authkey":"${AUTHKEY_PLACEHOLDER}"}' x${AUTHKEY_PLACEHOLDER}y`);
    const out = redactor.value({ Tpn: 'Z8SIM0000001', Authkey: 'UNREGISTER', nested: [{ note: `key ${KEY}` }] });
    expect(out).toEqual({ Tpn: 'Z8SIM0000001', Authkey: AUTHKEY_PLACEHOLDER, nested: [{ note: `key ${AUTHKEY_PLACEHOLDER}` }] });
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
    expect(redactor.value({ CardData: { BIN: '541333', First4: '5413', Last4: '5199' } })).toEqual({ CardData: { BIN: '5413**', First4: '5413', Last4: '5199' } });
  });

  it('leaves numbers that are not card numbers alone', () => {
    const redactor = new Redactor();
    // An RRN (12 digits), a timestamp and a 16-digit run that fails the Luhn check.
    expect(redactor.text('RRN 612345001207 at 1700000000000 id 1234567812345678')).toBe('RRN 612345001207 at 1700000000000 id 1234567812345678');
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
