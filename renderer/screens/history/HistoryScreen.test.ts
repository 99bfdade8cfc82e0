import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalEntryView, JournalPending } from '@shared/ipc/journal-views';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { profileView } from '../../test-support/fixtures';
import { profiles } from '../../state/profiles.svelte';
import { toasts } from '../../state/toasts.svelte';
import { history } from './history.svelte';
import { pendingLookups, PENDING_POLL_MS } from './history-pending.svelte';
import HistoryScreen from './HistoryScreen.svelte';
import { clearHistory, journalEntry, journalPage } from './history-fixtures';

const approved = journalEntry('a1', {
  outcome: {
    ...journalEntry('a1').outcome!,
    recovery: { how: 'status-lookup', reason: 'the connection dropped before the answer arrived' },
  },
});
const declined = journalEntry('d1', {
  amountCents: 1015,
  state: 'declined',
  outcome: { at: '2026-01-31T10:01:00.000Z', statusCode: '1015', message: 'Declined' },
});
const lost = journalEntry('p1', { state: 'pending', outcome: undefined, unknownReason: 'no answer arrived in time' });
const noPending: JournalPending = { entries: [], total: 0, warnings: [], warningCount: 0, reconciling: false };

beforeEach(() => {
  // Both stores live at module level (they survive leaving the screen); each test starts afresh.
  clearHistory();
  pendingLookups.entries = [];
  pendingLookups.warnings = [];
  pendingLookups.news = null;
  profiles.apply({ profiles: [profileView()], activeId: 'p1' });
});

afterEach(() => vi.useRealTimers());

describe('History screen', () => {
  it('lists the journal newest first in plain words, and pages with Load more', async () => {
    const calls = installFakeTransport({
      'journal:list': ({ offset }) =>
        offset
          ? journalPage([declined, journalEntry('x9')], { offset: 2, total: 4 })
          : journalPage([approved, declined], { total: 4, nextOffset: 2 }),
      'journal:pending': () => noPending,
    });
    render(HistoryScreen);
    await screen.findByText('Showing 2 of 4 entries.');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Approved — recovered after the connection dropped');
    expect(rows[0]?.textContent).toContain('Visa •••• 0119');
    expect(rows[0]?.textContent).toContain('Front counter');
    expect(rows[1]?.textContent).toContain('Declined — no money moved');

    await fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    // The declined entry came again (a new one shifted the pages): it is listed once.
    await screen.findByText('Showing 3 of 4 entries.');
    expect(callsTo(calls, 'journal:list').map((call) => call.input)).toEqual([
      { offset: 0, limit: 50 },
      { offset: 2, limit: 50 },
    ]);
  });

  it('searches with the filter, shows main’s field errors at the field, and exports what it found', async () => {
    // Export is a download main streams from the journal (GET /download/journal.csv), never one answer holding every row.
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.getAttribute('download') ?? 'none' });
    });
    const calls = installFakeTransport({
      'journal:list': (input) =>
        input.referenceId === 'zz'
          ? { error: { code: 'BAD_INPUT', message: 'Bad filter', fields: [{ path: 'referenceId', message: 'is not allowed here' }] } }
          : journalPage([declined]),
      'journal:pending': () => noPending,
    });
    render(HistoryScreen);
    await screen.findByText('Showing 1 of 1 entry.');
    await fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'declined' } });
    await screen.findByText('Showing 1 of 1 entry matching the filters.');
    await fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: `/download/journal.csv?filter=${encodeURIComponent('{"state":"declined"}')}`, download: '' }]),
    );
    expect(callsTo(calls, 'journal:exportCsv')).toEqual([]);
    expect(toasts.items.map((toast) => toast.message)).toContain('The CSV of 1 entry is being downloaded.');
    click.mockRestore();

    await fireEvent.input(screen.getByLabelText('Reference contains'), { target: { value: 'zz' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByLabelText('Reference contains').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('history-reference-error')?.textContent).toBe('Is not allowed here');
  });

  it('a search too broad to count says so instead of a total, and the last page says how many there were', async () => {
    installFakeTransport({
      'journal:list': ({ offset }) =>
        offset
          ? journalPage([journalEntry('b3')], { offset: 2, total: 3, totalExact: false })
          : journalPage([approved, declined], { total: 3, totalExact: false, nextOffset: 2 }),
      'journal:pending': () => noPending,
    });
    // Coming back to the screen: the search last applied is read again.
    history.applied = { referenceId: 'SD' };
    history.total = 0;
    render(HistoryScreen);
    const status = await screen.findByText(/^Showing 2 of many entries matching the filters\./);
    expect(status.textContent).toContain('Too many match to count them quickly: a longer part of the reference narrows the search.');
    await fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing 3 entries matching the filters.');
  });

  it('opens an entry with everything the journal holds about it', async () => {
    installFakeTransport({ 'journal:list': () => journalPage([approved]), 'journal:pending': () => noPending });
    render(HistoryScreen);
    await fireEvent.click(await screen.findByRole('button', { name: `Details of Sale ${approved.referenceId}` }));
    const detail = screen.getByRole('region', { name: `Sale ${approved.referenceId}` });
    expect(document.activeElement).toBe(within(detail).getByRole('heading'));
    const text = detail.textContent ?? '';
    for (const fact of [
      'A1B2C3',
      'Visa 4761 •••• 0119',
      'the connection dropped before the answer arrived',
      'Sent again because the terminal was busy',
      '$12.34',
    ])
      expect(text).toContain(fact);
    expect(text).toContain('Front counter (TPN Z8SIM0000001)');
    // The code, the terminal's words and the journal's own ID wait under Details, out of the plain facts.
    const technical = detail.querySelector('details.technical') as HTMLDetailsElement;
    expect(technical.open).toBe(false);
    expect(technical.textContent).toContain(approved.id);
    expect(technical.textContent).toContain(approved.outcome!.statusCode!);
    expect(detail.querySelector(':scope > dl')!.textContent).not.toMatch(new RegExp(`${approved.id}|Code|Resends`));
    await fireEvent.click(within(detail).getByRole('button', { name: 'Close details' }));
    expect(screen.queryByRole('region', { name: `Sale ${approved.referenceId}` })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: `Details of Sale ${approved.referenceId}` })),
    );
  });

  it('shows pending lookups with a countdown, looks one up on request, and stops polling when closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let pending: JournalEntryView[] = [lost];
    const calls = installFakeTransport({
      'journal:list': () => journalPage([...pending, approved]),
      'journal:pending': () => ({
        entries: pending,
        total: pending.length,
        warnings: [{ kind: 'torn-tail', file: 'seg-1-20260131.jsonl', line: 9, message: 'The last line was cut off' }],
        warningCount: 1,
        reconciling: false,
      }),
      'journal:recover': () => {
        pending = [];
        return { ...lost, state: 'not-processed', outcome: { at: '2026-01-31T10:05:00.000Z', statusCode: '1001', message: 'Not found' } };
      },
      'journal:stopRecovery': () => ({ stopped: 1 }),
    });
    const view = render(HistoryScreen);
    // Fake timers: testing-library's findBy would wait on them forever, so time is moved by hand.
    await vi.advanceTimersByTimeAsync(0);
    const banner = screen.getByRole('region', { name: 'Pending lookups (1)' });
    expect(banner.textContent).toContain('Nothing is looking it up right now.');
    expect(screen.getByText(/The last line was cut off/)).toBeTruthy();

    // The main process starts looking: the banner follows within one poll, with a countdown.
    pending = [
      {
        ...lost,
        live: {
          phase: 'retry-wait',
          attempt: 2,
          detail: 'Not found yet',
          until: new Date(Date.now() + PENDING_POLL_MS + 5000).toISOString(),
        },
      },
    ];
    await vi.advanceTimersByTimeAsync(PENDING_POLL_MS);
    expect(within(banner).getByText('Next step in 5 s.')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(1000);
    expect(within(banner).getByText('Next step in 4 s.')).toBeTruthy();
    await fireEvent.click(within(banner).getByRole('button', { name: /Stop/ }));
    expect(callsTo(calls, 'journal:stopRecovery').at(-1)?.input).toEqual({ referenceId: lost.referenceId });

    pending = [lost];
    await vi.advanceTimersByTimeAsync(PENDING_POLL_MS);
    await fireEvent.click(within(banner).getByRole('button', { name: /Look it up now/ }));
    await vi.advanceTimersByTimeAsync(0);
    const news = screen.getAllByRole('status').find((status) => status.textContent?.includes(lost.referenceId));
    expect(news?.textContent).toContain('Not completed — no money moved');
    expect(screen.queryByRole('region', { name: /Pending lookups/ })).toBeNull();

    // Nothing pending: polling stops; and after unmount nothing polls either.
    const polls = callsTo(calls, 'journal:pending').length;
    await vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 3);
    expect(callsTo(calls, 'journal:pending')).toHaveLength(polls);
    pending = [lost];
    pendingLookups.kick();
    await vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 2);
    view.unmount();
    const atUnmount = callsTo(calls, 'journal:pending').length;
    await vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 3);
    expect(callsTo(calls, 'journal:pending')).toHaveLength(atUnmount);
  });

  it('with thousands pending and noted, lists the first page and the first notes and says how many more there are', async () => {
    const page = Array.from({ length: 100 }, (_, i) => journalEntry(`p${i}`, { state: 'pending', outcome: undefined }));
    const notes = Array.from({ length: 5 }, (_, i) => ({
      kind: 'corrupt-line' as const,
      file: 'seg-000001-20261120.jsonl',
      line: i + 1,
      message: `Line ${i + 1} is not valid JSON; it was not imported.`,
    }));
    installFakeTransport({
      'journal:list': () => journalPage([approved]),
      'journal:pending': () => ({ entries: page, total: 10_100, warnings: notes, warningCount: 300_000, reconciling: false }),
    });
    render(HistoryScreen);
    const banner = await screen.findByRole('region', { name: 'Pending lookups (10,100)' });
    expect(within(banner).getAllByRole('listitem')).toHaveLength(100);
    expect(within(banner).getByText('And 10,000 more, looked up in the order they were taken (oldest first).')).toBeTruthy();
    expect(screen.getAllByText(/is not valid JSON; it was not imported/)).toHaveLength(5);
    expect(screen.getByText('And 299,995 more notes like these.')).toBeTruthy();
  });
});
