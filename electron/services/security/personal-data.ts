// Card data that troubleshooting never needs and that must not leave the app in a request log, a
// support bundle or a log line: the cardholder's name, the card's expiry date, the tokens a
// service hands back for charging the same card again (card on file), and the customer's
// signature. SPIn answers carry them as CardData.Name, CardData.ExpirationDate, Token, IPosToken
// and Signature (docs/PROTOCOL.md §3.2); other services name them alike. What stays is whether a
// field was filled: an empty one stays empty, a filled one holds a placeholder.

export type PersonalKind = 'name' | 'expiry' | 'token' | 'signature';

export const PERSONAL_PLACEHOLDER: Readonly<Record<PersonalKind, string>> = {
  name: '[cardholder name removed]',
  expiry: '[expiry date removed]',
  token: '[card token removed]',
  signature: '[signature removed]',
};

/** The field names of each kind, as regex sources (matched whole, any case). */
const KIND_NAMES: readonly (readonly [PersonalKind, string])[] = [
  ['name', 'card_?holder(?:_?name)?|holder_?name|name_?on_?card'],
  ['expiry', 'exp(?:iration|iry)?_?(?:date)?|card_?exp(?:iration|iry)?|exp(?:iry)?_?(?:month|year)'],
  ['token', '(?:ipos|card|payment|account)?_?token'],
  ['signature', 'signature'],
];
const KIND_KEYS = KIND_NAMES.map(([kind, names]) => [kind, new RegExp(`^(?:${names})$`, 'i')] as const);
/** "Name" alone is a name of anything (a cart item, a terminal); inside card data it is the cardholder's. */
const PLAIN_NAME = /^name$/i;
const CARD_CONTAINER = /card/i;

/**
 * What personal data a field holds, by its name and the name of the object it sits in
 * (`parent`; for an item of a list, the list's name).
 */
export function personalKind(key: string, parent: string | undefined): PersonalKind | undefined {
  if (PLAIN_NAME.test(key)) return parent !== undefined && CARD_CONTAINER.test(parent) ? 'name' : undefined;
  return KIND_KEYS.find(([, pattern]) => pattern.test(key))?.[0];
}

/**
 * Names and tokens are also looked for in the other texts of the same answer, where a receipt may
 * print the name ("JANE DOE") or a field repeat a token ("IPOS" + Token). Shorter values would
 * match ordinary words and codes (a token "0000" is also the StatusCode of every approval), and a
 * "name" without a letter is no name; expiry dates (4 digits) would match amounts and numbers, so
 * they are only replaced in their own fields.
 */
const SHORTEST_REPEATED: Partial<Record<PersonalKind, number>> = { name: 4, token: 8 };

export function repeatable(kind: PersonalKind, value: unknown): value is string {
  const shortest = SHORTEST_REPEATED[kind];
  if (shortest === undefined || typeof value !== 'string' || value.trim().length < shortest) return false;
  return kind !== 'name' || /\p{L}/u.test(value);
}

/** Every occurrence of the given values in `text` replaced by their placeholders, longest value first. */
export function withoutValues(text: string, values: ReadonlyMap<string, PersonalKind>): string {
  let output = text;
  for (const [value, kind] of [...values].sort(([a], [b]) => b.length - a.length)) {
    if (output.includes(value)) output = output.split(value).join(PERSONAL_PLACEHOLDER[kind]);
  }
  return output;
}

// JSON written into a text (an answer kept as text because it could not be parsed, a request-log
// entry written by an older version): the same fields found by their quoted names. Only those
// names are searched for, so a long report's other fields cost no more than the search.

/** A quoted name, then its value: a non-empty JSON string (group 3) or a number (group 4). */
const pairOf = (names: string) => new RegExp(`"(${names})"(\\s*:\\s*)(?:"((?:[^"\\\\]|\\\\.)+)"|(-?\\d[\\d.eE+-]*))`, 'gi');
const JSON_PERSONAL_PAIR = pairOf(KIND_NAMES.map(([, names]) => names).join('|'));
const JSON_NAME_PAIR = pairOf('name');
/** A flat object under a card-ish name, e.g. `"CardData": { ... }`: its "Name" is the cardholder's. */
const JSON_CARD_OBJECT = /"(\w*card\w*)"(\s*:\s*)\{([^{}]*)\}/gi;

/** The personal fields of JSON in a text replaced, and their names and tokens wherever else the text repeats them. */
export function personalDataInText(input: string): string {
  if (!input.includes('"')) return input;
  const found = new Map<string, PersonalKind>();
  const replacePairs = (text: string, pattern: RegExp, parent: string | undefined) =>
    text.replace(pattern, (pair, key: string, colon: string, quoted: string | undefined, number: string | undefined) => {
      const kind = personalKind(key, parent);
      const value = quoted ?? number ?? '';
      if (kind === undefined || value === PERSONAL_PLACEHOLDER[kind]) return pair;
      if (repeatable(kind, value)) found.set(value, kind);
      return `"${key}"${colon}"${PERSONAL_PLACEHOLDER[kind]}"`;
    });
  const output = replacePairs(
    input.replace(
      JSON_CARD_OBJECT,
      (_all, key: string, colon: string, body: string) => `"${key}"${colon}{${replacePairs(body, JSON_NAME_PAIR, key)}}`,
    ),
    JSON_PERSONAL_PAIR,
    undefined,
  );
  return found.size === 0 ? output : withoutValues(output, found);
}

// Personal data by shape: what a service prints inside free text (a receipt, a message) or sends
// under a name SPIn does not have is found by what it looks like, not by a field name. The
// support bundle and requests.jsonl use it (diagnostics/allowed-fields.ts) and count what went.

/** What went, by kind, for the bundle's summary: counts only, never the values. */
export type DropKind = 'not a SPIn field' | 'name in text' | 'expiry in text' | 'token in text' | 'signature in text';
export type DropCounts = Partial<Record<DropKind, number>>;

/** A field SPIn does not define for the endpoint: its name stays, its value becomes this. */
export const DROPPED_FIELD = { kind: 'not a SPIn field', marker: '[dropped: not a SPIn field]' } as const satisfies {
  kind: DropKind;
  marker: string;
};

/**
 * The shapes, each with the text that stays before the value (a label). Labels need a colon
 * ("CARDHOLDER: JANE DOE"): receipts print "CARDHOLDER COPY" and "CUSTOMER COPY" as headings.
 * Track data's "SURNAME/GIVEN" form is a name without a label (two runs of capitals around a
 * slash: "N/A" and "12/29" are not). An expiry is a month and year after EXP, EXPIRY or VALID THRU,
 * never 4 digits alone (amounts and codes look the same). A token is a run of 24 or more letters
 * and digits with both in it, or one after TOKEN:. A signature is a base64 PNG, with or without
 * its data: prefix.
 */
const SHAPES: readonly { kind: DropKind; placeholder: string; pattern: RegExp; freeTextOnly: boolean }[] = [
  {
    kind: 'signature in text',
    placeholder: PERSONAL_PLACEHOLDER.signature,
    pattern: /()(?:data:image\/[a-z+.-]+;base64,)?iVBORw0KGgo[A-Za-z0-9+/=]*/g,
    freeTextOnly: false,
  },
  {
    kind: 'expiry in text',
    placeholder: PERSONAL_PLACEHOLDER.expiry,
    pattern:
      /(\b(?:EXP(?:IRY|IRES|IRATION)?(?:[ \t]*DATE)?|(?:VALID|GOOD)[ \t]*THRU)[ \t]*[:.#]?[ \t]*)\d{2}[ \t]*[/-]?[ \t]*\d{2}(?:\d{2})?\b/gi,
    freeTextOnly: false,
  },
  {
    kind: 'name in text',
    placeholder: PERSONAL_PLACEHOLDER.name,
    // "NAME:" alone is a person's, but not after MERCHANT, APP, ITEM and the like ("MERCHANT NAME: JOE'S DINER").
    pattern:
      /(\b(?:CARD[ \t]*HOLDER(?:[ \t]*NAME)?|HOLDER[ \t]*NAME|NAME[ \t]*ON[ \t]*CARD|CUSTOMER(?:[ \t]*NAME)?|(?<!(?:MERCHANT|APP|APPLICATION|STORE|TERMINAL|ITEM|PRODUCT|FILE)[ \t]*)NAME)[ \t]*:[ \t]*)\p{L}[\p{L}'. -]*/giu,
    freeTextOnly: false,
  },
  {
    kind: 'name in text',
    placeholder: PERSONAL_PLACEHOLDER.name,
    pattern: /()\b[A-Z][A-Z'-]+\/[A-Z][A-Z' .-]*[A-Z.]/g,
    freeTextOnly: true,
  },
  { kind: 'token in text', placeholder: PERSONAL_PLACEHOLDER.token, pattern: /(\bTOKEN[ \t]*[:#][ \t]*)[^\s<]+/gi, freeTextOnly: false },
  {
    kind: 'token in text',
    placeholder: PERSONAL_PLACEHOLDER.token,
    pattern: /()\b(?=[A-Za-z0-9_+/=]*\d)(?=[A-Za-z0-9_+/=]*[A-Za-z])[A-Za-z0-9_+/=]{24,}/g,
    freeTextOnly: true,
  },
];

/** Free text (a receipt, a sentence) has whitespace; a code, id or amount has none. */
const FREE_TEXT = /\s/;

/** `text` with the personal data its shapes show replaced by placeholders; each replacement counted in `drops`. */
export function personalDataByShape(text: string, drops: DropCounts): string {
  const free = FREE_TEXT.test(text);
  let output = text;
  for (const { kind, placeholder, pattern, freeTextOnly } of SHAPES) {
    if (freeTextOnly && !free) continue;
    output = output.replace(pattern, (whole: string, label: string) => {
      // A placeholder already put there (by the Redactor, or a pass before) is not a new find.
      if (whole.slice(label.length).startsWith('[')) return whole;
      drops[kind] = (drops[kind] ?? 0) + 1;
      return `${label}${placeholder}`;
    });
  }
  return output;
}
