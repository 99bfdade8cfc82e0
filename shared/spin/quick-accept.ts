// A quick yes for well-formed requests, compiled from the shared zod schemas themselves, so the
// rules stay written once (shared/spin). zod's safeParse is the simulator's largest cost per
// Status after the socket write, and a visible part of the SPIn client's own share of a round
// trip; most requests are well-formed, and for those it only confirms. Both sides use it, and so
// does the check of a Daily report's rows going to the page (shared/ipc/report-views.ts).
//
// The compiled check answers "certainly valid, and zod would return the same value" or "ask zod".
// It knows the few constructs the request schemas are made of (strict or plain objects, optional/nullable,
// strings with length and pattern rules, whole numbers in a range, enums, booleans, refinements
// on an object); anything else (records, unions, defaults, transforms, another check kind) is
// "ask zod", and so is every rule a value breaks. Bad input therefore always gets zod's message.
import type { z } from 'zod';

type Check = (value: unknown) => boolean;

/** "Ask zod": the construct is not one this file knows. */
const ASK: Check = () => false;

interface Def {
  type: string;
  format?: string;
  checks?: readonly { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  entries?: Record<string, unknown>;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  fn?: (value: never) => unknown;
  when?: unknown;
}

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/** One rule of a string, number or object; null when it is not one this file knows. */
function rule(def: CheckDef): Check | null {
  switch (def.check) {
    case 'min_length':
      return (v) => (v as string).length >= def.minimum!;
    case 'max_length':
      return (v) => (v as string).length <= def.maximum!;
    case 'length_equals':
      return (v) => (v as string).length === def.length;
    case 'string_format':
      if (def.format !== 'regex' || !def.pattern) return null;
      return (v) => {
        def.pattern!.lastIndex = 0;
        return def.pattern!.test(v as string);
      };
    case 'greater_than':
      return def.inclusive ? (v) => (v as number) >= def.value! : (v) => (v as number) > def.value!;
    case 'number_format':
      // z.number().int() (z.int() carries the same format on the number itself).
      return def.format === 'safeint' ? (v) => Number.isSafeInteger(v) : null;
    case 'less_than':
      return def.inclusive ? (v) => (v as number) <= def.value! : (v) => (v as number) < def.value!;
    case 'custom':
      // A refinement (e.g. "ReferenceId or TransactionNumber"): the schema's own function decides.
      if (def.when !== undefined || typeof def.fn !== 'function') return null;
      return (v) => def.fn!(v as never) === true;
    default:
      return null;
  }
}

/** The type test, then every rule; any unknown rule makes the whole node "ask zod". */
function withRules(def: Def, isType: Check): Check {
  const rules: Check[] = [];
  for (const check of def.checks ?? []) {
    const compiled = rule(check._zod.def);
    if (!compiled) return ASK;
    rules.push(compiled);
  }
  if (rules.length === 0) return isType;
  return (v) => {
    if (!isType(v)) return false;
    for (const r of rules) if (!r(v)) return false;
    return true;
  };
}

function object(def: Def): Check {
  // Strict objects and plain (stripping) ones: a value with only the shape's keys is returned
  // as it is by both, and any other key is left to zod (which refuses or strips it). An object with
  // another catchall (looseObject's unknown, a record-like schema) is not one this file knows.
  if (!def.shape || (def.catchall && defOf(def.catchall).type !== 'never')) return ASK;
  const fields = new Map(Object.entries(def.shape).map(([key, schema]) => [key, compile(schema)]));
  // Only the keys a request carries are checked; a field that may not be left out must be among them.
  const required = new Set([...fields].filter(([, check]) => !check(undefined)).map(([key]) => key));
  const isObject: Check = (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    let requiredSeen = 0;
    for (const key in v) {
      const check = fields.get(key);
      if (check === undefined || !check((v as Record<string, unknown>)[key])) return false;
      if (required.has(key)) requiredSeen += 1;
    }
    return requiredSeen === required.size;
  };
  return withRules(def, isObject);
}

function compile(schema: z.core.$ZodType): Check {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return object(def);
    case 'optional': {
      const inner = compile(def.innerType!);
      return (v) => v === undefined || inner(v);
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return (v) => v === null || inner(v);
    }
    case 'string':
      return withRules(def, (v) => typeof v === 'string');
    case 'number':
      // z.int() is the "safeint" format; a plain z.number() still refuses NaN and Infinity.
      if (def.format !== undefined && def.format !== 'safeint') return ASK;
      return withRules(def, def.format === 'safeint' ? (v) => Number.isSafeInteger(v) : (v) => Number.isFinite(v));
    case 'boolean':
      return withRules(def, (v) => typeof v === 'boolean');
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return withRules(def, (v) => values.has(v));
    }
    default:
      return ASK;
  }
}

const compiled = new WeakMap<z.core.$ZodType, Check>();

/**
 * True when `schema` certainly accepts `value` and its parse would return an equal value, so the
 * value can be used as it is; false means "run zod" (which then gives the field and rule).
 */
export function quickAccept(schema: z.core.$ZodType, value: unknown): boolean {
  let check = compiled.get(schema);
  if (!check) {
    check = compile(schema);
    compiled.set(schema, check);
  }
  return check(value);
}
