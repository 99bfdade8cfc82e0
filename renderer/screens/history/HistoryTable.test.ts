import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { journalEntry } from './history-fixtures';
import HistoryTable from './HistoryTable.svelte';

const approved = { at: '2026-01-31T10:00:02.000Z', statusCode: '0000', message: 'Approved' };

describe("History's list: one money model", () => {
  it('shows a sale and its tip adjustment as the terminal charged them, and money back as negative', () => {
    const entries = [
      // The tip adjustment's answer is the adjusted sale: Amount 15.84 with the $3.50 tip in it.
      journalEntry('t', {
        operation: 'TipAdjust',
        referenceId: 'SALE1',
        amountCents: 1434,
        tipCents: 350,
        outcome: { ...approved, approvedCents: 1584, answeredTipCents: 350, totalCents: 1584 },
      }),
      journalEntry('s', {
        referenceId: 'SALE1',
        tipCents: 200,
        outcome: { ...approved, approvedCents: 1434, answeredTipCents: 200, totalCents: 1434 },
      }),
      journalEntry('r', { operation: 'Return', referenceId: 'RET1', amountCents: 500, outcome: { ...approved, approvedCents: 500 } }),
    ];
    render(HistoryTable, { entries, selectedId: null, onopen: () => {} });
    const amountOf = (name: RegExp) => screen.getByRole('row', { name }).querySelector('td.num')?.textContent?.replace(/\s+/g, ' ').trim();
    expect(amountOf(/Tip adjust SALE1/)).toBe('$15.84 $12.34 + $3.50 tip');
    expect(amountOf(/Sale SALE1/)).toBe('$14.34 $12.34 + $2.00 tip');
    expect(amountOf(/Return RET1/)).toBe('-$5.00');
  });
});
