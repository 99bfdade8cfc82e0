import { describe, expect, it } from 'vitest';
import { doublingDelayMs } from './backoff';

describe('doublingDelayMs', () => {
  it('starts at the first wait, doubles with each attempt and stops at the ceiling', () => {
    expect([0, 1, 2, 3, 4, 5].map((attempt) => doublingDelayMs({ startMs: 1_000, maxMs: 5_000 }, attempt))).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000, 5_000,
    ]);
  });

  it('stays at the ceiling however many attempts were made (no overflow to Infinity or NaN)', () => {
    expect(doublingDelayMs({ startMs: 10_000, maxMs: 60_000 }, 5_000)).toBe(60_000);
    expect(doublingDelayMs({ startMs: 10_000, maxMs: 60_000 }, Number.MAX_SAFE_INTEGER)).toBe(60_000);
  });
});
