import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profiles } from '../../state/profiles.svelte';
import { installFakeTransport } from '../../test-support/fake-transport';
import { profileView } from '../../test-support/fixtures';
import { polyfillDialog } from '../../test-support/jsdom-dialog';
import TroubleshootingScreen from './TroubleshootingScreen.svelte';

// The screen's tabs, one tool each: the two that talk to a terminal ask for one first, in their own
// words; the three that look at this PC (the request log, the journal, the support bundle) need none.

const TOOLS = [
  { tab: 'Connection check', heading: 'Connection check', purpose: 'check its connection' },
  { tab: 'Verify this terminal', heading: 'Verify this terminal', purpose: 'verify how it treats tips' },
  { tab: 'Request log', heading: 'Request log', purpose: null },
  { tab: 'Journal', heading: 'Check the journal', purpose: null },
  { tab: 'Support bundle', heading: 'Support bundle', purpose: null },
];

beforeAll(polyfillDialog);
beforeEach(() => {
  // Only what each tool reads as it opens; nothing here is pressed.
  installFakeTransport({
    'diagnostics:lastCheck': () => null,
    'diagnostics:log': () => ({ entries: [], matched: 0, kept: 0 }),
    'journal:backups': () => ({ folder: '', backups: [] }),
  });
});

describe('the Troubleshooting screen', () => {
  it.each(TOOLS)('shows $tab for the active terminal', async ({ tab, heading }) => {
    profiles.apply({ profiles: [profileView()], activeId: 'p1' });
    render(TroubleshootingScreen);
    await fireEvent.click(screen.getByRole('tab', { name: tab }));
    expect(screen.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
  });

  it.each(TOOLS)('without a terminal, $tab asks for one only when it talks to a terminal', async ({ tab, heading, purpose }) => {
    profiles.apply({ profiles: [], activeId: null });
    render(TroubleshootingScreen);
    await fireEvent.click(screen.getByRole('tab', { name: tab }));
    if (purpose) {
      expect(screen.getByText(`Add a terminal, or pick one at the top of the window, to ${purpose}.`)).toBeTruthy();
      expect(screen.queryByRole('heading', { level: 2, name: heading })).toBeNull();
    } else {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
      expect(screen.queryByText(/Add a terminal, or pick one/)).toBeNull();
    }
  });
});
