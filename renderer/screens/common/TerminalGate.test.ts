import { fireEvent, render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProfileView } from '@shared/ipc/profile-views';
import { navigation } from '../../state/navigation.svelte';
import { profiles } from '../../state/profiles.svelte';
import { profileView } from '../../test-support/fixtures';
import TerminalGate from './TerminalGate.svelte';

// A screen that talks to a terminal shows itself only once a terminal is picked: loading words,
// then a way to Terminals when there is none, and the Authkey note above it when the key is missing.

const screenBody = createRawSnippet((profile: () => ProfileView) => ({ render: () => `<p>Talking to ${profile().name}</p>` }));

beforeEach(() => {
  profiles.list = [];
  profiles.activeId = null;
  profiles.loaded = false;
  navigation.current = 'sale';
});

describe('the terminal gate', () => {
  it('says it is loading until the terminals are known', () => {
    render(TerminalGate, { purpose: 'send prompts', children: screenBody });
    expect(screen.getByText('Loading terminals…')).toBeTruthy();
    expect(screen.queryByText(/Talking to/)).toBeNull();
  });

  it('without a terminal, says what to do for this screen and opens Terminals', async () => {
    profiles.apply({ profiles: [], activeId: null });
    render(TerminalGate, { purpose: 'send prompts', children: screenBody });
    expect(screen.getByText('Add a terminal, or pick one at the top of the window, to send prompts.')).toBeTruthy();
    expect(screen.queryByText(/Talking to/)).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Open Terminals' }));
    expect(navigation.current).toBe('terminals');
  });

  it('shows the screen for the active terminal, with no Authkey note when it has its key', () => {
    profiles.apply({ profiles: [profileView({ id: 'a', name: 'Front counter' }), profileView({ id: 'b', name: 'Patio' })], activeId: 'b' });
    render(TerminalGate, { purpose: 'send prompts', children: screenBody });
    expect(screen.getByText('Talking to Patio')).toBeTruthy();
    expect(screen.queryByText(/needs its Authkey/)).toBeNull();
  });

  it('still shows the screen for a terminal without its Authkey, under a note that says so', () => {
    profiles.apply({ profiles: [profileView({ name: 'Patio', hasAuthkey: false })], activeId: 'p1' });
    render(TerminalGate, { purpose: 'send prompts', children: screenBody });
    expect(screen.getByText('Patio needs its Authkey')).toBeTruthy();
    expect(screen.getByText('Talking to Patio')).toBeTruthy();
  });
});
