import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, installFakeTransport } from '../test-support/fake-transport';
import { polyfillDialog } from '../test-support/jsdom-dialog';
import AboutDialog from './AboutDialog.svelte';

beforeAll(polyfillDialog);

/** The facts About shows, as label → value. */
function facts(): Map<string, string> {
  const terms = screen.getAllByRole('term').map((term) => term.textContent ?? '');
  const values = screen.getAllByRole('definition').map((value) => value.textContent ?? '');
  return new Map(terms.map((term, i) => [term, values[i]!]));
}

describe('About dialog', () => {
  it('reads the version and update state each time it opens, and says this copy keeps its data in memory', async () => {
    const calls = installFakeTransport({
      'app:info': () => ({ name: 'spin-desk', version: '1.2.3', shell: 'browser' }),
      'app:updates': () => ({ state: 'not-here', message: 'This copy does not update itself.' }),
    });
    render(AboutDialog, { open: true });
    await screen.findByText('1.2.3');
    const shown = facts();
    expect(shown.get('Runs as')).toBe('Browser version');
    expect(shown.get('Data folder')).toMatch(/^None: this copy keeps its data in memory only/);
    expect(shown.get('Updates')).toBe('Not here: updates are handled by the installed app. This copy does not update itself.');
    expect(callsTo(calls, 'app:info')).toHaveLength(1);
    await fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect((screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement).open).toBe(false);
  });

  it('says it could not read the version when spin-desk does not answer', async () => {
    installFakeTransport({
      'app:info': () => ({ error: { code: 'INTERNAL', message: 'Fake failure.' } }),
      'app:updates': () => ({ state: 'idle', message: 'Up to date.' }),
    });
    render(AboutDialog, { open: true });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not read the version.');
  });
});
