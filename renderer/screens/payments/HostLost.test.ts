// Issue 24, item 3: when the page loses spin-desk's main process with a request out, every waiting
// screen says the outcome is unknown (never "did not go through") and money buttons are disabled
// (the header: shell/TerminalStateIndicator.test.ts). The browser's real transport is used, with fetch failing as
// it does when the host's socket closes; the Electron bridge is given an invoke that rejects.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge } from '@shared/ipc/bridge';
import { hostConnection } from '../../lib/host-connection.svelte';
import RequestProblem from '../../lib/request/RequestProblem.svelte';
import { TerminalRequest } from '../../lib/request/terminal-request.svelte';
import { bridgeTransport } from '../../lib/transport';
import { terminalStatus } from '../../state/terminal-status.svelte';
import { callsTo, installFakeTransport, installStoppedHost, startEachTestWithHostHeard } from '../../test-support/fake-transport';
import { profileView } from '../../test-support/fixtures';
import { sale } from './drafts.svelte';
import SaleScreen from './SaleScreen.svelte';

const profile = profileView();

async function chargeTwenty(): Promise<void> {
  await fireEvent.input(screen.getByLabelText(/^Amount/), { target: { value: '20' } });
  await fireEvent.click(screen.getByRole('button', { name: /^Charge/ }));
}

startEachTestWithHostHeard(profile);
beforeEach(() => {
  sale.clear();
});

describe('the page loses the host', () => {
  it('shows a sale out at the terminal as outcome unknown, never as not gone through, and offers no new charge', async () => {
    // The screen opened while spin-desk ran (it read what was left pending: nothing); then it stopped.
    const calls = installFakeTransport({
      'journal:pending': () => ({ entries: [], total: 0, warnings: [], warningCount: 0, reconciling: false }),
    });
    render(SaleScreen);
    await vi.waitFor(() => expect(callsTo(calls, 'journal:pending')).toHaveLength(1));
    installStoppedHost();
    await chargeTwenty();
    expect(await screen.findByRole('heading', { name: 'Outcome unknown: spin-desk stopped' })).toBeTruthy();
    expect(document.body.textContent).toMatch(/may have gone through/);
    expect(document.body.textContent).toMatch(/finds out what happened to this sale from the terminal when it runs again/);
    expect(document.body.textContent).not.toMatch(/The sale did not go through|lost its connection/);
    expect(screen.queryByRole('button', { name: /^Charge/ })).toBeNull();
    // Even once the cashier says they checked, no new sale can start while spin-desk is gone.
    await fireEvent.click(screen.getByLabelText(/I have checked/));
    expect((screen.getByRole('button', { name: 'Start a new sale' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables Charge on a form while the host is gone, and enables it once the host answers again', async () => {
    installStoppedHost();
    await expect(terminalStatus.refresh()).resolves.toBeUndefined();
    expect(hostConnection.lost).toBe(true);
    render(SaleScreen);
    await fireEvent.input(screen.getByLabelText(/^Amount/), { target: { value: '20' } });
    const charge = screen.getByRole('button', { name: /^Charge/ }) as HTMLButtonElement;
    expect(charge.disabled).toBe(true);
    expect(screen.getByText('spin-desk stopped')).toBeTruthy();

    installFakeTransport({ 'terminal:status': () => ({ profileId: profile.id, state: 'online', detail: 'Answered TerminalStatus.' }) });
    await terminalStatus.refresh();
    await vi.waitFor(() => expect(charge.disabled).toBe(false));
  });

  it('has a prompt or invoice that was waiting say its outcome is unknown and that spin-desk finds it when it runs again', async () => {
    installStoppedHost();
    const request = new TerminalRequest<unknown>();
    const { api } = await import('../../lib/api');
    expect(await request.run(60, () => api.prompts.userInput({ profileId: profile.id } as never))).toBe(false);
    render(RequestProblem, { error: request.error!, what: 'the question' });
    expect(screen.getByRole('alert').textContent).toMatch(/Outcome unknown: spin-desk stopped/);
    expect(screen.getByRole('alert').textContent).toMatch(/spin-desk stopped while the question was out at the terminal/);
    expect(screen.getByRole('alert').textContent).toMatch(/spin-desk will find out what happened when it runs again/);
  });

  it('in Electron: an IPC call that fails because main went away is the same lost host', async () => {
    const bridge = {
      'payments:sale': () => Promise.reject(new Error('Error invoking remote method: reply was never sent')),
    } as unknown as Bridge;
    const envelope = await bridgeTransport(bridge)('payments:sale', {});
    expect(envelope).toMatchObject({ ok: false, error: { code: 'HOST_LOST' } });
  });
});
