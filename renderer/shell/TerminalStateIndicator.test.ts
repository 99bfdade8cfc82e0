// Issue 24, item 3: the header's terminal light gives way to "spin-desk stopped" once the page
// cannot reach spin-desk (the browser's real transport, with fetch failing as when the host stops).
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { terminalStatus } from '../state/terminal-status.svelte';
import { installFakeTransport, installStoppedHost, startEachTestWithHostHeard } from '../test-support/fake-transport';
import { profileView } from '../test-support/fixtures';
import TerminalStateIndicator from './TerminalStateIndicator.svelte';

const profile = profileView();

startEachTestWithHostHeard(profile);

describe('the header when the page loses the host', () => {
  it('has the header say spin-desk stopped instead of the last terminal state', async () => {
    installFakeTransport({ 'terminal:status': () => ({ profileId: profile.id, state: 'online', detail: 'Answered TerminalStatus.' }) });
    render(TerminalStateIndicator);
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Terminal: Online/));
    installStoppedHost();
    await terminalStatus.refresh();
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/spin-desk stopped/));
    expect(screen.getByRole('status').textContent).not.toMatch(/Online/);
  });
});

describe('the header when the service refuses the terminal settings', () => {
  it('says in plain words what was not accepted and where to fix it, on the header itself', async () => {
    installFakeTransport({
      'terminal:status': () => ({ profileId: profile.id, state: 'refused', statusCode: '2002', detail: 'The auth key does not match.' }),
    });
    render(TerminalStateIndicator);
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/Terminal: Key or TPN not accepted\s*· check them on Terminals/),
    );
    expect(screen.getByRole('status').textContent).not.toMatch(/Settings refused|2002/);
  });
});
