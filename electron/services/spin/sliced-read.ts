import type { z } from 'zod';
import { parseLenient } from '@shared/spin/lenient-parse';
import { listSchemaOf, markReadAhead } from '@shared/spin/pre-read';
import type { FieldIssue } from '@shared/spin/validation';

// Reads the lists of a parsed answer ahead of the whole-answer parse, SLICE entries at a time, and
// lets the event loop run whenever a stretch of reading has taken TURN_MS: zod cannot be paused
// inside one parse, and 50,000 rows that all need it (rows of the wrong kind, amounts as text)
// held the host for 0.3 to 3 s in one piece. Each slice is read leniently on its own, with the
// list's own schema (shared/spin/pre-read.ts), so the rows, the fields left out and their notes
// are those of reading the list whole; the lists come back marked, and the whole-answer parse
// then takes them as they are. The answer itself is never changed: containers on the way to a
// list read ahead are copied (the request log keeps the answer as it came).

/** Entries read in one go: about 1 to 15 ms of zod, whatever the rows hold (the caps bound a row). */
const SLICE = 1_000;
/** How long reading may hold the event loop before it lets others run. */
const TURN_MS = 15;

export interface SlicedRead {
  /** The answer with every list of the schema replaced by its read (and marked) copy. */
  value: unknown;
  /** Fields and entries left out while reading the lists, at their place in the whole answer. */
  ignored: FieldIssue[];
}

/** Reads ahead every list `schema` marks as preReadable in `value` (the answer as parsed from JSON). */
export async function readListsInSlices(schema: z.ZodType, value: unknown): Promise<SlicedRead> {
  const ignored: FieldIssue[] = [];
  let turnStarted = performance.now();
  const pause = async () => {
    if (performance.now() - turnStarted < TURN_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    turnStarted = performance.now();
  };

  /** `value` read against `schema`; the same object when there is no list in it to read. */
  async function walk(schema: z.ZodType, value: unknown, path: readonly (string | number)[]): Promise<unknown> {
    if (value === null || typeof value !== 'object') return value;
    const list = listSchemaOf(schema);
    if (list) return Array.isArray(value) ? readList(list, value, path) : value;
    if (!holdsList(schema)) return value;
    const def = defOf(schema);
    const inner = innerSchemaOf(def);
    if (inner) return walk(inner, value, path);
    return def.type === 'object' ? walkObject(def.shape!, value as Record<string, unknown>, path) : value;
  }

  async function walkObject(shape: Record<string, z.ZodType>, record: Record<string, unknown>, path: readonly (string | number)[]) {
    if (Array.isArray(record)) return record;
    let copy: Record<string, unknown> | undefined;
    for (const [key, field] of Object.entries(shape)) {
      if (!Object.hasOwn(record, key)) continue;
      const read = await walk(field, record[key], [...path, key]);
      if (read === record[key]) continue;
      copy ??= { ...record };
      copy[key] = read;
    }
    return copy ?? record;
  }

  /** Lists inside the entries first (each entry against the item schema), then the list in slices. */
  async function readList(list: z.ZodType, items: unknown[], path: readonly (string | number)[]): Promise<unknown> {
    const item = itemSchemaOf(list);
    const inner = item && holdsList(item) ? await readEntries(item, items, path) : items;
    const rows: unknown[] = [];
    for (let start = 0; start < inner.length; start += SLICE) {
      const result = parseLenient(list, inner.slice(start, start + SLICE));
      // A slice that cannot be read even leniently: the whole-answer parse reads the list as before.
      if (!result.success) return items;
      for (const note of result.ignored) ignored.push({ ...note, path: placed(path, start, note.path) });
      const read = result.data as unknown[];
      for (let index = 0; index < read.length; index += 1) rows.push(read[index]);
      await pause();
    }
    markReadAhead(rows);
    return rows;
  }

  async function readEntries(item: z.ZodType, items: unknown[], path: readonly (string | number)[]): Promise<unknown[]> {
    let copy: unknown[] | undefined;
    for (let index = 0; index < items.length; index += 1) {
      const read = await walk(item, items[index], [...path, index]);
      if (read === items[index]) continue;
      copy ??= [...items];
      copy[index] = read;
    }
    return copy ?? items;
  }

  return { value: await walk(schema, value, []), ignored };
}

/** The schema a schema reads its value with, one step in (wrappers, z.preprocess), or undefined. */
function innerSchemaOf(def: SchemaDef): z.ZodType | undefined {
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return def.innerType;
    case 'pipe':
      // z.preprocess is a pipe whose `in` is the function: the value reaches `out` (only
      // GeneralResponse moves, and never into a list).
      return defOf(def.in!).type === 'transform' ? def.out : def.in;
    default:
      return undefined;
  }
}

const holding = new WeakMap<z.ZodType, boolean>();

/** Whether a value read by `schema` can hold a list to read ahead (so its entries are worth walking). */
function holdsList(schema: z.ZodType): boolean {
  const known = holding.get(schema);
  if (known !== undefined) return known;
  const def = defOf(schema);
  const inner = innerSchemaOf(def);
  const holds =
    listSchemaOf(schema) !== undefined ||
    (inner !== undefined && holdsList(inner)) ||
    (def.type === 'object' && Object.values(def.shape!).some(holdsList));
  holding.set(schema, holds);
  return holds;
}

/**
 * A zod schema's definition through zod 4's public `.def` (also read by diagnostics/allowed-fields.ts),
 * typed as the few fields read here: `type` and the schemas it holds.
 */
export function defOf(schema: z.ZodType): SchemaDef {
  return schema.def as SchemaDef;
}

export interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
}

/** The schema of one entry of a list schema, when it is a plain z.array (readyRows keeps its rows to itself). */
function itemSchemaOf(list: z.ZodType): z.ZodType | undefined {
  const def = defOf(list);
  return def.type === 'array' ? def.element : undefined;
}

/** A note's path within a slice ("17.Amount") placed in the whole answer ("DailyDetails.0.TransactionsDailyReports.1017.Amount"). */
function placed(path: readonly (string | number)[], start: number, notePath: string): string {
  const dot = notePath.indexOf('.');
  const index = Number(dot < 0 ? notePath : notePath.slice(0, dot)) + start;
  const rest = dot < 0 ? '' : notePath.slice(dot);
  return [...path, `${index}${rest}`].join('.');
}
