import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { JournalEntryView } from '@shared/ipc/journal-views';
import { journalEntry } from './history-fixtures';
import PendingItem from './PendingItem.svelte';

// One payment on History's pending banner: what it was, why its answer was lost, and the one action
// that fits what runs for it now.

function show(entry: JournalEntryView, asking = false) {
  const onrecover = vi.fn();
  const onstop = vi.fn();
  render(PendingItem, { entry, asking, reconciling: false, onrecover, onstop });
  return { onrecover, onstop };
}

const pending = (fields: Partial<JournalEntryView> = {}) =>
  journalEntry('p', { referenceId: 'SALE7', state: 'pending', outcome: undefined, amountCents: 1000, tipCents: 250, ...fields });

describe('a pending payment', () => {
  it('says what it was, for how much with the tip, and why its answer was lost', () => {
    show(pending({ unknownReason: 'no answer arrived in time' }));
    expect(screen.getByRole('listitem').textContent).toContain('Sale SALE7 · $12.50 · started');
    expect(screen.getByText('The answer was lost: no answer arrived in time.')).toBeTruthy();
  });

  it('with nothing running for it, "Look it up now" asks for its reference', async () => {
    const { onrecover, onstop } = show(pending());
    await fireEvent.click(screen.getByRole('button', { name: 'Look it up now (SALE7)' }));
    expect(onrecover).toHaveBeenCalledWith('SALE7');
    expect(onstop).not.toHaveBeenCalled();
  });

  it('while a lookup runs or is asked for, offers Stop instead', async () => {
    const { onstop } = show(pending({ live: { phase: 'looking-up', attempt: 1, detail: '' } }));
    expect(screen.queryByRole('button', { name: /Look it up now/ })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Stop looking up SALE7' }));
    expect(onstop).toHaveBeenCalledWith('SALE7');
  });

  it('a lookup the user just asked for can be stopped before main reports it running', () => {
    show(pending(), true);
    expect(screen.getByRole('button', { name: 'Stop looking up SALE7' })).toBeTruthy();
  });

  it('offers no action while the first send is on its way, nor while the lookup is blocked', () => {
    const { unmount } = render(PendingItem, {
      entry: pending({ live: { phase: 'sending', attempt: 0, detail: '' } }),
      asking: false,
      reconciling: false,
      onrecover: () => {},
      onstop: () => {},
    });
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    show(pending({ blocked: { reason: 'no-terminal' } }));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
