import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { profiles } from '../../state/profiles.svelte';
import { toasts } from '../../state/toasts.svelte';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { profileView } from '../../test-support/fixtures';
import TransferPanel from './TransferPanel.svelte';

afterEach(() => toasts.clear());

const FILE_TEXT = '{"terminals":[{"name":"Back office"}]}';

/** Picks `text` as the file to import, as the browser's file dialog would. */
async function pick(text: string): Promise<void> {
  const input = screen.getByLabelText('Import terminals') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: [new File([text], 'terminals.json', { type: 'application/json' })] });
  await fireEvent.change(input);
}

const said = () => toasts.items.map((toast) => [toast.kind, toast.message]);

describe('Transfer panel', () => {
  it('imports the picked file’s text, shows the new terminals and says what came in', async () => {
    const imported = profileView({ id: 'p2', name: 'Back office', hasAuthkey: false });
    const calls = installFakeTransport({
      'profiles:import': () => ({ imported: 1, renamed: [], alreadySetUp: [], list: { profiles: [imported], activeId: 'p2' } }),
    });
    render(TransferPanel);
    await pick(FILE_TEXT);
    await waitFor(() => expect(said()).toEqual([['success', "Imported 1 terminal. Enter each one's Authkey before use."]]));
    expect(callsTo(calls, 'profiles:import').map((call) => call.input)).toEqual([{ json: FILE_TEXT }]);
    expect(profiles.list.map((profile) => profile.name)).toEqual(['Back office']);
  });

  it('says why a file was refused', async () => {
    installFakeTransport({
      'profiles:import': () => ({ error: { code: 'BAD_INPUT', message: 'The file is not a spin-desk terminals file.' } }),
    });
    render(TransferPanel);
    await pick('not json');
    await waitFor(() => expect(said()).toEqual([['error', expect.stringContaining('not a spin-desk terminals file')]]));
    expect((screen.getByRole('button', { name: 'Export terminals' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
