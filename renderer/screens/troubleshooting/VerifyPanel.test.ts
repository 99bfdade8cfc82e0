import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestSaleFate, TipCheckReport } from '@shared/ipc/diagnostics-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { profileView } from '../../test-support/fixtures';
import { polyfillDialog } from '../../test-support/jsdom-dialog';
import VerifyPanel from './VerifyPanel.svelte';

// "Verify this terminal" on the Troubleshooting screen: it runs at once on a demo or Sandbox
// terminal, and on a Production terminal only after a confirmation that names the amount.

beforeAll(polyfillDialog);

function report(fields: Partial<TipCheckReport> = {}): TipCheckReport {
  const amounts = { total: 110, amount: 110, tip: 10, fee: null, tax: null };
  return {
    profileId: 'p1',
    profileName: 'Front counter',
    tpn: 'Z8SIM0000001',
    referenceId: 'TIPCHECKABC',
    startedAt: '2026-01-01T10:00:00.000Z',
    finishedAt: '2026-01-01T10:00:05.000Z',
    finding: 'on-top',
    title: 'This terminal adds the tip on top of Amount',
    explanation:
      'spin-desk sent Amount $1.00 with TipAmount $0.10, and it charged $1.10: it added the tip to Amount (Amount $1.10, tip $0.10, total $1.10).',
    remedy: 'From now on spin-desk sends sales and captures on this terminal with the amount alone in Amount and the tip in TipAmount.',
    sale: { outcome: 'approved', statusCode: '0000', message: 'Approved', amounts },
    statusAmounts: amounts,
    steps: [
      { id: 'sale', name: 'Test sale $1.00 + $0.10 tip', status: 'ok', detail: 'Approved: Amount $1.10, tip $0.10, total $1.10' },
      { id: 'status', name: 'Read it back (Status)', status: 'ok', detail: 'Amount $1.10, tip $0.10, total $1.10' },
      { id: 'void', name: 'Take it back (Void)', status: 'ok', detail: 'Voided $1.10' },
    ],
    voided: true,
    remembered: 'on-top',
    testSale: {
      referenceId: 'TIPCHECKABC',
      amountCents: 110,
      fate: 'voided',
      words: 'The test sale TIPCHECKABC ($1.10) was voided: nothing stays charged.',
      earlier: false,
    },
    ...fields,
  };
}

/** A fake main process that answers the check and then lists the profile as remembering it. */
function fakeMain(
  profile: ProfileView,
  answer: TipCheckReport | { error: { code: 'BAD_INPUT'; message: string } },
  resolved?: TestSaleFate,
) {
  return installFakeTransport({
    'diagnostics:verifyTips': () => answer,
    'diagnostics:resolveTestSale': () => resolved ?? { error: { code: 'INTERNAL', message: 'not expected' } },
    'profiles:list': () => ({
      profiles: [{ ...profile, tipHandling: 'on-top', tipCheckedAt: '2026-01-01T10:00:05.000Z' }],
      activeId: profile.id,
    }),
    'diagnostics:terminalState': () => ({ profileId: profile.id, state: 'online', detail: '' }),
  });
}

describe('Verify this terminal', () => {
  it('runs at once on the demo terminal and reports how it treats the tip, with its steps', async () => {
    const demo = profileView({ environment: 'demo', endpointLabel: 'Built-in demo terminal (simulator)' });
    const calls = fakeMain(demo, report());
    render(VerifyPanel, { profile: demo });
    expect(screen.getByText('Not checked yet')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Verify this terminal' }));
    await screen.findByText('This terminal adds the tip on top of Amount');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, 'diagnostics:verifyTips').map((call) => call.input)).toEqual([{ profileId: 'p1' }]);
    expect(screen.getByText(/it charged \$1\.10: it added the tip to Amount/)).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Steps of the verification' });
    expect(steps.querySelectorAll('li')).toHaveLength(3);
    expect(steps.textContent).toContain('Voided $1.10');
    // The profile remembers the finding now: the list is read again to show it.
    await waitFor(() => expect(callsTo(calls, 'profiles:list')).toHaveLength(1));
  });

  it('asks first on a Production terminal, naming the amount; Cancel sends nothing, confirming sends the amount agreed', async () => {
    const live = profileView({ environment: 'production' });
    const calls = fakeMain(live, report());
    render(VerifyPanel, { profile: live });
    await fireEvent.click(screen.getByRole('button', { name: 'Verify this terminal' }));
    const dialog = screen.getByRole('dialog', { name: 'Charge a real card to verify this terminal?' });
    // Read as a person hears it: the template's line breaks are only whitespace.
    expect(dialog.textContent?.replace(/\s+/g, ' ')).toContain(
      'Front counter is a Production terminal, so real cards may be charged. The check charges the card presented at the terminal up to $1.10 ($1.00 + $0.10 tip) and voids it at once.',
    );
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'diagnostics:verifyTips')).toEqual([]);

    await fireEvent.click(screen.getByRole('button', { name: 'Verify this terminal' }));
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Charge up to $1.10 and void it' }));
    await screen.findByText('This terminal adds the tip on top of Amount');
    expect(callsTo(calls, 'diagnostics:verifyTips').map((call) => call.input)).toEqual([{ profileId: 'p1', confirmedCents: 110 }]);
  });

  it('says loudly when the test sale may be charged, and its button has main void it by its reference', async () => {
    const sandbox = profileView({ environment: 'sandbox' });
    const words = 'The $1.10 test sale TIPCHECKABC may be charged (the Void did not go through: 2201 Invalid request data): void it here.';
    const calls = fakeMain(
      sandbox,
      report({
        voided: false,
        voidProblem: 'The test sale TIPCHECKABC ($1.10) is still charged: the Void did not go through (2201 Invalid request data).',
        testSale: { referenceId: 'TIPCHECKABC', amountCents: 110, fate: 'may-be-charged', words, earlier: false },
      }),
      {
        referenceId: 'TIPCHECKABC',
        amountCents: 110,
        fate: 'voided',
        words: 'The test sale TIPCHECKABC ($1.10) was voided: nothing stays charged.',
        earlier: false,
      },
    );
    const { unmount } = render(VerifyPanel, { profile: sandbox });
    expect(screen.queryByText('The test sale may be charged')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Verify this terminal' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(words));
    expect(screen.getByText('The test sale may be charged')).toBeTruthy();
    const voidIt = screen.getByRole('button', { name: 'Void test sale TIPCHECKABC' }) as HTMLButtonElement;
    await waitFor(() => expect(voidIt.disabled).toBe(false));
    await fireEvent.click(voidIt);
    await screen.findByText('Test sale voided');
    expect(screen.getByText('The test sale TIPCHECKABC ($1.10) was voided: nothing stays charged.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(calls, 'diagnostics:resolveTestSale').map((call) => call.input)).toEqual([
      { profileId: sandbox.id, referenceId: 'TIPCHECKABC' },
    ]);
    unmount();
  });

  it('on a second Verify names the unresolved first test sale and offers to void it before charging another', async () => {
    const demo = profileView({ environment: 'demo' });
    const words =
      "An earlier check's $1.10 test sale TIPCHECKOLD may still be charged (its outcome was never learned): void it here before charging another.";
    fakeMain(
      demo,
      report({
        referenceId: 'TIPCHECKOLD',
        finding: 'unclear',
        title: 'Could not tell how this terminal treats tips',
        explanation: `Nothing was charged this time: ${words}`,
        sale: null,
        statusAmounts: null,
        remembered: null,
        voided: false,
        testSale: { referenceId: 'TIPCHECKOLD', amountCents: 110, fate: 'may-be-charged', words, earlier: true },
      }),
    );
    const { unmount } = render(VerifyPanel, { profile: demo });
    await fireEvent.click(screen.getByRole('button', { name: 'Verify this terminal' }));
    await screen.findByText('An earlier test sale may still be charged');
    expect(screen.getByRole('alert').textContent).toContain(words);
    expect(screen.getByRole('button', { name: 'Void test sale TIPCHECKOLD' })).toBeTruthy();
    unmount();
  });

  it('says why a check could not run', async () => {
    const sandbox = profileView({ environment: 'sandbox' });
    fakeMain(sandbox, { error: { code: 'BAD_INPUT', message: 'Terminal "Front counter" has no Authkey yet.' } });
    render(VerifyPanel, { profile: sandbox });
    await fireEvent.click(screen.getByRole('button', { name: 'Verify this terminal' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('has no Authkey yet'));
  });
});
