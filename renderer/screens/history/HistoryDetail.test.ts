import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../../state/navigation.svelte';
import { profiles } from '../../state/profiles.svelte';
import { settlementReprint, storeDayReprint } from '../../state/settlement-reprint.svelte';
import { profileView } from '../../test-support/fixtures';
import { journalEntry } from './history-fixtures';
import HistoryDetail from './HistoryDetail.svelte';

// One journal entry opened on History: its facts, a warning while its outcome is unknown, and for a
// settlement the way to print it again.

const factOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const settle = journalEntry('s', {
  operation: 'Settle',
  referenceId: 'SETTLE1',
  profileId: 'p2',
  amountCents: 0,
  createdAt: '2026-01-31T22:00:00.000Z',
  outcome: {
    at: '2026-01-31T22:00:03.000Z',
    statusCode: '0000',
    message: 'Approved',
    settled: { count: 3, totalCents: 4500, batches: ['12'] },
  },
});

beforeEach(() => {
  profiles.apply({ profiles: [profileView(), profileView({ id: 'p2', name: 'Patio', tpn: 'Z8SIM0000002' })], activeId: 'p1' });
  settlementReprint.wanted = null;
  storeDayReprint.wanted = null;
  navigation.current = 'history';
});

describe('a journal entry’s details', () => {
  it('heads with the operation and reference, lists its facts, and takes the focus', () => {
    render(HistoryDetail, { entry: journalEntry('a', { operation: 'TipAdjust', referenceId: 'TIP1', tipCents: 300 }), onclose: () => {} });
    const heading = screen.getByRole('heading', { name: 'Tip adjust TIP1' });
    expect(document.activeElement).toBe(heading);
    expect(factOf('Outcome')).toBe('Tip adjusted');
    expect(factOf('Terminal')).toBe('Front counter (TPN Z8SIM0000001)');
    expect(screen.queryByText(/Do not take this payment again/)).toBeNull();
    expect(screen.queryByRole('button', { name: /settlement/ })).toBeNull();
  });

  it('a pending entry warns not to take the payment again, with its live progress', () => {
    render(HistoryDetail, {
      entry: journalEntry('p', { state: 'pending', outcome: undefined, live: { phase: 'looking-up', attempt: 1, detail: '' } }),
      onclose: () => {},
    });
    expect(screen.getByText('Do not take this payment again until its outcome is known.')).toBeTruthy();
    expect(screen.getByText('Asking the terminal what happened (Status), without sending the payment again.')).toBeTruthy();
  });

  it('a settlement prints again for the terminal that settled it, and opens that day’s store report', async () => {
    render(HistoryDetail, { entry: settle, onclose: () => {} });
    await fireEvent.click(screen.getByRole('button', { name: 'Print or export this settlement…' }));
    expect(settlementReprint.wanted).toEqual({ tpn: 'Z8SIM0000001', referenceId: 'SETTLE1', profileId: 'p2', terminalName: 'Patio' });
    expect(navigation.current).toBe('batch');
    await fireEvent.click(screen.getByRole('button', { name: 'Store report of that day…' }));
    expect(storeDayReprint.wanted?.toISOString()).toBe('2026-01-31T22:00:00.000Z');
  });

  it('with one terminal there is no store report to offer', () => {
    profiles.apply({ profiles: [profileView({ id: 'p2' })], activeId: 'p2' });
    render(HistoryDetail, { entry: settle, onclose: () => {} });
    expect(screen.getByRole('button', { name: 'Print or export this settlement…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Store report of that day…' })).toBeNull();
  });

  it('Close details closes it', async () => {
    const onclose = vi.fn();
    render(HistoryDetail, { entry: journalEntry('a'), onclose });
    await fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
    expect(onclose).toHaveBeenCalledTimes(1);
  });
});
