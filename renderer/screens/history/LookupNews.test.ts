import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { journalEntry } from './history-fixtures';
import LookupNews from './LookupNews.svelte';

// What came of "Look it up now" or "Stop" on History's pending banner.

describe('news of a lookup', () => {
  it('names the payment found and its outcome, in a status line the user can dismiss', async () => {
    const ondismiss = vi.fn();
    render(LookupNews, { news: { kind: 'found', entry: journalEntry('t', { operation: 'TipAdjust', referenceId: 'TIP1' }) }, ondismiss });
    const status = screen.getByRole('status');
    expect(status.textContent?.replace(/\s+/g, ' ')).toContain('Tip adjust TIP1: Tip adjusted.');
    expect(status.className).toContain('ok');
    await fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(ondismiss).toHaveBeenCalledTimes(1);
  });

  it('a declined payment found is news, not a success', () => {
    const declined = journalEntry('d', {
      state: 'declined',
      outcome: { at: '2026-01-31T10:00:02.000Z', statusCode: '1015', message: 'Declined' },
    });
    render(LookupNews, { news: { kind: 'found', entry: declined }, ondismiss: () => {} });
    expect(screen.getByRole('status').textContent).toContain('Declined — no money moved.');
    expect(screen.getByRole('status').className).toContain('info');
  });

  it('a stopped lookup warns not to take the payment again', () => {
    render(LookupNews, { news: { kind: 'stopped', referenceId: 'SALE9' }, ondismiss: () => {} });
    const status = screen.getByRole('status');
    expect(status.className).toContain('warn');
    expect(status.textContent?.replace(/\s+/g, ' ')).toContain(
      'Stopped looking up SALE9. Its outcome is still unknown: do not take this payment again before it is looked up.',
    );
  });

  it('a failed lookup says why', () => {
    render(LookupNews, { news: { kind: 'problem', referenceId: 'SALE9', message: 'The terminal did not answer.' }, ondismiss: () => {} });
    expect(screen.getByRole('status').textContent?.replace(/\s+/g, ' ')).toContain('Could not look up SALE9: The terminal did not answer.');
  });
});
