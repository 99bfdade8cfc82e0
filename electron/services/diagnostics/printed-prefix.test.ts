import { describe, expect, it } from 'vitest';
import { TOO_MANY, TOO_MANY_KEY } from '../security/redactor';
import { printedPrefix } from './printed-prefix';

// The request log keeps the first characters of an answer's pretty-printed JSON; printedPrefix
// cuts the parsed answer to about that much, in print order, and never to less.

const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ Number: String(i + 1), ReferenceId: `R${i}`, Amount: i / 100, Voided: false }));

describe('printedPrefix', () => {
  it('keeps a value whole when it prints within the budget', () => {
    const answer = {
      GeneralResponse: { ResultCode: '0' },
      DailyDetails: [{ TransactionsDailyReports: rows(3) }],
      Empty: [],
      Nothing: null,
    };
    expect(printedPrefix(answer, 64 * 1024)).toEqual(answer);
  });

  it('cuts a long answer in print order, whole rows first, and what it keeps prints at least the budget', () => {
    const answer = { GeneralResponse: { ResultCode: '0' }, DailyDetails: [{ TransactionsDailyReports: rows(10_000) }], After: 'x' };
    for (const chars of [100, 4_096, 64 * 1024]) {
      const cut = printedPrefix(answer, chars) as { DailyDetails: [{ TransactionsDailyReports: unknown[] }]; [TOO_MANY_KEY]?: string };
      const printed = JSON.stringify(cut, null, 2);
      expect(printed.length).toBeGreaterThanOrEqual(chars);
      // Far less than the whole answer (~1 MB): a value prints as more than its fewest characters.
      expect(printed.length).toBeLessThan(2 * chars + 1_000);
      const kept = cut.DailyDetails[0].TransactionsDailyReports;
      expect(kept.at(-1)).toBe(TOO_MANY);
      expect(kept.slice(0, -2)).toEqual(rows(kept.length - 2));
      expect(cut[TOO_MANY_KEY]).toBe(TOO_MANY);
    }
  });

  it('leaves what is nested beyond the depth limit to the Redactor, as it is', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100; level += 1) deep = [deep];
    let kept = printedPrefix(deep, 64 * 1024);
    let level = 0;
    while (Array.isArray(kept) && kept.length === 1 && level < 64) {
      kept = kept[0];
      level += 1;
    }
    expect(level).toBe(64);
    expect(Array.isArray(kept)).toBe(true);
  });
});
