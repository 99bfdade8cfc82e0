// A service may echo an Authkey not as it was sent but as some layer on its way spelled it: URL
// encoded (a query string or form body quoted in a message: `%2B`, and `+` or `%20` for a space),
// JSON-escaped by a serializer that escapes more than it must (.NET writes `&` as `\u0026` and `+`
// as `\u002B`; others write `/` as `\/`), or HTML-escaped in an error page (`&amp;`). A key such as
// `K+y&%#/ =Z` then never appears as itself. The pattern built here matches every such spelling,
// one character at a time, so mixed spellings match too; hex digits in either case.

const HTML_NAMED: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const JSON_SHORT: Readonly<Record<string, string>> = { '/': '\\/', '"': '\\"', '\\': '\\\\' };

/** Characters that every non-literal spelling contains: a text without any of them holds only literal spellings. */
export const SPELLING_MARKS = /[%\\+&]/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A hex number as a pattern that takes either case of its letters: 0x2b -> "2[Bb]". */
function hexPattern(value: number, width: number): string {
  return [...value.toString(16).toUpperCase().padStart(width, '0')]
    .map((digit) => (/[A-F]/.test(digit) ? `[${digit}${digit.toLowerCase()}]` : digit))
    .join('');
}

const utf8 = new TextEncoder();

/** Every way one character of a key may be written by an encoder, as regex alternatives. */
function spellingsOfChar(char: string): string[] {
  const forms = new Set<string>([escapeRegExp(char)]);
  forms.add([...utf8.encode(char)].map((byte) => `%${hexPattern(byte, 2)}`).join(''));
  let units = '';
  for (let i = 0; i < char.length; i += 1) units += `\\\\u${hexPattern(char.charCodeAt(i), 4)}`;
  forms.add(units);
  if (char === ' ') forms.add('\\+');
  const short = JSON_SHORT[char];
  if (short) forms.add(escapeRegExp(short));
  const named = HTML_NAMED[char];
  if (named) forms.add(escapeRegExp(named));
  return [...forms];
}

/** A global pattern that matches the key in every spelling above. */
export function spellingsPattern(secret: string): RegExp {
  let source = '';
  for (const char of secret) source += `(?:${spellingsOfChar(char).join('|')})`;
  return new RegExp(source, 'g');
}
