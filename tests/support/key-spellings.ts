// The spellings of an Authkey that a service, a proxy or a hand may give it, for the tests that
// plant an (obviously fake) key in each and scan every surface for it.

/** Each spelling by name: case variants, base64 (alone, of `TPN:key`, in a Basic header, URL-safe), HTML and percent encodings, inserted gaps, hex. */
export function keySpellingsForTests(key: string, tpn: string): Record<string, string> {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const chars = [...key];
  return {
    'in upper case': key.toUpperCase() === key ? key.toLowerCase() : key.toUpperCase(),
    'in lower case': key.toLowerCase(),
    'in mixed case': chars.map((c, i) => (i % 2 === 0 ? c.toLowerCase() : c.toUpperCase())).join(''),
    'in base64': base64(key),
    'in base64 of TPN:key': base64(`${tpn}:${key}`),
    'in a Basic header': `Authorization: Basic ${base64(`${tpn}:${key}`)}`,
    'in URL-safe base64 after a 2-character prefix': base64(`T:${key}`).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''),
    'as decimal HTML entities': chars.map((c) => `&#${c.codePointAt(0)};`).join(''),
    'as hex HTML entities': chars.map((c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`).join(''),
    'percent-encoded, every character': [...Buffer.from(key)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    'with a zero-width space inside': `${key.slice(0, 3)}\u200B${key.slice(3)}`,
    'with a soft hyphen and a BOM inside': `${key.slice(0, 2)}\u00AD${key.slice(2, 5)}\uFEFF${key.slice(5)}`,
    'with spaces inside': chars.join(' '),
    'with a line break inside': `${key.slice(0, 5)}\n${key.slice(5)}`,
    'in hex': Buffer.from(key).toString('hex'),
    'in upper-case hex': Buffer.from(key).toString('hex').toUpperCase(),
    'in hex of TPN:key': Buffer.from(`${tpn}:${key}`).toString('hex'),
  };
}
