import { fireEvent, render, screen } from '@testing-library/svelte';
import type { LiveRecovery } from '@shared/ipc/journal-views';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { said } from '@shared/ipc/said';
import { appLanguage } from '../i18n/language.svelte';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { pendingSale } from '../../test-support/fixtures';
import RecoveryProgress from './RecoveryProgress.svelte';

const REF = 'SDRECOV1';

/** As PaymentWait shows it: the entry with its live recovery, and that recovery. */
function show(live: LiveRecovery, unknownReason?: string) {
  const calls = installFakeTransport({ 'journal:stopRecovery': () => ({ stopped: 1 }) });
  const entry = pendingSale({ referenceId: REF, attempts: 1, live, ...(unknownReason ? { unknownReason } : {}) });
  render(RecoveryProgress, { entry, live });
  return calls;
}

const buttons = () => screen.getAllByRole('button').map((button) => button.textContent);

describe('Recovery progress', () => {
  it('says a busy terminal processed nothing, and cancels the next try on Esc', async () => {
    const calls = show({ phase: 'busy-wait', attempt: 1, detail: 'Try 2 of 5' });
    expect(screen.getByRole('status').textContent).toBe(
      'The terminal is busy with another register; nothing was processed. Waiting before trying again.',
    );
    expect(buttons()).toEqual(['Cancel']);
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(callsTo(calls, 'journal:stopRecovery').map((call) => call.input)).toEqual([{ referenceId: REF }]);
  });

  it('while looking a lost answer up, says why, warns not to take it again and offers only to stop the lookup', async () => {
    const calls = show({ phase: 'looking-up', attempt: 1, detail: 'Asking with Status' }, 'the connection dropped');
    expect(screen.getByRole('status').textContent).toMatch(/^The answer was lost/);
    expect(screen.getByText('Why: the connection dropped.')).toBeTruthy();
    expect(screen.getByText('Do not take this payment again while it is being looked up.')).toBeTruthy();
    expect(buttons()).toEqual(['Stop looking it up']);
    // Esc must not drop a lookup of a payment that may have gone through.
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(callsTo(calls, 'journal:stopRecovery')).toHaveLength(0);
    await fireEvent.click(screen.getByRole('button', { name: 'Stop looking it up' }));
    expect(callsTo(calls, 'journal:stopRecovery')).toHaveLength(1);
  });
});

describe('Recovery progress in Spanish', () => {
  afterEach(async () => {
    await appLanguage.show('en');
  });

  it('gives why the answer was lost in the page’s language while this run knows its words, else the stored English', async () => {
    const looking = { phase: 'looking-up' as const, attempt: 1, detail: 'Buscando' };
    show(
      { ...looking, reasonSaid: said('said_why_dropped_code', { code: 'ECONNRESET' }) },
      'the connection dropped before the answer arrived (ECONNRESET)',
    );
    expect(screen.getByText('Why: the connection dropped before the answer arrived (ECONNRESET).')).toBeTruthy();
    await appLanguage.show('es-US');
    await vi.waitFor(() =>
      expect(screen.getByText('Motivo: la conexión se cortó antes de que llegara la respuesta (ECONNRESET).')).toBeTruthy(),
    );

    document.body.innerHTML = '';
    show(looking, 'the app stopped before the answer was recorded');
    expect(screen.getByText('Motivo: the app stopped before the answer was recorded.')).toBeTruthy();
  });
});
