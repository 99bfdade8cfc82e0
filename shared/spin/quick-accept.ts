import { z } from 'zod';

// A quick "certainly valid as it is" for the rows of a long list (a Daily report's 10,000 rows in
// the contract's output check, shared/ipc/report-views.ts), compiled from the row's own zod schema
// so the rules stay written once. The first time after a start, zod alone reads such a list
// several times slower than this check with zod for the rest (bench/daily-read.ts), a share of
// Daily's 300 ms open. Requests are read by zod alone: a Sale's own overhead is within its budget
// without this (BENCHMARKS.md, "Issue 40").
//
// It reads zod 4's public API only: `instanceof` on the schema classes, `.shape`, `.unwrap()`,
// `.options`, the public `.def.checks` and `.def.catchall`, and the getters `minLength`,
// `maxLength`, `format` and `isInt`. It knows plain and strict objects without refinements,
// optional/nullable, strings with length rules, numbers (whole or not, without bounds), booleans
// and enums; anything else, and every rule a value breaks, is "ask zod", so bad input always gets
// zod's own message and a construct it does not know makes it slower, never wrong.

type Check = (value: unknown) => boolean;

/** "Ask zod": the construct is not one this file knows. */
const ASK: Check = () => false;

/** Only these rules are known, each read back through the schema's public getters. */
const LENGTH_RULES = [z.core.$ZodCheckMinLength, z.core.$ZodCheckMaxLength, z.core.$ZodCheckLengthEquals];

function onlyRules(schema: z.ZodType, known: readonly (abstract new (...args: never[]) => unknown)[]): boolean {
  return (schema.def.checks ?? []).every((rule) => known.some((kind) => rule instanceof kind));
}

function string(schema: z.ZodString): Check {
  if (schema.format !== null || !onlyRules(schema, LENGTH_RULES)) return ASK;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  return (v) => typeof v === 'string' && v.length >= min && v.length <= max;
}

function number(schema: z.ZodNumber): Check {
  // z.int() and z.number().int() carry the "safeint" format; a plain z.number() still refuses NaN and Infinity.
  if ((schema.format !== null && schema.format !== 'safeint') || !onlyRules(schema, [z.core.$ZodCheckNumberFormat])) return ASK;
  return schema.isInt ? (v) => Number.isSafeInteger(v) : (v) => Number.isFinite(v);
}

function object(schema: z.ZodObject): Check {
  // Strict objects and plain (stripping) ones: a value with only the shape's keys is returned as
  // it is by both, and any other key is left to zod (which refuses or strips it). Another catchall
  // (looseObject's unknown) or a refinement is not one this file knows.
  const { catchall } = schema.def;
  if ((catchall && !(catchall instanceof z.ZodNever)) || (schema.def.checks ?? []).length > 0) return ASK;
  const fields = new Map(Object.entries(schema.shape).map(([key, field]) => [key, compile(field)]));
  // Only the keys a value carries are checked; a field that may not be left out must be among them.
  const required = new Set([...fields].filter(([, check]) => !check(undefined)).map(([key]) => key));
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    let requiredSeen = 0;
    for (const key in v) {
      const check = fields.get(key);
      if (check === undefined || !check((v as Record<string, unknown>)[key])) return false;
      if (required.has(key)) requiredSeen += 1;
    }
    return requiredSeen === required.size;
  };
}

function compile(schema: z.core.$ZodType): Check {
  if (schema instanceof z.ZodObject) return object(schema);
  if (schema instanceof z.ZodOptional) {
    const inner = compile(schema.unwrap());
    return (v) => v === undefined || inner(v);
  }
  if (schema instanceof z.ZodNullable) {
    const inner = compile(schema.unwrap());
    return (v) => v === null || inner(v);
  }
  if (schema instanceof z.ZodString) return string(schema);
  if (schema instanceof z.ZodNumber) return number(schema);
  if (schema instanceof z.ZodBoolean) return onlyRules(schema, []) ? (v) => typeof v === 'boolean' : ASK;
  if (schema instanceof z.ZodEnum) {
    const values = new Set<unknown>(schema.options);
    return onlyRules(schema, []) ? (v) => values.has(v) : ASK;
  }
  return ASK;
}

const compiled = new WeakMap<z.core.$ZodType, Check>();

/**
 * The check quickAccept runs for `schema`, compiled once: for a long list, take it once and run
 * it per entry rather than looking it up per entry.
 */
export function quickCheckOf(schema: z.core.$ZodType): Check {
  let check = compiled.get(schema);
  if (!check) {
    check = compile(schema);
    compiled.set(schema, check);
  }
  return check;
}

/**
 * True when `schema` certainly accepts `value` and its parse would return an equal value, so the
 * value can be used as it is; false means "run zod" (which then gives the field and rule).
 */
export function quickAccept(schema: z.core.$ZodType, value: unknown): boolean {
  return quickCheckOf(schema)(value);
}
