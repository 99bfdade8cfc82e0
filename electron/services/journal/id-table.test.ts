import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdTable } from './id-table';

describe('IdTable', () => {
  it('finds every row by its id through many growths, and never confuses two ids', () => {
    const table = new IdTable();
    const ids = Array.from({ length: 20_000 }, () => randomUUID());
    // Not the journal's own form: kept apart, found exactly.
    const others = ['a', 'b', 'ENTRY-1', ids[0]?.toUpperCase() as string, `${ids[1]} `];
    for (const [row, id] of [...ids, ...others].entries()) {
      expect(table.get(id)).toBeUndefined();
      table.set(id, row);
    }
    for (const [row, id] of [...ids, ...others].entries()) expect(table.get(id)).toBe(row);
    expect(table.get(randomUUID())).toBeUndefined();
    expect(table.get('c')).toBeUndefined();
    // Ids that share all but one word land in different rows.
    const near = new IdTable();
    near.set('00000000-0000-4000-8000-000000000001', 0);
    near.set('00000000-0000-4000-8000-000000000002', 1);
    near.set('00000001-0000-4000-8000-000000000001', 2);
    expect(
      ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000001-0000-4000-8000-000000000001'].map((id) =>
        near.get(id),
      ),
    ).toEqual([0, 1, 2]);
  });
});
