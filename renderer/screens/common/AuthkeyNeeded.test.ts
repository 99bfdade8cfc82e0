import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { navigation } from '../../state/navigation.svelte';
import { keyStorage } from '../../state/key-storage.svelte';
import { profileView } from '../../test-support/fixtures';
import { authkeyRequest } from '../terminals/authkey-request.svelte';
import AuthkeyNeeded from './AuthkeyNeeded.svelte';

// The note a screen shows for a terminal without its Authkey: why requests would be refused, and a
// button that opens that terminal's Authkey box on Terminals.

beforeEach(() => {
  keyStorage.storage = null;
  navigation.current = 'sale';
  authkeyRequest.wanted = null;
});

describe('a terminal without its Authkey', () => {
  it('names the terminal and says requests are refused until the key is saved', () => {
    render(AuthkeyNeeded, { profile: profileView({ name: 'Back bar', hasAuthkey: false }) });
    expect(screen.getByText('Back bar needs its Authkey')).toBeTruthy();
    expect(screen.getByText('Requests to this terminal will be refused until its Authkey is saved.')).toBeTruthy();
    expect(screen.queryByText(/forgotten each time it stops/)).toBeNull();
  });

  it('in the browser version, says the key was forgotten when spin-desk stopped', () => {
    keyStorage.storage = { level: 'memory', description: 'Kept in memory only' };
    render(AuthkeyNeeded, { profile: profileView({ hasAuthkey: false }) });
    expect(screen.getByText(/keeps Authkeys in memory only, so they are forgotten each time it stops/)).toBeTruthy();
    expect(screen.queryByText('Requests to this terminal will be refused until its Authkey is saved.')).toBeNull();
  });

  it('"Enter the Authkey" opens Terminals asking for this terminal’s key', async () => {
    render(AuthkeyNeeded, { profile: profileView({ id: 'p7', name: 'Back bar', hasAuthkey: false }) });
    await fireEvent.click(screen.getByRole('button', { name: 'Enter the Authkey for Back bar' }));
    expect(navigation.current).toBe('terminals');
    expect(authkeyRequest.wanted).toBe('p7');
  });
});
