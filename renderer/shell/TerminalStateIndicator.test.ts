// Issue 24, item 3: the header's terminal light gives way to "spin-desk stopped" once the page
// cannot reach spin-desk (the browser's real transport, with fetch failing as when the host stops).
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appLanguage } from '../lib/i18n/language.svelte';
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

// Issue 41, item 3: while a request from this PC holds the terminal, the header names it in the
// page's language ("venta SALE7 desde esta PC"), never by its wire name ("tipadjust").
describe('the busy header in Spanish', () => {
  afterEach(() => appLanguage.show('en'));

  it('names the request that holds the terminal in the language shown, and again after a switch', async () => {
    installFakeTransport({
      'terminal:status': () => ({
        profileId: profile.id,
        state: 'online',
        detail: 'Answered TerminalStatus.',
        busyWith: { operation: 'TipAdjust', referenceId: 'TIP7' },
      }),
    });
    render(TerminalStateIndicator);
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/tip adjust TIP7 from this PC/));
    await appLanguage.show('es-US');
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/ajuste de propina TIP7 desde esta PC/));
  });
});
