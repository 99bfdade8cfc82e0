import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../state/toasts.svelte';
import { profiles } from '../../state/profiles.svelte';
import { profileView } from '../../test-support/fixtures';
import { history } from './history.svelte';
import { clearHistory, journalEntry } from './history-fixtures';
import HistoryResults from './HistoryResults.svelte';

// The count line above History's list, its empty states, Load more and Export CSV.

beforeEach(() => {
  clearHistory();
  toasts.clear();
  profiles.apply({ profiles: [profileView()], activeId: 'p1' });
});

afterEach(() => vi.restoreAllMocks());

describe('History’s results', () => {
  it('counts what is shown out of what matched, and the filters', () => {
    history.entries = [journalEntry('a'), journalEntry('b')];
    history.total = 7;
    history.nextOffset = 2;
    history.applied = { referenceId: 'SD' };
    render(HistoryResults);
    expect(screen.getByRole('status').textContent?.trim()).toBe('Showing 2 of 7 entries matching the filters.');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('a search too broad to count says so, and how to narrow it', () => {
    history.entries = [journalEntry('a'), journalEntry('b')];
    history.total = 2;
    history.totalExact = false;
    history.nextOffset = 2;
    render(HistoryResults);
    expect(screen.getByRole('status').textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Showing 2 of many entries. Too many match to count them quickly: a longer part of the reference narrows the search.',
    );
  });

  it('an empty journal and an empty search are told apart, and nothing is exported', () => {
    history.total = 0;
    const { unmount } = render(HistoryResults);
    expect(screen.getByRole('status').textContent?.trim()).toBe('No entries.');
    expect(screen.getByText(/The journal is empty: every payment spin-desk sends is listed here/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    history.applied = { state: 'declined' };
    render(HistoryResults);
    expect(screen.getByRole('status').textContent?.trim()).toBe('No entries matching the filters.');
    expect(screen.getByText('Nothing in the journal matches these filters.')).toBeTruthy();
  });

  it('Export CSV downloads the applied search and says how many entries it holds', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    history.entries = [journalEntry('a')];
    history.total = 1;
    history.applied = { referenceId: 'SDA' };
    render(HistoryResults);
    await fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(clicked).toHaveLength(1);
    expect(new URL(clicked[0]!, 'http://host').searchParams.get('filter')).toBe('{"referenceId":"SDA"}');
    expect(toasts.items.map((toast) => toast.message)).toEqual(['The CSV of 1 entry is being downloaded.']);
  });

  it('says Loading… before the first answer and holds Refresh while loading', () => {
    history.loading = true;
    render(HistoryResults);
    expect(screen.getByRole('status').textContent?.trim()).toBe('Loading…');
    expect((screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
