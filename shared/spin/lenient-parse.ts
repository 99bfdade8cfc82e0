import type { z } from 'zod';
import * as m from '../i18n/paraglide/messages/_index.js';
import { liftGeneralResponse } from './general-response';
import type { FieldIssue } from './validation';

// An answer is a record of what the terminal already did. Only its GeneralResponse (ResultCode and
// StatusCode) says whether money moved; everything else is detail. So one field of an unexpected
// shape (Receipts as text, MerchantNumber as a name, an object where a string belongs) must not
// make an approved answer unreadable: that field is left out ("not given") and named in a note,
// and the rest of the answer stands. Only a GeneralResponse without a readable ResultCode or
// StatusCode, or a body that is not an object at all, fails the answer.

export type LenientResult<T> = { success: true; data: T; ignored: FieldIssue[] } | { success: false; error: z.ZodError };

/** Enough for every field to fail once; each round only removes fields, so it always ends. */
const MAX_ROUNDS = 4;

/**
 * Parses `body` with `schema`; a field that fails is removed and the body parsed again. A list
 * entry that is not a record at all is removed from its list. Each removal becomes one note
 * ("Receipts must be an object; got text"), worded in the language main speaks as the answer is
 * read: the payment result that shows it is answered at once (docs/ARCHITECTURE.md, "What main words").
 */
export function parseLenient<S extends z.ZodType>(schema: S, body: unknown): LenientResult<z.output<S>> {
  let input = liftGeneralResponse(body);
  const ignored: FieldIssue[] = [];
  for (let round = 0; ; round += 1) {
    const result = schema.safeParse(input);
    if (result.success) return { success: true, data: result.data, ignored };
    const paths = result.error.issues.map((issue) => issue.path);
    if (round === MAX_ROUNDS || paths.some((path) => essential(path))) return { success: false, error: result.error };
    for (const issue of result.error.issues) {
      ignored.push({
        path: issue.path.map(String).join('.'),
        message: m.w_field_left_out({ problem: issue.message, kind: kindOf(valueAt(input, issue.path)) }),
      });
    }
    input = withoutAll(input, paths);
  }
}

/** The parts an answer cannot do without: the body itself, GeneralResponse, ResultCode and StatusCode. */
function essential(path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return true;
  if (path[0] !== 'GeneralResponse') return false;
  return path.length === 1 || path[1] === 'ResultCode' || path[1] === 'StatusCode';
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Where fields are to be left out: a tree of keys, each ending at a field to remove or leading on. */
interface Removal {
  remove: boolean;
  below: Map<string, Removal>;
}

/**
 * A copy of `value` without the fields (and list entries) at `paths`. Only the containers on the
 * paths are copied, each once, however many of its entries go: removing the paths one by one
 * copied a 50,000-row list once per bad row, which froze the host for seconds.
 */
function withoutAll(value: unknown, paths: readonly (readonly PropertyKey[])[]): unknown {
  const root: Removal = { remove: false, below: new Map() };
  for (const path of paths) {
    let node = root;
    for (const key of path) {
      const name = String(key);
      let next = node.below.get(name);
      if (!next) node.below.set(name, (next = { remove: false, below: new Map() }));
      node = next;
    }
    node.remove = true;
  }
  return pruned(value, root);
}

function pruned(value: unknown, removal: Removal): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    for (let index = 0; index < value.length; index += 1) {
      const node = removal.below.get(String(index));
      if (!node) copy.push(value[index]);
      else if (!node.remove) copy.push(pruned(value[index], node));
    }
    return copy;
  }
  const record = value as Record<string, unknown>;
  const copy = { ...record };
  for (const [key, node] of removal.below) {
    if (!Object.hasOwn(record, key)) continue;
    if (node.remove) delete copy[key];
    else copy[key] = pruned(record[key], node);
  }
  return copy;
}

/** What was there instead, in words, never the value itself: it may be card data or a key. */
function kindOf(value: unknown): string {
  if (value === null) return m.w_kind_null();
  if (Array.isArray(value)) return m.w_kind_list();
  switch (typeof value) {
    case 'string':
      return m.w_kind_text();
    case 'number':
      return m.w_kind_number();
    case 'boolean':
      return m.w_kind_true_false();
    case 'object':
      return m.w_kind_object();
    default:
      return m.w_kind_nothing();
  }
}
