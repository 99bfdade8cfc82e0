import { z } from 'zod';
import { quickCheckOf } from './spin/quick-accept';

// Long lists of flat records (a Daily report's 10,000 transactions) cost zod a parse of every row,
// and the first such parse after start runs in V8's slow tiers (tens of ms). Most rows need no
// parse: they already have the right types. readyRows lets a plain check vouch for those.

/**
 * z.array(row) for a long list: an item that `ready` accepts is kept as it is, and zod reads only
 * the others, so the result and the issues (each at its row's index) are those of z.array(row)
 * as long as `ready` accepts only items `row` would return unchanged.
 */
export function readyRows<R extends z.ZodType>(row: R, ready: (item: unknown) => boolean, params?: z.core.$ZodArrayParams) {
  const schema = readyRowsOf(row, ready, params);
  rowOf.set(schema, row);
  return schema;
}

/** Which row schema a readyRows list reads: its transform hides it from whoever walks the schema (the log's field allow-list). */
const rowOf = new WeakMap<z.ZodType, z.ZodType>();
export function rowSchemaOf(schema: z.ZodType): z.ZodType | undefined {
  return rowOf.get(schema);
}

function readyRowsOf<R extends z.ZodType>(row: R, ready: (item: unknown) => boolean, params?: z.core.$ZodArrayParams) {
  // The others are read together by one z.array(row): a failed safeParse builds an Error (with its
  // stack trace), and one per bad row made 5,000 bad rows cost the host 300 ms.
  const others = z.array(row);
  return z.array(z.unknown(), params).transform((items, ctx) => {
    const rows = new Array<z.output<R>>(items.length);
    const unread: unknown[] = [];
    const at: number[] = [];
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index];
      if (ready(item)) rows[index] = item as z.output<R>;
      else {
        unread.push(item);
        at.push(index);
      }
    }
    if (unread.length === 0) return rows;
    const result = others.safeParse(unread);
    if (result.success) for (let i = 0; i < at.length; i += 1) rows[at[i]!] = result.data[i]!;
    // zod's own issue, already worded, moved from its place among the unread to its row's index.
    else
      for (const issue of result.error.issues) {
        const [position, ...rest] = issue.path;
        ctx.issues.push({ ...issue, path: [at[position as number]!, ...rest] } as (typeof ctx.issues)[number]);
      }
    return rows;
  });
}

/**
 * z.array(entry) for one long list of plain values (a column of Daily's rows, report-views.ts):
 * when the check compiled from `entry` itself (quickCheckOf) vouches for every value, the list is
 * kept as it is after one tight loop; otherwise zod reads it whole, so the result and the issues
 * are those of z.array(entry). Cheaper than readyRows where each item is one value: no zod step
 * per item, and a loop V8 makes fast at once even the first time after a start.
 */
export function readyColumn<E extends z.ZodType>(entry: E) {
  const exact = z.array(entry);
  const ready = quickCheckOf(entry);
  return z.unknown().transform((value, ctx): z.output<E>[] => {
    if (Array.isArray(value) && allReady(value, ready)) return value as z.output<E>[];
    const result = exact.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.issues.push(issue as (typeof ctx.issues)[number]);
    return z.NEVER;
  });
}

/** Every index, holes too (every() skips a hole, which z.array reads as undefined). */
function allReady(values: unknown[], ready: (value: unknown) => boolean): boolean {
  for (let index = 0; index < values.length; index += 1) if (!ready(values[index])) return false;
  return true;
}
