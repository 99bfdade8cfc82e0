import { queryRedacted } from '@shared/spin/endpoints';
import { PERSONAL_PLACEHOLDER, personalDataInText, personalKind, repeatable, withoutValues, type PersonalKind } from './personal-data';
import { maskAccountNumber, maskCardNumbers } from './card-number-mask';
import { KeySpellings, replaceEnding, replaceOpening } from './secret-spellings';
/**
 * The one redactor: every log line, journal entry, export, diagnostics bundle, copy-as-curl
 * command and error message passes through it before it is written or shown.
 * - Authkeys: every key the vault has seen is replaced by a placeholder wherever it appears, in
 *   any spelling (encoded, escaped, another case, gaps inside, hex, base64: secret-spellings.ts),
 *   also split in two across the texts of one value (an answer's Message and DetailedMessage),
 *   and any field named like an Authkey is replaced whatever its value.
 * - Card data: never beyond first 4 / last 4. Track data is dropped; a card number keeps only its
 *   first and last four digits (card-number-mask.ts, the one mask). A reference is not a card
 *   number: a ReferenceId field keeps its value, however many digits it has.
 * - Cardholder names, expiry dates, card tokens and signatures are replaced by a placeholder
 *   (personal-data.ts): troubleshooting needs none of them, and a token can charge the card again.
 */
export const AUTHKEY_PLACEHOLDER = '<AUTH_KEY>';
const TRACK_PLACEHOLDER = '[track data removed]';

const SECRET_KEYS = /^(auth_?key|authkey|password|secret|spintoken)$/i;
const TRACK_KEYS = /^(track1|track2|track3|trackdata|emvtags)$/i;
const ACCOUNT_KEYS = /^(account|cardnumber|pan|accountnumber)$/i;
/** The issuer number (first 6-8 digits) is more than first 4: it keeps its first 4. */
const BIN_KEYS = /^(bin|iin)$/i;
/** References are the POS's own identifiers: never masked as card numbers, whatever their digits. */
const REFERENCE_KEYS = /^(reference_?id|ref)$/i;
/** Characters JSON text may write as an escape (\" \\ \/ and control characters). */
// eslint-disable-next-line no-control-regex
const JSON_ESCAPABLE = /["\\/\u0000-\u001f]/;

// Track 1 (%B<pan>^NAME^...?) and track 2 (;<pan>=<data>?) as they appear in raw card reads.
const TRACK_PATTERN = /%B\d{12,19}\^[^?]*\?|;\d{12,19}=[^?\s]*\??/g;
/** Text ending inside the value of a reference field written as JSON ("ReferenceId": "4761…). */
const IN_JSON_REFERENCE = /"(?:reference_?id|ref)"\s*:\s*"[^"\\]*$/i;
/** How far back a digit run is checked for IN_JSON_REFERENCE: a ReferenceId has at most 50 characters. */
const REFERENCE_LOOKBACK = 80;

/**
 * How far a value is walked. A value from outside (a service answer, a journal line) may be
 * hostile: 100,000 levels of nesting or millions of entries must neither overflow the stack nor
 * stall the app. Beyond the limits the walk stops and writes a marker instead of the rest:
 * - a list or object deeper than `maxDepth` levels becomes the text TOO_DEEP;
 * - once `maxValues` values have been copied, the rest of a list becomes one TOO_MANY item and the
 *   rest of an object one entry TOO_MANY_KEY: TOO_MANY.
 * Nothing beyond a limit is ever copied, so nothing beyond it can leak.
 */
export interface RedactorLimits {
  maxDepth: number;
  maxValues: number;
}

export const DEFAULT_REDACTOR_LIMITS: RedactorLimits = { maxDepth: 64, maxValues: 200_000 };
export const TOO_DEEP = '[cut: nested too deeply]';
export const TOO_MANY = '[cut: too many values]';
export const TOO_MANY_KEY = '…';

/** A URL-encoded byte: such a spelling of a key survives JSON parsing as it is. */
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;

/** Where a text of a copy sits, so that a key split across two texts can be cut from both. */
interface TextSlot {
  into: Record<string, unknown> | unknown[];
  slot: string | number;
}

/** What a leaf rule does with one value: a replacement, or DESCEND into a list or object. */
const DESCEND = Symbol('descend');
/** `parent`: the name of the object the value sits in (for an item of a list, the list's name). */
type Leaf = (value: unknown, key: string | undefined, parent: string | undefined) => unknown;

/** One value still to copy: where it comes from and the slot of the copy it goes into. */
interface Job {
  value: unknown;
  key: string | undefined;
  parent: string | undefined;
  depth: number;
  into: Record<string, unknown> | unknown[];
  slot: string | number;
}

export class Redactor {
  /** Each key with all its spellings. */
  readonly #secrets = new Map<string, KeySpellings>();
  /** A text shorter than every secret holds none: most of a report's texts are skipped at once. */
  #shortestSecret = Number.POSITIVE_INFINITY;
  /** A text shorter than half of every secret holds no larger part of a split one either. */
  #shortestHalf = Number.POSITIVE_INFINITY;
  /**
   * Set when secretsInText met a text that may hold a key or the larger part of a split one: a
   * walk looks for split keys only then, sparing a report's texts a second search.
   */
  #partSeen = false;
  readonly #limits: RedactorLimits;

  constructor(limits: Partial<RedactorLimits> = {}) {
    this.#limits = { ...DEFAULT_REDACTOR_LIMITS, ...limits };
  }

  /** Registers a secret to scrub from everything; ignores values too short to scrub safely. */
  addSecret(secret: string): void {
    if (secret.length < 6 || this.#secrets.has(secret)) return;
    this.#secrets.set(secret, new KeySpellings(secret));
    // No spelling is shorter than the key itself.
    this.#shortestSecret = Math.min(this.#shortestSecret, secret.length);
    this.#shortestHalf = Math.min(this.#shortestHalf, Math.ceil(secret.length / 2));
  }

  /** Only the registered secrets replaced, in every spelling; card numbers and identifiers left exactly as they are. */
  secretsInText(input: string): string {
    if (input.length < this.#shortestHalf) return input;
    let output = input;
    // One search says whether a key (or part of one) may be there; the replacing patterns run only then.
    for (const spellings of this.#secrets.values()) {
      if (!spellings.mayHoldIn(output)) continue;
      this.#partSeen = true;
      output = spellings.replaceIn(output, AUTHKEY_PLACEHOLDER);
    }
    return output;
  }

  /**
   * A text spin-desk wrote itself (an error it reports, a message naming a request): keys out,
   * but its references and numbers exact. Any service text it quotes had its card data cut where
   * it was quoted.
   */
  ownText(input: string): string {
    // A URL's key-named query parameter (TerminalStatus's request.authkey) goes even when the key is not known here.
    return queryRedacted(this.secretsInText(input), AUTHKEY_PLACEHOLDER);
  }

  /** A text from anywhere: keys, card numbers, track data and personal card data out (JSON in it included). */
  text(input: string): string {
    return redactCardData(personalDataInText(this.ownText(input)));
  }

  /**
   * A deep copy with secrets, card data and personal card data removed; safe to log, store or
   * export. A cardholder name or token found in a field is also replaced wherever another text of
   * the same value repeats it (a receipt that prints the name).
   */
  value<T>(input: T): T {
    const found = new Map<string, PersonalKind>();
    this.#partSeen = false;
    const copy = this.#walk(input, (value, key, parent) => this.#redactLeaf(value, key, parent, found), this.#limits);
    if (this.#partSeen) this.#cutSplitKeys(copy);
    if (found.size === 0) return copy as T;
    const repeated: Leaf = (value) =>
      typeof value === 'string' ? withoutValues(value, found) : value !== null && typeof value === 'object' ? DESCEND : value;
    // The copy is already within the limits; walked again whole, markers included.
    return this.#walk(copy, repeated, { ...this.#limits, maxValues: Number.POSITIVE_INFINITY }) as T;
  }

  /**
   * A deep copy with only the registered secrets replaced, for a SPIn answer on its way into the
   * app: a service may echo the Authkey in any text, but its ReferenceIds and amounts must stay
   * exact. The depth limit applies (only unknown extra fields nest deeply); the size limit does
   * not, as the client already caps an answer's bytes and a large report must arrive whole.
   */
  secretsIn<T>(input: T): T {
    const leaf: Leaf = (value) =>
      typeof value === 'string' ? this.secretsInText(value) : value !== null && typeof value === 'object' ? DESCEND : value;
    this.#partSeen = false;
    const copy = this.#walk(input, leaf, { ...this.#limits, maxValues: Number.POSITIVE_INFINITY });
    if (this.#partSeen) this.#cutSplitKeys(copy);
    return copy as T;
  }

  /**
   * A key split in two across the texts of one value: one text ends with its first part, another
   * starts with the rest (a service that wraps a long message into Message and DetailedMessage).
   * Both parts are replaced. Looked for only when secretsInText saw a text that may hold at least
   * half of a key (#partSeen), as the larger part of any split must.
   */
  #cutSplitKeys(copy: unknown): void {
    const texts = textSlots(copy);
    const read = (at: TextSlot) => (at.into as Record<string | number, string>)[at.slot] as string;
    for (const spellings of this.#secrets.values()) {
      if (!texts.some((at) => read(at).length >= this.#shortestHalf && spellings.mayHoldHalfIn(read(at)))) continue;
      const endings = new Map<number, TextSlot[]>();
      const openings = new Map<number, TextSlot[]>();
      for (const at of texts) {
        for (const length of spellings.firstPartsEnding(read(at))) endings.set(length, [...(endings.get(length) ?? []), at]);
        for (const length of spellings.lastPartsOpening(read(at))) openings.set(length, [...(openings.get(length) ?? []), at]);
      }
      for (const [first, ends] of endings) {
        const opens = openings.get(spellings.key.length - first);
        if (!opens) continue;
        for (const at of ends) setSlot(at, replaceEnding(read(at), first, AUTHKEY_PLACEHOLDER));
        for (const at of opens) setSlot(at, replaceOpening(read(at), spellings.key.length - first, AUTHKEY_PLACEHOLDER));
      }
    }
  }

  /**
   * Whether JSON text could hold a registered secret, in any spelling, once parsed. False only
   * when it provably cannot: no spelling of a secret appears in the raw text, the text has no \u
   * escape (the one way JSON can spell an ordinary character differently) and no URL-encoded byte
   * (which parsing leaves as it is), for secrets without characters JSON may escape. The SPIn
   * client uses it to skip secretsIn's deep copy for an answer that echoes no key (nearly all).
   */
  jsonMayHoldSecret(text: string): boolean {
    if (text.includes('\\u') || PERCENT_ESCAPE.test(text)) return true;
    for (const [secret, spellings] of this.#secrets) {
      if (JSON_ESCAPABLE.test(secret) || spellings.mayHoldIn(text)) return true;
    }
    return false;
  }

  /**
   * secretsIn for data on its way out of the main process: the value itself when secretsIn would
   * change nothing in it, so a 10,000-row report is not deep-copied (nor printed as JSON) to
   * replace nothing. The check reads every text once and copies nothing.
   */
  secretsInData<T>(input: T): T {
    return this.#needsSecretsIn(input) ? this.secretsIn(input) : input;
  }

  /**
   * Whether secretsIn is needed: a text holds a secret, or the nesting goes beyond the depth limit
   * (which is also how a cycle shows, as no set of seen objects is kept: an object met twice
   * without a cycle is data like any other). Walked from a stack like #walk.
   */
  #needsSecretsIn(input: unknown): boolean {
    // A text met again is not searched again: a report's rows repeat their application, card
    // type and transaction type thousands of times, and each search costs a pass of every key's
    // spellings over it.
    const clean = new Set<string>();
    const holdsSecret = (text: string): boolean => {
      if (text.length < this.#shortestHalf || clean.has(text)) return false;
      for (const spellings of this.#secrets.values()) if (spellings.mayHoldInOneText(text)) return true;
      clean.add(text);
      return false;
    };
    const stack: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
    for (let job = stack.pop(); job; job = stack.pop()) {
      const { value, depth } = job;
      if (typeof value === 'string') {
        if (holdsSecret(value)) return true;
        continue;
      }
      if (value === null || typeof value !== 'object') continue;
      if (depth >= this.#limits.maxDepth) return true;
      // An indexed loop: a report's column of 10,000 texts is walked before V8 has optimised this
      // code, and for...of costs an iterator step per item there.
      const items: readonly unknown[] = Array.isArray(value) ? value : Object.values(value);
      for (let index = 0; index < items.length; index += 1) {
        const item = items[index];
        // Texts are checked here at once, sparing the stack 10,000 rows' worth of jobs.
        if (typeof item === 'string') {
          if (holdsSecret(item)) return true;
        } else if (item !== null && typeof item === 'object') stack.push({ value: item, depth: depth + 1 });
      }
    }
    return false;
  }

  #redactLeaf(value: unknown, key: string | undefined, parent: string | undefined, found: Map<string, PersonalKind>): unknown {
    const empty = value === undefined || value === null || value === '';
    if (key !== undefined && SECRET_KEYS.test(key)) return empty ? value : AUTHKEY_PLACEHOLDER;
    if (key !== undefined && TRACK_KEYS.test(key)) return empty ? value : TRACK_PLACEHOLDER;
    const personal = key === undefined ? undefined : personalKind(key, parent);
    if (personal !== undefined) {
      if (repeatable(personal, value)) found.set(value, personal);
      return empty ? value : PERSONAL_PLACEHOLDER[personal];
    }
    if (typeof value === 'string') {
      if (key !== undefined && BIN_KEYS.test(key)) return value.replace(/^(\d{4})\d+/, (_all, first: string) => `${first}**`);
      if (key !== undefined && REFERENCE_KEYS.test(key)) return this.ownText(value);
      return key !== undefined && ACCOUNT_KEYS.test(key) ? maskAccountNumber(this.text(value)) : this.text(value);
    }
    if (value instanceof Error) return { name: value.name, message: this.text(value.message) };
    return value !== null && typeof value === 'object' ? DESCEND : value;
  }

  /**
   * Copies `input` one container at a time from an explicit stack, never by recursion, so the
   * depth of the input cannot overflow the call stack.
   */
  #walk(input: unknown, leaf: Leaf, limits: RedactorLimits): unknown {
    const root: unknown[] = [undefined];
    const stack: Job[] = [{ value: input, key: undefined, parent: undefined, depth: 0, into: root, slot: 0 }];
    const seen = new WeakSet<object>();
    let budget = limits.maxValues;
    for (let job = stack.pop(); job; job = stack.pop()) {
      const done = leaf(job.value, job.key, job.parent);
      if (done !== DESCEND) {
        setSlot(job, done);
        continue;
      }
      const container = job.value as object;
      if (seen.has(container)) {
        setSlot(job, '[circular]');
        continue;
      }
      seen.add(container);
      if (job.depth >= limits.maxDepth) {
        setSlot(job, TOO_DEEP);
        continue;
      }
      if (budget === 0 && (Array.isArray(container) ? container.length : Object.keys(container).length) > 0) {
        // Nothing of it can be kept: the marker alone, without listing what it holds (in an
        // enormous list of rows, most rows end here).
        setSlot(job, Array.isArray(container) ? [TOO_MANY] : { [TOO_MANY_KEY]: TOO_MANY });
        continue;
      }
      const entries: [string | number, unknown, string | undefined][] = Array.isArray(container)
        ? container.map((item, index) => [index, item, undefined])
        : Object.entries(container).map(([key, item]) => [key, item, key]);
      const kept = Math.max(0, Math.min(entries.length, budget));
      budget -= kept;
      const copy: Record<string, unknown> | unknown[] = Array.isArray(container) ? new Array<unknown>(kept) : {};
      for (let i = 0; i < kept; i += 1) {
        const [slot] = entries[i] as [string | number, unknown, string | undefined];
        // Reserve every slot now so the copy keeps the original key order.
        (copy as Record<string | number, unknown>)[slot] = undefined;
      }
      if (kept < entries.length) {
        if (Array.isArray(copy)) copy.push(TOO_MANY);
        else copy[TOO_MANY_KEY] = TOO_MANY;
      }
      setSlot(job, copy);
      // What its values sit in: this object's name, or for the items of a list the list's.
      const parent = job.key ?? job.parent;
      for (let i = kept - 1; i >= 0; i -= 1) {
        const [slot, item, key] = entries[i] as [string | number, unknown, string | undefined];
        stack.push({ value: item, key, parent, depth: job.depth + 1, into: copy, slot });
      }
    }
    return root[0];
  }
}

/**
 * Where each text of a copy #walk made sits, in order. The copy has no cycles (a repeated object
 * became a marker) and is no deeper than the depth limit, so a stack walk ends.
 */
function textSlots(copy: unknown): TextSlot[] {
  const root = [copy];
  const slots: TextSlot[] = [];
  const stack: (Record<string, unknown> | unknown[])[] = [root];
  for (let container = stack.pop(); container; container = stack.pop()) {
    for (const [slot, value] of Object.entries(container)) {
      const at = Array.isArray(container) ? Number(slot) : slot;
      if (typeof value === 'string') slots.push({ into: container, slot: at });
      else if (value !== null && typeof value === 'object') stack.push(value as Record<string, unknown>);
    }
  }
  return slots;
}

function setSlot(job: TextSlot, value: unknown): void {
  (job.into as Record<string | number, unknown>)[job.slot] = value;
}

/**
 * Card data in a text cut to first 4 / last 4 and track data dropped; no secrets involved, so it
 * needs no Redactor instance (service texts shown on screen: their Authkeys were already scrubbed
 * by the SPIn client).
 */
export function redactCardData(input: string): string {
  // A reference in JSON keeps its digits, like the field itself.
  return maskCardNumbers(input.replace(TRACK_PATTERN, TRACK_PLACEHOLDER), (at, whole) =>
    IN_JSON_REFERENCE.test(whole.slice(Math.max(0, at - REFERENCE_LOOKBACK), at)),
  );
}
