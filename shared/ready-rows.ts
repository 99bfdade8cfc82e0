import { z } from 'zod';

// Long lists of flat records (a Daily report's 10,000 transactions) cost zod a parse of every row,
// and the first such parse after start runs in V8's slow tiers (tens of ms). Most rows need no
// parse: they already have the right types. readyRows lets a plain check vouch for those.

/**
 * z.array(row) for a long list: an item that `ready` accepts is kept as it is, and zod reads only
 * the others, so the result and the issues (each at its row's index) are those of z.array(row)
 * as long as `ready` accepts only items `row` would return unchanged.
 */
export function readyRows<R extends z.ZodType>(row: R, ready: (item: unknown) => boolean, params?: z.core.$ZodArrayParams) {
  return z.array(z.unknown(), params).transform((items, ctx) => {
    const rows = new Array<z.output<R>>(items.length);
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index];
      if (ready(item)) {
        rows[index] = item as z.output<R>;
        continue;
      }
      const result = row.safeParse(item);
      if (result.success) rows[index] = result.data;
      // zod's own issue, already worded, moved under the row's index.
      else
        for (const issue of result.error.issues) ctx.issues.push({ ...issue, path: [index, ...issue.path] } as (typeof ctx.issues)[number]);
    }
    return rows;
  });
}
