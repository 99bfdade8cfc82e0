import { render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '@shared/ipc/contract';
import { api } from '../lib/api';
import { profiles } from '../state/profiles.svelte';
import { approvedResult, profileView } from '../test-support/fixtures';
import { installFakeTransport } from '../test-support/fake-transport';
import TerminalPicker from './TerminalPicker.svelte';

const front = profileView();
const back = profileView({ id: 'p2', name: 'Back office', tpn: 'Z8SIM0000002' });

/** A transport whose answer to `channel` waits until release() is called. */
function holdAnswers(channel: Channel): { release: () => void } {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  installFakeTransport({ [channel]: async () => (await answered, approvedResult()) });
  return { release };
}

const picker = () => screen.getByLabelText('Active terminal') as HTMLSelectElement;

beforeEach(() => {
  profiles.apply({ profiles: [front, back], activeId: front.id });
});

describe('Terminal picker', () => {
  it.each([
    ['a sale', 'payments:sale', () => api.payments.sale({ profileId: 'p1', amountCents: 500, referenceId: 'SDLOCK1' })],
    ['an Auth', 'payments:auth', () => api.payments.auth({ profileId: 'p1', amountCents: 500, referenceId: 'SDLOCK2' })],
    [
      'a Void',
      'payments:void',
      () => api.payments.void({ profileId: 'p1', amountCents: 500, referenceId: 'SDLOCK3', paymentType: 'Credit' }),
    ],
    ['a Return', 'payments:return', () => api.payments.return({ profileId: 'p1', amountCents: 500, referenceId: 'SDLOCK4' })],
    [
      'a prompt sent to the active terminal without naming it',
      'prompts:userInput',
      () => api.prompts.userInput({ title: 'Table?', type: 'Number' }),
    ],
  ] as const)('is locked while %s is out on the active terminal, and free again after the answer', async (_what, channel, send) => {
    const held = holdAnswers(channel);
    render(TerminalPicker);
    expect(picker().disabled).toBe(false);
    const out = send();
    await waitFor(() => expect(picker().disabled).toBe(true));
    held.release();
    await out;
    await waitFor(() => expect(picker().disabled).toBe(false));
  });

  it('is locked after a refusal only until the answer is in', async () => {
    installFakeTransport({ 'payments:auth': () => ({ error: { code: 'NO_AUTHKEY', message: 'No Authkey' } }) });
    render(TerminalPicker);
    await expect(api.payments.auth({ profileId: 'p1', amountCents: 500, referenceId: 'SDLOCK6' })).rejects.toThrow('No Authkey');
    expect(picker().disabled).toBe(false);
  });

  it('stays free for a request on another terminal and for calls answered by main alone', async () => {
    const held = holdAnswers('payments:auth');
    render(TerminalPicker);
    const out = api.payments.auth({ profileId: 'p2', amountCents: 500, referenceId: 'SDLOCK7' });
    const local = api.journal.pending(undefined).catch(() => undefined);
    await Promise.resolve();
    expect(picker().disabled).toBe(false);
    held.release();
    await Promise.all([out, local]);
  });
});
