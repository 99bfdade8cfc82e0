import { describe, expect, it } from 'vitest';
import { loadLocaleMessages } from '@shared/i18n/paraglide/messages/_index.js';
import { AnswerShape, DEFAULT_SHAPE_LIMITS, describeBreach, type ShapeLimits } from './answer-shape';

// The count behind the caps on answers: it must see a JSON text's structure exactly, whatever the
// texts inside it hold and wherever the body is cut into chunks.

const bytes = (text: string) => new TextEncoder().encode(text);

function shapeOf(text: string, limits: Partial<ShapeLimits> = {}, chunk = Infinity): AnswerShape {
  const shape = new AnswerShape({ ...DEFAULT_SHAPE_LIMITS, ...limits });
  const all = bytes(text);
  for (let start = 0; start < all.length; start += Math.min(chunk, all.length)) shape.feed(all.subarray(start, start + chunk));
  return shape;
}

describe('AnswerShape', () => {
  it('counts every value once, containers included, and not the empty ones', () => {
    expect(shapeOf('{"a":[1,2,{"b":[]}],"c":{},"d":"x"}').values).toBe(8);
    expect(shapeOf('0').values).toBe(1);
    expect(shapeOf(' [ ] ').values).toBe(1);
  });

  it('ignores brackets, commas, quotes and backslashes inside texts, in any chunking', () => {
    const text = '{"a":"[{,,}]\\"[","b":["\\\\",",","\\u005b"],"é[":"ü,"}';
    for (const chunk of [1, 2, 3, 7, Infinity]) {
      const shape = shapeOf(text, { rows: 2 }, chunk);
      expect(shape.values, `chunks of ${chunk}`).toBe(7);
      expect(shape.breach(), `chunks of ${chunk}`).toEqual({ kind: 'rows', found: 3, limit: 2 });
    }
  });

  it('names the first cap broken: depth, rows (a list) or members (an object), values, lists and objects, bytes', () => {
    expect(shapeOf('[[[[]]]]', { depth: 3 }).breach()).toEqual({ kind: 'depth', found: 4, limit: 3 });
    expect(shapeOf('{"a":1,"b":2,"c":3}', { rows: 2 }).breach()).toEqual({ kind: 'members', found: 3, limit: 2 });
    expect(shapeOf('[[1],[2],[3]]', { values: 6 }).breach()).toEqual({ kind: 'values', found: 7, limit: 6 });
    expect(shapeOf('[{},{},{}]', { containers: 3 }).breach()).toEqual({ kind: 'containers', found: 4, limit: 3 });
    expect(shapeOf('"0123456789"', { bytes: 10 }).breach()).toEqual({ kind: 'bytes', found: 12, limit: 10 });
    expect(shapeOf('[1,2]', { rows: 2, depth: 1, values: 3, containers: 1, bytes: 5 }).breach()).toBeUndefined();
  });

  it('keeps a bounded state however deep the nesting goes', () => {
    const shape = shapeOf(`${'['.repeat(200_000)}${']'.repeat(200_000)}`, { depth: 32 }, 4096);
    expect(shape.breach()).toEqual({ kind: 'depth', found: 200_000, limit: 32 });
  });

  it('words each breach with the endpoint and both figures', () => {
    expect(describeBreach('Daily', { kind: 'rows', found: 1_000_000, limit: 50_000 })).toBe(
      "The terminal's Daily answer holds 1,000,000 rows in one list; spin-desk reads at most 50,000",
    );
    expect(describeBreach('Status', { kind: 'bytes', found: 9.5 * 1024 * 1024, limit: 8 * 1024 * 1024 })).toBe(
      "The terminal's Status answer is 9.5 MiB; spin-desk reads at most 8 MiB",
    );
  });

  it('words a breach in Spanish when asked for it', async () => {
    await loadLocaleMessages('es-US');
    expect(describeBreach('Daily', { kind: 'rows', found: 1_000_000, limit: 50_000 }, 'es-US')).toBe(
      'La respuesta Daily de la terminal tiene 1,000,000 filas en una lista; spin-desk lee como máximo 50,000',
    );
  });
});
