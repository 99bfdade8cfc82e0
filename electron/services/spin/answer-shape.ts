// How big an answer is in rows and nesting, measured on its raw bytes as they arrive, before any
// JSON.parse or zod sees them. The 32 MiB cap on bytes does not bound the work: 1,000,000 `{}`
// rows fit in 3 MB and cost the host seconds of parsing, validating and copying, and a list of
// 5,000,000 `0`s (10 MB) froze it for a minute. So the rows, the nesting and the number of values
// are capped too (docs/PROTOCOL.md §3.6).
//
// Why a byte scan rather than JSON.parse with a reviver that counts: the reviver runs only after
// JSON.parse has built the whole tree (the cost we want to avoid), calls back once per value (slower
// than the parse itself), and walks nested values recursively. This scan keeps a counter per open
// list or object and never builds anything; it runs chunk by chunk as the body arrives, so the
// host's event loop gets a turn between chunks, and its memory is bounded by the depth cap.
// Working on bytes is safe: every character JSON gives structure to (brackets, braces, comma,
// quote, backslash) is ASCII, and no byte of a multi-byte UTF-8 character is below 0x80.
// The scan does not check that the body is valid JSON; JSON.parse does that afterwards, on a body
// known to be of a reasonable size.

import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { Language } from '@shared/i18n/languages';

/** The most entries in one list (or members in one object) an answer may hold. */
export const MAX_ROWS = 50_000;
/** The deepest nesting of lists and objects an answer may have. */
export const MAX_DEPTH = 32;
/** The most values (of any kind, lists and objects included) an answer may hold in all. */
export const MAX_VALUES = 400_000;
/** The most lists and objects an answer may hold in all: each costs JSON.parse far more than a number or a text. */
export const MAX_CONTAINERS = 100_000;

/**
 * The most bytes an answer may have: JSON.parse reads it in one piece that nothing can interrupt,
 * and 8 MiB took it 35-95 ms here (32 MiB of one text 140-380 ms). Four times a 10,000-row Daily
 * report. Bigger answers are still read up to the client's hard cap (32 MiB), only counted, so the
 * error can name the cap they break (a list of 5,000,000 `0`s is 10 MB: "holds 5,000,000 rows").
 */
export const MAX_BYTES = 8 * 1024 * 1024;

export interface ShapeLimits {
  bytes: number;
  rows: number;
  depth: number;
  values: number;
  containers: number;
}

export const DEFAULT_SHAPE_LIMITS: Readonly<ShapeLimits> = {
  bytes: MAX_BYTES,
  rows: MAX_ROWS,
  depth: MAX_DEPTH,
  values: MAX_VALUES,
  containers: MAX_CONTAINERS,
};

/** What broke a limit, with the answer's own figure (the whole body counted) and the limit. */
export interface ShapeBreach {
  /** `members`: the rows limit, broken by one object's fields rather than a list's entries. */
  kind: keyof ShapeLimits | 'members';
  found: number;
  limit: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/** Counts rows, depth and values of a JSON text fed to it in byte chunks. */
export class AnswerShape {
  private readonly limits: ShapeLimits;
  /** Entries so far in each open container, up to the depth cap (deeper ones only move `depth`). */
  private readonly entries: number[] = [];
  /** Whether each of those containers is a list (else an object). */
  private readonly lists: boolean[] = [];
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** True right after an opening bracket: the next token, unless it closes, is the first entry. */
  private opened = false;
  private valueCount = 0;
  private containers = 0;
  private bytes = 0;
  private maxDepth = 0;
  private maxRows = 0;
  private maxRowsInList = true;

  constructor(limits: ShapeLimits = DEFAULT_SHAPE_LIMITS) {
    this.limits = limits;
  }

  feed(chunk: Uint8Array): void {
    // The state lives in locals while the loop runs: several times faster before V8 optimises it.
    const cap = this.limits.depth + 1;
    this.bytes += chunk.length;
    let { depth, inString, escaped, opened } = this;
    for (let i = 0; i < chunk.length; i += 1) {
      const byte = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
        continue;
      }
      if (byte === SPACE || byte === LF || byte === CR || byte === TAB) continue;
      if (opened) {
        opened = false;
        if (byte !== CLOSE_LIST && byte !== CLOSE_OBJECT) this.count(depth, cap);
      } else if (depth === 0 && this.valueCount === 0) this.valueCount = 1; // the top-level value
      if (byte === QUOTE) inString = true;
      else if (byte === COMMA) this.count(depth, cap);
      else if (byte === OPEN_LIST || byte === OPEN_OBJECT) {
        depth += 1;
        this.containers += 1;
        if (depth > this.maxDepth) this.maxDepth = depth;
        if (depth <= cap) {
          this.entries[depth - 1] = 0;
          this.lists[depth - 1] = byte === OPEN_LIST;
        }
        opened = true;
      } else if ((byte === CLOSE_LIST || byte === CLOSE_OBJECT) && depth > 0) depth -= 1;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    this.opened = opened;
  }

  /** One more entry in the innermost open container (a comma inside an object separates members). */
  private count(depth: number, cap: number): void {
    this.valueCount += 1;
    if (depth === 0 || depth > cap) return;
    const rows = this.entries[depth - 1]! + 1;
    this.entries[depth - 1] = rows;
    if (rows > this.maxRows) {
      this.maxRows = rows;
      this.maxRowsInList = this.lists[depth - 1]!;
    }
  }

  /** How many values the text so far holds (containers included). */
  get values(): number {
    return this.valueCount;
  }

  /** The first limit the text so far breaks (depth, rows, values, lists and objects, then bytes), if any. */
  breach(): ShapeBreach | undefined {
    const { depth, rows, values, containers, bytes } = this.limits;
    if (this.maxDepth > depth) return { kind: 'depth', found: this.maxDepth, limit: depth };
    if (this.maxRows > rows) return { kind: this.maxRowsInList ? 'rows' : 'members', found: this.maxRows, limit: rows };
    if (this.valueCount > values) return { kind: 'values', found: this.valueCount, limit: values };
    if (this.containers > containers) return { kind: 'containers', found: this.containers, limit: containers };
    if (this.bytes > bytes) return { kind: 'bytes', found: this.bytes, limit: bytes };
    return undefined;
  }
}

/** "The terminal's Daily answer holds 1,000,000 rows in one list; spin-desk reads at most 50,000", in `language` (else the one main speaks). */
export function describeBreach(endpoint: string, breach: ShapeBreach, language?: Language): string {
  const options = { locale: language };
  if (breach.kind === 'bytes')
    return m.diag_shape_bytes({ endpoint, found: mebibytes(breach.found), limit: mebibytes(breach.limit) }, options);
  return BREACH_WORDS[breach.kind](
    { endpoint, found: breach.found.toLocaleString('en-US'), limit: breach.limit.toLocaleString('en-US') },
    options,
  );
}

/** Each cap's sentence, counted in whole numbers (the bytes cap says MiB). */
const BREACH_WORDS: Record<
  Exclude<ShapeBreach['kind'], 'bytes'>,
  (inputs: { endpoint: string; found: string; limit: string }, options: { locale?: Language }) => string
> = {
  rows: m.diag_shape_rows,
  members: m.diag_shape_members,
  depth: m.diag_shape_depth,
  values: m.diag_shape_values,
  containers: m.diag_shape_containers,
};

const mebibytes = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 });
