import { describe, expect, it } from 'vitest';
import { journalEntry } from './history-fixtures';
import { amountWords } from './settled-words';

describe("History's amount column", () => {
  it('shows money going back (returns) and cancelled charges (voids) as negative figures', () => {
    expect(amountWords(journalEntry('a'))).toBe('$12.34');
    const refunded = journalEntry('b', { operation: 'Return', amountCents: 300 });
    expect(amountWords({ ...refunded, outcome: { ...refunded.outcome!, approvedCents: 300 } })).toBe('-$3.00');
    // Not answered yet: what was asked, signed the same way.
    expect(amountWords({ ...refunded, state: 'pending', outcome: undefined })).toBe('-$3.00');
    expect(amountWords(journalEntry('c', { operation: 'Void', amountCents: 1234 }))).toBe('-$12.34');
  });

  it('shows a Settle by what it closed, never as the $0.00 it was sent with', () => {
    const settle = journalEntry('s', { operation: 'Settle', amountCents: 0 });
    const outcome = { ...settle.outcome!, settled: { count: 5, totalCents: 850, batches: ['1'] } };
    expect(amountWords({ ...settle, outcome })).toBe('$8.50 · 5 transactions');
    expect(amountWords({ ...settle, outcome: { ...outcome, settled: { count: 1, totalCents: 100, batches: [] } } })).toBe(
      '$1.00 · 1 transaction',
    );
    // Nothing to settle (1020), or a close learned from a lookup: no totals were named.
    expect(amountWords(settle)).toBe('—');
  });
});
