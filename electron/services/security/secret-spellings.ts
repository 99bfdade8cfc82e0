// A service, a proxy or a hand may give an Authkey back not as it was sent but spelled some other
// way, and each spelling must be found as surely as the key itself:
// - URL encoded (a query string or form body quoted in a message: `%2B`, and `+` or `%20` for a
//   space), JSON-escaped by a serializer that escapes more than it must (.NET writes `&` as
//   `\u0026`; others write `/` as `\/`), HTML-escaped in an error page (`&amp;`, `&#83;`, `&#x53;`);
// - in another case (a service that upper-cases what it echoes), with whitespace or zero-width
//   marks between its characters (a word-wrapped receipt, a pasted value);
// - in hex, or in base64 alone or inside a longer value (`Basic base64(TPN:key)`, whatever the TPN);
// - in two halves, one at the end of a text and one at the start of another of the same answer
//   (Message + DetailedMessage): see Redactor, which sees all the texts of an answer at once.
// All of them are worked out once per key, when the redactor learns it (KeySpellings), not per text.

const HTML_NAMED: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const JSON_SHORT: Readonly<Record<string, string>> = { '/': '\\/', '"': '\\"', '\\': '\\\\' };

/**
 * What may sit between two characters of a key and still spell it: whitespace (a line break
 * included, also as the JSON escape \n), zero-width marks, a soft hyphen, a BOM, and those written
 * as entities or escapes.
 */
const GAP = '(?:[\\s\\u00AD\\u200B-\\u200D\\u2060\\uFEFF]|\\\\[nrt]|&#(?:8203|x200b|173|xad);|%e2%80%8b|\\\\u200b|&nbsp;)*';
/** Characters of base64 (standard and URL-safe): a key's base64 is cut out with the whole value around it. */
const BASE64_CHAR = /[A-Za-z0-9+/_-]/;
/** What may close a text after the first half of a key, or open one before the second half. */
const CLOSER = `[\\s.,;:!?'"\`)\\]}>]`;
const OPENER = `[\\s.,;:'"\`([{<]`;
const CLOSING = new RegExp(`${CLOSER}+$`);
const OPENING = new RegExp(`^${OPENER}+`);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const utf8 = new TextEncoder();
const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');

/** Every way one character of a key may be written by an encoder, as regex alternatives (matched ignoring case). */
function spellingsOfChar(char: string): string[] {
  const code = char.codePointAt(0) ?? 0;
  const forms = new Set<string>([escapeRegExp(char)]);
  forms.add([...utf8.encode(char)].map((byte) => `%${hex(byte, 2)}`).join(''));
  let units = '';
  for (let i = 0; i < char.length; i += 1) units += `\\\\u${hex(char.charCodeAt(i), 4)}`;
  forms.add(units);
  forms.add(`&#0*${code};`);
  forms.add(`&#x0*${code.toString(16)};`);
  if (char === ' ') forms.add('\\+');
  const short = JSON_SHORT[char];
  if (short) forms.add(escapeRegExp(short));
  const named = HTML_NAMED[char];
  if (named) forms.add(escapeRegExp(named));
  return [...forms];
}

/** The key written character by character, each in any spelling, gaps allowed between; or as hex. */
function writtenPattern(secret: string): RegExp {
  const chars = [...secret].map((char) => `(?:${spellingsOfChar(char).join('|')})`).join(GAP);
  const hexBytes = [...utf8.encode(secret)].map((byte) => hex(byte, 2)).join('(?:[\\s:-]|\\\\x|0x)?');
  return new RegExp(`${chars}|${hexBytes}`, 'gi');
}

/**
 * The part of base64 that any value holding `text` encodes the same way, for each of the three
 * places it can start within a 3-byte group: base64(`TPN:key`) holds one of them whatever the TPN.
 */
function base64Cores(text: string): string[] {
  const bytes = utf8.encode(text);
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Only characters whose 6 bits all come from the text's bytes.
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    cores.push(core, core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return cores;
}

/** The spellings of one key, worked out once. */
export class KeySpellings {
  readonly #written: RegExp;
  readonly #base64: RegExp;
  /** Half the key (its first or last half, any case): a text with neither holds no part of a split key. */
  readonly #halves: RegExp;
  /**
   * Any spelling, or the larger part of a split key, in one search (a text of data going out is
   * read once per key, not three times); it may say yes where replaceIn then finds nothing.
   */
  readonly #anyPart: RegExp;
  /** #anyPart with the larger part of a split key only where a split leaves it (mayHoldInOneText). */
  readonly #anyPartOfOneText: RegExp;
  readonly #lower: string;

  constructor(readonly key: string) {
    this.#written = writtenPattern(key);
    const variants = new Set([key, key.toUpperCase(), key.toLowerCase()]);
    this.#base64 = new RegExp([...new Set([...variants].flatMap(base64Cores))].map(escapeRegExp).join('|'), 'g');
    const half = Math.ceil(key.length / 2);
    const halves = `${escapeRegExp(key.slice(0, half))}|${escapeRegExp(key.slice(-half))}`;
    this.#halves = new RegExp(halves, 'i');
    this.#anyPart = new RegExp(`${this.#written.source}|${this.#base64.source}|${halves}`, 'i');
    // The larger part of a split sits where firstPartsEnding and lastPartsOpening look: the first
    // half at most `rest` characters from the text's end, or the last half as far from its start.
    const rest = key.length - 1 - half;
    const edges = `${escapeRegExp(key.slice(0, half))}[\\s\\S]{0,${rest}}${CLOSER}*$|^${OPENER}*[\\s\\S]{0,${rest}}${escapeRegExp(key.slice(-half))}`;
    this.#anyPartOfOneText = new RegExp(`${this.#written.source}|${this.#base64.source}|${edges}`, 'i');
    this.#lower = key.toLowerCase();
  }

  /** Whether `text` may hold the key in any spelling, or the larger part of it split in two. */
  mayHoldIn(text: string): boolean {
    return this.#anyPart.test(text);
  }

  /**
   * mayHoldIn for a whole text of a value (not JSON holding several): a larger part of a split key
   * counts only at the text's start or end, where a split leaves it. A report's header naming a
   * TPN that shares half the key's characters no longer costs its 10,000 rows a deep copy.
   */
  mayHoldInOneText(text: string): boolean {
    return this.#anyPartOfOneText.test(text);
  }

  /** `text` with every spelling of the key replaced; a base64 value holding it goes whole. */
  replaceIn(text: string, placeholder: string): string {
    const written = text.replace(this.#written, placeholder);
    return written.search(this.#base64) < 0 ? written : replaceBase64Values(written, this.#base64, placeholder);
  }

  /** Whether `text` may hold the larger part of a key split in two. */
  mayHoldHalfIn(text: string): boolean {
    return this.#halves.test(text);
  }

  /** The lengths of the key's first part that `text` ends with (punctuation after it aside), 1 to length - 1. */
  firstPartsEnding(text: string): number[] {
    const end = text.replace(CLOSING, '').toLowerCase();
    return this.#lengths((length) => end.endsWith(this.#lower.slice(0, length)));
  }

  /** The lengths of the key's last part that `text` starts with (punctuation before it aside). */
  lastPartsOpening(text: string): number[] {
    const start = text.replace(OPENING, '').toLowerCase();
    return this.#lengths((length) => start.startsWith(this.#lower.slice(this.#lower.length - length)));
  }

  #lengths(holds: (length: number) => boolean): number[] {
    const lengths: number[] = [];
    for (let length = 1; length < this.#lower.length; length += 1) if (holds(length)) lengths.push(length);
    return lengths;
  }
}

/** `text` with its first part of `length` characters at the end replaced (punctuation after it kept). */
export function replaceEnding(text: string, length: number, placeholder: string): string {
  const end = text.replace(CLOSING, '').length;
  return `${text.slice(0, end - length)}${placeholder}${text.slice(end)}`;
}

/** `text` with its last part of `length` characters at the start replaced (punctuation before it kept). */
export function replaceOpening(text: string, length: number, placeholder: string): string {
  const start = text.length - text.replace(OPENING, '').length;
  return `${text.slice(0, start)}${placeholder}${text.slice(start + length)}`;
}

/** Each base64 value around a core replaced whole, its padding included. */
function replaceBase64Values(text: string, cores: RegExp, placeholder: string): string {
  let output = '';
  let done = 0;
  for (const match of text.matchAll(cores)) {
    if (match.index < done) continue;
    let start = match.index;
    while (start > done && BASE64_CHAR.test(text.charAt(start - 1))) start -= 1;
    let end = match.index + match[0].length;
    while (end < text.length && BASE64_CHAR.test(text.charAt(end))) end += 1;
    while (text.charAt(end) === '=') end += 1;
    output += text.slice(done, start) + placeholder;
    done = end;
  }
  return output + text.slice(done);
}
