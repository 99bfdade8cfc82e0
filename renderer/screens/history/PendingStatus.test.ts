import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { keyStorage } from '../../state/key-storage.svelte';
import { navigation } from '../../state/navigation.svelte';
import { authkeyRequest } from '../terminals/authkey-request.svelte';
import { journalEntry } from './history-fixtures';
import PendingStatus from './PendingStatus.svelte';

// One status line per pending payment, the first that holds, never two that contradict each other.

const pending = (fields: Parameters<typeof journalEntry>[1] = {}) => journalEntry('p', { state: 'pending', outcome: undefined, ...fields });

beforeEach(() => {
  keyStorage.storage = null;
  authkeyRequest.wanted = null;
  navigation.current = 'history';
});

describe('the status of a pending payment', () => {
  it('shows the lookup running, even for an entry that was blocked before', () => {
    render(PendingStatus, {
      entry: pending({ live: { phase: 'retry-wait', attempt: 3, detail: '' }, blocked: { reason: 'no-authkey', terminalName: 'Patio' } }),
      reconciling: true,
    });
    expect(screen.getByText('Not known yet. Asking the terminal again shortly.')).toBeTruthy();
    expect(screen.queryByText(/has no Authkey/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('without the Authkey, says so and offers to enter it for that terminal', async () => {
    keyStorage.storage = { level: 'memory', description: 'memory' };
    render(PendingStatus, {
      entry: pending({ profileId: 'p9', blocked: { reason: 'no-authkey', terminalName: 'Patio' } }),
      reconciling: false,
    });
    expect(screen.getByText(/terminal Patio has no Authkey \(the browser version forgets Authkeys when it stops\)/)).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Enter the Authkey for Patio' }));
    expect(authkeyRequest.wanted).toBe('p9');
    expect(navigation.current).toBe('terminals');
  });

  it('for a deleted terminal, says it cannot be asked, naming the TPN', () => {
    render(PendingStatus, { entry: pending({ tpn: 'Z8GONE', blocked: { reason: 'no-terminal' } }), reconciling: false });
    expect(
      screen.getByText('Not looked up: its terminal (TPN Z8GONE) was deleted from this computer, so spin-desk cannot ask it.'),
    ).toBeTruthy();
  });

  it('a stopped lookup shows as stopped, not as waiting its turn', () => {
    render(PendingStatus, { entry: pending({ live: { phase: 'stopped', attempt: 1, detail: '' } }), reconciling: true });
    expect(screen.getByText('Stopped looking it up.')).toBeTruthy();
    expect(screen.queryByText(/Waiting its turn/)).toBeNull();
  });

  it('waits its turn while start-up reconciliation runs, and otherwise says nothing looks it up', () => {
    const { unmount } = render(PendingStatus, { entry: pending(), reconciling: true });
    expect(screen.getByText('Waiting its turn: spin-desk is checking what was left open when it last closed.')).toBeTruthy();
    unmount();
    render(PendingStatus, { entry: pending(), reconciling: false });
    expect(screen.getByText('Nothing is looking it up right now.')).toBeTruthy();
  });
});
