import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntryView } from '@shared/ipc/journal-views';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { journalEntry } from './history-fixtures';
import { pendingLookups } from './history-pending.svelte';
import PendingLookups from './PendingLookups.svelte';

// History's banner of payments whose outcome is unknown, and the notes the journal was read with.

const pending = (id: string, fields: Partial<JournalEntryView> = {}) =>
  journalEntry(id, { state: 'pending', outcome: undefined, ...fields });

beforeEach(() => {
  pendingLookups.entries = [];
  pendingLookups.total = 0;
  pendingLookups.warnings = [];
  pendingLookups.warningCount = 0;
  pendingLookups.reconciling = false;
  pendingLookups.asking = new Set();
  pendingLookups.news = null;
  pendingLookups.problem = null;
});

describe('pending lookups', () => {
  it('shows nothing while nothing is pending and the journal read cleanly', () => {
    render(PendingLookups);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('counts every pending payment main knows of, lists the first ones, and says how many more', () => {
    pendingLookups.entries = [pending('a'), pending('b')];
    pendingLookups.total = 1502;
    render(PendingLookups);
    expect(screen.getByRole('heading', { name: 'Pending lookups (1,502)' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('And 1,500 more, looked up in the order they were taken (oldest first).')).toBeTruthy();
    expect(screen.getByText(/These requests were sent, but the answer is not known yet/)).toBeTruthy();
  });

  it('one payment is spoken of in the singular, and a failed poll is said', () => {
    pendingLookups.entries = [pending('a')];
    pendingLookups.total = 1;
    pendingLookups.problem = 'The app is not answering.';
    render(PendingLookups);
    expect(screen.getByText(/This request was sent, .* Do not take it again until the outcome is known\./)).toBeTruthy();
    expect(screen.getByText('The latest progress could not be read: The app is not answering.')).toBeTruthy();
    expect(screen.queryByText(/more, looked up/)).toBeNull();
  });

  it('"Look it up now" asks main by the reference and shows what it found', async () => {
    const lost = pending('a', { referenceId: 'SALE1' });
    pendingLookups.entries = [lost];
    pendingLookups.total = 1;
    const calls = installFakeTransport({
      'journal:recover': () => journalEntry('a', { referenceId: 'SALE1' }),
      'journal:pending': () => ({ entries: [], total: 0, warnings: [], warningCount: 0, reconciling: false }),
    });
    render(PendingLookups);
    await fireEvent.click(screen.getByRole('button', { name: 'Look it up now (SALE1)' }));
    await waitFor(() => expect(screen.getByRole('status').textContent?.replace(/\s+/g, ' ')).toContain('Sale SALE1: Approved.'));
    expect(callsTo(calls, 'journal:recover').map((call) => call.input)).toEqual([{ referenceId: 'SALE1' }]);
    // Resolved: the banner is gone, the news stays until dismissed.
    expect(screen.queryByRole('heading', { name: /Pending lookups/ })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lists the journal’s notes with file and line, and counts the ones not shown', () => {
    pendingLookups.warnings = [
      { kind: 'corrupt-line', message: 'A line is not JSON', file: 'journal-2026-01.jsonl', line: 12 },
      { kind: 'orphan-outcome', message: 'An entry lacks its reference', file: 'journal-2026-02.jsonl' },
    ];
    pendingLookups.warningCount = 3;
    render(PendingLookups);
    expect(screen.getByText('The journal was read with notes')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(items).toEqual(['A line is not JSON (journal-2026-01.jsonl, line 12)', 'An entry lacks its reference (journal-2026-02.jsonl)']);
    expect(screen.getByText('And 1 more note like these.')).toBeTruthy();
  });
});
