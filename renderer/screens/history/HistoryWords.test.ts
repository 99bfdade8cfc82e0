// Issue 25, item 9: History names operations as the menu does, never by their wire name.
import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import HistoryDetail from './HistoryDetail.svelte';
import HistoryTable from './HistoryTable.svelte';
import { journalEntry } from './history-fixtures';

const tipAdjust = journalEntry('t9', { operation: 'TipAdjust', referenceId: 'SDTIP9' });

describe('History operation names', () => {
  it('lists and opens a tip adjustment as "Tip adjust", not "TipAdjust"', () => {
    render(HistoryTable, { entries: [tipAdjust], selectedId: null, onopen: vi.fn() });
    expect(screen.getByRole('cell', { name: 'Tip adjust' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Details of Tip adjust SDTIP9' })).toBeTruthy();
    document.body.innerHTML = '';
    render(HistoryDetail, { entry: tipAdjust, onclose: vi.fn() });
    const detail = screen.getByRole('region', { name: 'Tip adjust SDTIP9' });
    expect(within(detail).getByText('Operation').nextElementSibling?.textContent).toBe('Tip adjust');
    expect(detail.textContent).not.toContain('TipAdjust');
  });
});
