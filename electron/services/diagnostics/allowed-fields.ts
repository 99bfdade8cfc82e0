import type { z } from 'zod';
import { endpoints, type EndpointName } from '@shared/spin/endpoints';
import { listSchemaOf } from '@shared/spin/pre-read';
import { rowSchemaOf } from '@shared/ready-rows';
import { DROPPED_FIELD, personalDataByShape, type DropCounts } from '../security/personal-data';
import { defOf, type SchemaDef } from '../spin/sliced-read';

// What leaves the app for troubleshooting (the support bundle, requests.jsonl) keeps only the
// fields SPIn defines for that endpoint, read from the same zod schemas that parse the bodies
// (shared/spin/), so there is one list of fields, not a second hand-kept one. A field outside it
// (CustomerName, VaultToken, SignatureData: whatever a service adds) keeps its name, so support
// sees what was sent, and loses its value; the texts that stay are masked by shape
// (personal-data.ts). The Redactor has already run over every entry: this is a second, narrower net.

/** What a schema allows at one place of a body. */
type Allowed =
  /** An object with these fields and no others. */
  | { kind: 'fields'; fields: Map<string, Allowed> }
  | { kind: 'list'; item: Allowed }
  /** Keys the sender chooses (CustomFields, ExtendedDataByApplication) or any value: kept, texts masked by shape. */
  | { kind: 'any' }
  | { kind: 'leaf' }
  /** The schema says nothing here (a transform): the other side of a pipe does. */
  | { kind: 'none' };

const ANY: Allowed = { kind: 'any' };
const LEAF: Allowed = { kind: 'leaf' };
const NONE: Allowed = { kind: 'none' };

/** Beyond what sliced-read.ts reads of a definition: a union's options and a lazy schema's getter. */
interface Def extends SchemaDef {
  options?: z.ZodType[];
  getter?: () => z.ZodType;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);
const walked = new WeakMap<z.ZodType, Allowed>();

function allowedBy(schema: z.ZodType): Allowed {
  const known = walked.get(schema);
  if (known) return known;
  const list = listSchemaOf(schema);
  const row = rowSchemaOf(schema);
  const def: Def = defOf(schema);
  let allowed: Allowed;
  if (list) allowed = allowedBy(list);
  else if (row) allowed = { kind: 'list', item: allowedBy(row) };
  else if (WRAPPERS.has(def.type) && def.innerType) allowed = allowedBy(def.innerType);
  else if (def.type === 'pipe' && def.in && def.out) allowed = merged(allowedBy(def.in), allowedBy(def.out));
  else if (def.type === 'lazy' && def.getter) allowed = allowedBy(def.getter());
  else if (def.type === 'object' && def.shape)
    allowed = { kind: 'fields', fields: new Map(Object.entries(def.shape).map(([key, field]) => [key, allowedBy(field)])) };
  else if (def.type === 'array' && def.element) allowed = { kind: 'list', item: allowedBy(def.element) };
  else if (def.type === 'union' && def.options) allowed = def.options.map(allowedBy).reduce(merged, NONE);
  else if (def.type === 'transform') allowed = NONE;
  else if (def.type === 'record' || def.type === 'unknown' || def.type === 'any') allowed = ANY;
  else allowed = LEAF;
  walked.set(schema, allowed);
  return allowed;
}

/** Both sides of a pipe or union: a field either allows is allowed. */
function merged(a: Allowed, b: Allowed): Allowed {
  if (a.kind === 'none') return b;
  if (b.kind === 'none') return a;
  if (a.kind === 'any' || b.kind === 'any') return ANY;
  if (a.kind === 'fields' && b.kind === 'fields') {
    const fields = new Map(a.fields);
    for (const [key, field] of b.fields) fields.set(key, fields.has(key) ? merged(fields.get(key) as Allowed, field) : field);
    return { kind: 'fields', fields };
  }
  if (a.kind === 'list' && b.kind === 'list') return { kind: 'list', item: merged(a.item, b.item) };
  return a.kind === 'leaf' ? b : a;
}

/**
 * A response's allowed fields. Some servers put GeneralResponse's fields at the top level (the
 * schema lifts them: general-response.ts), and an error body is often just `{ "Message": ... }`:
 * those stay too.
 */
function responseAllowed(name: EndpointName): Allowed {
  const top = allowedBy(endpoints[name].response);
  const general = top.kind === 'fields' ? top.fields.get('GeneralResponse') : undefined;
  return general ? merged(top, general) : top;
}

const bySide = { request: new Map<EndpointName, Allowed>(), response: new Map<EndpointName, Allowed>() };

function allowedFor(name: string, side: 'request' | 'response'): Allowed {
  if (!(name in endpoints)) return ANY;
  const endpoint = name as EndpointName;
  let allowed = bySide[side].get(endpoint);
  if (!allowed) {
    allowed = side === 'request' ? allowedBy(endpoints[endpoint].request) : responseAllowed(endpoint);
    bySide[side].set(endpoint, allowed);
  }
  return allowed;
}

/** Every field name an endpoint's side allows anywhere, for JSON that no longer parses (an answer cut short). */
function namesIn(allowed: Allowed, into = new Set<string>()): Set<string> {
  if (allowed.kind === 'list') namesIn(allowed.item, into);
  if (allowed.kind === 'fields')
    for (const [key, field] of allowed.fields) {
      into.add(key);
      namesIn(field, into);
    }
  return into;
}

/** A dropped text this long with a letter in it is looked for in the other texts too (a receipt repeating CustomerName). */
const SHORTEST_REPEATED = 4;

/** Filters one body; the counts of what it dropped go into `drops`. */
class BodyFilter {
  readonly #drops: DropCounts;
  readonly #dropped = new Set<string>();

  constructor(drops: DropCounts) {
    this.#drops = drops;
  }

  value(value: unknown, allowed: Allowed): unknown {
    const kept = this.#kept(value, allowed);
    return this.#dropped.size === 0 ? kept : this.#withoutDropped(kept);
  }

  #kept(value: unknown, allowed: Allowed): unknown {
    if (typeof value === 'string') return personalDataByShape(value, this.#drops);
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => this.#kept(item, allowed.kind === 'list' ? allowed.item : ANY));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (allowed.kind !== 'fields') copy[key] = this.#kept(item, ANY);
      else if (allowed.fields.has(key)) copy[key] = this.#kept(item, allowed.fields.get(key) as Allowed);
      else copy[key] = this.#drop(item);
    }
    return copy;
  }

  #drop(value: unknown): unknown {
    if (value === null || value === undefined || value === '') return value;
    if (typeof value === 'string' && value.trim().length >= SHORTEST_REPEATED && /\p{L}/u.test(value)) this.#dropped.add(value);
    this.#drops[DROPPED_FIELD.kind] = (this.#drops[DROPPED_FIELD.kind] ?? 0) + 1;
    return DROPPED_FIELD.marker;
  }

  /** The dropped texts wherever another text repeats them, longest first. */
  #withoutDropped(value: unknown): unknown {
    if (typeof value === 'string') {
      let text = value;
      for (const dropped of [...this.#dropped].sort((a, b) => b.length - a.length)) {
        if (text === DROPPED_FIELD.marker || !text.includes(dropped)) continue;
        const parts = text.split(dropped);
        // Each repeat is counted like the field it came from, so the summary matches the markers.
        this.#drops[DROPPED_FIELD.kind] = (this.#drops[DROPPED_FIELD.kind] ?? 0) + parts.length - 1;
        text = parts.join(DROPPED_FIELD.marker);
      }
      return text;
    }
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => this.#withoutDropped(item));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.#withoutDropped(item)]));
  }
}

/** `"Name": value` in JSON text: a quoted text or a bare number, true, false or null. */
const JSON_PAIR = /"((?:[^"\\]|\\.)*)"(\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)/g;

/** A body kept as text (an answer cut at the log's limit, or not JSON at all): the same rules, by quoted names. */
function filteredText(text: string, allowed: Allowed, drops: DropCounts): string {
  if (allowed.kind !== 'any' && text.includes('"')) {
    const names = namesIn(allowed);
    text = text.replace(JSON_PAIR, (pair, key: string, colon: string, value: string) => {
      if (names.has(key) || value === 'null' || value === '""') return pair;
      drops[DROPPED_FIELD.kind] = (drops[DROPPED_FIELD.kind] ?? 0) + 1;
      return `"${key}"${colon}"${DROPPED_FIELD.marker}"`;
    });
  }
  return personalDataByShape(text, drops);
}

/** A body that may be JSON text: filtered as a value when it parses, as text when it does not. */
function filteredBody(body: unknown, allowed: Allowed, drops: DropCounts, pretty: boolean): unknown {
  if (typeof body !== 'string') return new BodyFilter(drops).value(body, allowed);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return filteredText(body, allowed, drops);
  }
  if (parsed === null || typeof parsed !== 'object') return filteredText(body, allowed, drops);
  return JSON.stringify(new BodyFilter(drops).value(parsed, allowed), null, pretty ? 2 : undefined);
}

/**
 * A request-log entry (stored, or as the bundle shows it) with only SPIn's fields of its
 * endpoint, request and answer alike, and personal data masked by shape in the texts left. The
 * counts of what was dropped, by kind, are added to `drops`. The same entry comes back when
 * nothing was dropped or masked.
 */
export function withAllowedFields<T extends { endpoint: string; request: unknown; response: string; message?: string }>(
  entry: T,
  drops: DropCounts = {},
): T {
  const before = totalOf(drops);
  const request = filteredBody(entry.request, allowedFor(entry.endpoint, 'request'), drops, true);
  const response = filteredBody(entry.response, allowedFor(entry.endpoint, 'response'), drops, true) as string;
  const message = entry.message === undefined ? undefined : personalDataByShape(entry.message, drops);
  if (totalOf(drops) === before) return entry;
  return { ...entry, request, response, ...(message === undefined ? {} : { message }) };
}

function totalOf(drops: DropCounts): number {
  return Object.values(drops).reduce((sum, count) => sum + (count ?? 0), 0);
}
