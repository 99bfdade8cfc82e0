import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JournalPending } from '@shared/ipc/journal-views';
import type { AppServices } from '../services/app-services';
import { recoverRenderer } from './renderer-recovery';
import { BrowserWindow, resetFakes } from './test-support/fake-electron';
import { memoryAppServices } from '../../tests/support/memory-app-services';

vi.mock('electron', () => import('./test-support/fake-electron'));

// A sale on the demo terminal that takes its time, the page lost in the middle of it: main goes on
// with the sale, the page is loaded again, and what the reloaded page asks (journal:pending, read by
// LeftPendingNotice) shows the sale where it stands.
let services: AppServices;
let sale: Promise<unknown> | undefined;

beforeAll(async () => {
  resetFakes();
  services = await memoryAppServices({
    // Long enough that the sale is still with the terminal through the whole test.
    demoProcessingDelayMs: 60_000,
    // The witness read before the sale (no witness in a new journal): its StatusList fallback would take as long; give up on it at once.
    recoveryPolicy: { witnessReadMs: 20 },
  });
});
// Closing stops the wait; the sale stays in the journal for the next start to look up.
afterAll(async () => {
  await services.close();
  await sale;
});

const pending = async () => {
  const answer = await services.dispatch('journal:pending', undefined);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data as JournalPending;
};

describe('a sale in flight when the page is lost', () => {
  it('goes on in main, and the reloaded page is shown it where it stands', async () => {
    sale = services.dispatch('payments:sale', { amountCents: 4321, referenceId: 'LOSTPAGE01' });
    await vi.waitFor(async () =>
      expect((await pending()).entries).toMatchObject([{ referenceId: 'LOSTPAGE01', live: { phase: 'sending' } }]),
    );

    const window = new BrowserWindow({});
    recoverRenderer(window.real, { log: () => undefined, onGiveUp: () => undefined });
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 11 });
    expect(window.loadURL).toHaveBeenCalledWith('app://spin-desk/index.html');

    expect(services.registry.inProgress()).toBe(1);
    expect((await pending()).entries).toMatchObject([{ referenceId: 'LOSTPAGE01', amountCents: 4321, live: { phase: 'sending' } }]);
  });
});
