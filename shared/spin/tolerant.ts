import { z } from 'zod';
import { readyRows } from '../ready-rows';
import { preReadable } from './pre-read';
import { withRules } from './rules';

// Builders for response fields. A response is a record of what the terminal already did, so
// the parser bends where real servers are known to vary (numbers as strings, strings as numbers,
// null for "nothing", unknown extra fields) and only fails on data no reading can make sense of.
// Every data field is optional and nullable; only GeneralResponse is required.

const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** "12.50" -> 12.5, "" -> null; anything else passes through for the number check to judge. */
export function numberish(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  return NUMERIC.test(value) ? Number(value) : value;
}

/** Numbers and booleans become their text: servers send TransactionNumber as 12 or "12". */
function stringish(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

/** Spellings of a flag seen in integrators' types (docs/PROTOCOL.md §3.5: Voided as 0/1 or "N"/"Y"). */
const TRUE_WORDS = new Set(['true', 'y', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'n', 'no', '0']);

function booleanish(value: unknown): unknown {
  if (value === 0 || value === 1) return value === 1;
  if (typeof value !== 'string') return value;
  const lowered = value.trim().toLowerCase();
  return TRUE_WORDS.has(lowered) ? true : FALSE_WORDS.has(lowered) ? false : value;
}

export const looseNumber = () => z.preprocess(numberish, z.number(withRules).nullable()).optional();

export const looseString = () => z.preprocess(stringish, z.string(withRules).nullable()).optional();

export const looseBoolean = () => z.preprocess(booleanish, z.boolean(withRules).nullable()).optional();

/** A nested object in a response: unknown keys kept, the object itself may be null or absent. */
export function looseRecord<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.looseObject(shape, withRules);
}

export const looseNested = <T extends z.core.$ZodLooseShape>(shape: T) => looseRecord(shape).nullable().optional();

/** A list in a response; null and absent both mean "none". It can be read ahead in slices (pre-read.ts). */
export const looseList = <T extends z.ZodType>(item: T) => preReadable(z.array(item, withRules)).nullable().optional();

/** Flat name -> text maps (validation-error objects); numbers are turned into text. */
export const looseStringMap = () =>
  z
    .record(z.string(), z.preprocess(stringish, z.string(withRules).nullable()), withRules)
    .nullable()
    .optional();

/** The kinds of field a flat row (looseRows) may have. */
type RowField = 'text' | 'number';

/**
 * A long list of flat records, such as a Daily report's 10,000 transactions, read with the same
 * rules as looseList(looseRecord(...)) but faster: a row whose fields already have their type
 * (text or null, a finite number or null, or absent) is kept as it is, and zod reads only the
 * others, so a row that needs coercion or breaks a rule gives the same value and the same issue,
 * at the same path, as before (lenient-parse.ts leaves out just that field).
 */
export function looseRows<const T extends Record<string, RowField>>(fields: T) {
  const shape = Object.fromEntries(Object.entries(fields).map(([key, kind]) => [key, kind === 'text' ? looseString() : looseNumber()])) as {
    [K in keyof T]: T[K] extends 'text' ? ReturnType<typeof looseString> : ReturnType<typeof looseNumber>;
  };
  const row = looseRecord(shape);
  // Names and kinds in two plain lists read by index: this check runs once per row of a 10,000-row
  // answer, the first time before V8 has optimised it, where for...of with destructuring costs an
  // iterator step and an array per field.
  const keys = Object.keys(fields);
  const texts = keys.map((key) => fields[key] === 'text');
  const alreadyTyped = (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    for (let index = 0; index < keys.length; index += 1) {
      const field = (value as Record<string, unknown>)[keys[index]!];
      if (field === undefined || field === null) continue;
      if (texts[index] ? typeof field !== 'string' : typeof field !== 'number' || !Number.isFinite(field)) return false;
    }
    return true;
  };
  return preReadable(readyRows(row, alreadyTyped, withRules))
    .nullable()
    .optional();
}
