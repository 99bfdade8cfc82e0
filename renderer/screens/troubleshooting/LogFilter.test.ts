import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTER, type LogFilterFields } from './request-log.svelte';
import LogFilter from './LogFilter.svelte';

// The request log's filters: a choice applies at once, typing waits for a pause.

afterEach(() => vi.useRealTimers());

function show() {
  const seen: LogFilterFields[] = [];
  render(LogFilter, { filter: { ...EMPTY_FILTER }, onchange: (filter: LogFilterFields) => seen.push({ ...filter }), debounceMs: 250 });
  return seen;
}

describe('request log filters', () => {
  it('offers every endpoint and outcome in words, with "All" first', () => {
    show();
    const outcomes = [...(screen.getByLabelText('Outcome') as HTMLSelectElement).options].map((option) => option.text);
    expect(outcomes).toEqual(['All outcomes', 'OK', 'Terminal said no', 'Service refused', 'No usable answer']);
    const endpoints = [...(screen.getByLabelText('Endpoint') as HTMLSelectElement).options].map((option) => option.text);
    expect(endpoints[0]).toBe('All endpoints');
    expect(endpoints).toContain('Sale');
    expect(endpoints).toContain('Status');
  });

  it('applies a chosen endpoint or outcome at once', async () => {
    const seen = show();
    await fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'terminal' } });
    expect(seen).toEqual([{ endpoint: '', outcome: 'terminal', text: '' }]);
    await fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: 'Sale' } });
    expect(seen.at(-1)).toEqual({ endpoint: 'Sale', outcome: 'terminal', text: '' });
  });

  it('waits for a pause in typing, then applies the last text once; Enter applies at once', async () => {
    vi.useFakeTimers();
    const seen = show();
    const search = screen.getByLabelText('Search');
    for (const text of ['1', '10', '100']) await fireEvent.input(search, { target: { value: text } });
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(seen).toEqual([{ endpoint: '', outcome: '', text: '100' }]);
    await fireEvent.input(search, { target: { value: '1001' } });
    await fireEvent.submit(screen.getByRole('search', { name: 'Filter the request log' }));
    expect(seen.at(-1)).toEqual({ endpoint: '', outcome: '', text: '1001' });
    await vi.advanceTimersByTimeAsync(250);
    // The pending pause was cancelled by Enter: no second call for the same text.
    expect(seen).toHaveLength(2);
  });
});
