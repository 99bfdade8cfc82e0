import { z } from 'zod';

// zod reads a list in one go, and a list of 50,000 rows that all need zod (rows of the wrong kind,
// amounts as text) keeps the host busy for half a second or more. So a long list of an answer can
// be read ahead, a slice at a time with the event loop free in between (the SPIn client does it:
// electron/services/spin/sliced-read.ts), and the list it produced is then taken as it is when the
// whole answer is parsed. This file marks the list schemas that can be read ahead and remembers the
// lists that were.

const readAhead = new WeakSet<object>();
const innerOf = new WeakMap<z.ZodType, z.ZodType>();

/**
 * `list` (a z.array or readyRows) that takes a list read ahead by its own schema as it is. Any
 * other value is read by `list`, with the same result and the same issues at the same paths.
 */
export function preReadable<L extends z.ZodType>(list: L) {
  const schema = z.unknown().transform((value, ctx): z.output<L> => {
    if (typeof value === 'object' && value !== null && readAhead.has(value)) return value as z.output<L>;
    const result = list.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.issues.push(issue as (typeof ctx.issues)[number]);
    return z.NEVER;
  });
  innerOf.set(schema, list);
  return schema;
}

/** The list schema inside a preReadable one; undefined for any other schema. */
export function listSchemaOf(schema: z.ZodType): z.ZodType | undefined {
  return innerOf.get(schema);
}

/** Marks a list as read by its own schema already (its items are that schema's output). */
export function markReadAhead(list: unknown[]): void {
  readAhead.add(list);
}
