// Issue 41, item 3: while a request from this PC holds the terminal, the header names it in the
// page's language ("venta SALE7 desde esta PC"), never by its wire name ("tipadjust").
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appLanguage } from '../lib/i18n/language.svelte';
import { installFakeTransport, startEachTestWithHostHeard } from '../test-support/fake-transport';
import { profileView } from '../test-support/fixtures';
import TerminalStateIndicator from './TerminalStateIndicator.svelte';

const profile = profileView();

startEachTestWithHostHeard(profile);

afterEach(async () => {
  await appLanguage.show('en');
});

describe('the busy header in Spanish', () => {
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
