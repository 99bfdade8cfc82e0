// Issue 24, item 5, in Chromium: "Verify this terminal" on a simulator terminal behind a fault
// proxy that drops the test sale's answer after the terminal approved it, with every lookup failing
// until it is stopped. The Troubleshooting screen must say that the $1.10 test sale may be charged
// and offer to void it there; its button looks the sale up and voids it on the terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { startFaultProxy, type FaultProxy } from '../fault/fault-proxy';
import { launchApp, type AppUnderTest } from './harness';
import { AUTHKEY, goTo, TPN, useTerminal } from './payments-kit';

let sim: RunningSimulator;
let proxy: FaultProxy;
let app: AppUnderTest;
let dropTestSale = true;
let lookupsFail = true;

beforeAll(async () => {
  sim = await startSimulator({ host: '127.0.0.1', port: 0, terminals: [{ tpn: TPN, authkey: AUTHKEY }], processingDelayMs: 0, seed: 5 });
  proxy = await startFaultProxy(sim.url, (request) => {
    if (request.endpoint === 'Sale' && dropTestSale) {
      dropTestSale = false;
      return { fault: 'drop-after-forward' };
    }
    return request.endpoint === 'Status' && lookupsFail ? { fault: 'drop-before-forward' } : null;
  });
  app = await launchApp();
  const profile = await app.services.profiles.save({
    name: 'Lab',
    environment: 'custom',
    customUrl: proxy.url,
    tpn: TPN,
    proxyTimeoutSeconds: 30,
    merchantNumber: null,
  });
  await app.services.profiles.setAuthkey(profile.id, AUTHKEY);
  await app.page.reload();
  await useTerminal(app, 'Lab');
});

afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await sim?.close();
});

const page = () => app.page;
const testSale = (referenceId: string) => sim.control.getState(TPN).records.find((record) => record.ReferenceId === referenceId);

describe('Verify this terminal, its test sale answer lost', () => {
  it('says the $1.10 test sale may be charged, and its button voids it', async () => {
    await goTo(app, 'Troubleshooting');
    await page().getByRole('tab', { name: 'Verify this terminal' }).click();
    await page().getByRole('button', { name: 'Verify this terminal' }).click();
    await page().getByRole('dialog').getByRole('button', { name: 'Charge up to $1.10 and void it' }).click();

    await expect.poll(() => proxy.seen.filter((request) => request.endpoint === 'Sale').length).toBe(1);
    const reference = proxy.seen.find((request) => request.endpoint === 'Sale')?.referenceId ?? '';
    await expect.poll(() => proxy.count('Status', reference), { timeout: 10_000 }).toBeGreaterThan(0);
    // The cashier stops the lookup (History's Stop does the same through this channel).
    expect(await app.services.dispatch('journal:stopRecovery', { referenceId: reference })).toEqual({ ok: true, data: { stopped: 1 } });
    lookupsFail = false;

    const alert = page().getByRole('alert').filter({ hasText: 'The test sale may be charged' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      `The $1.10 test sale ${reference} may be charged (its answer was lost and looking it up was stopped): void it here.`,
    );
    expect(testSale(reference)).toMatchObject({ Voided: false });
    expect(await app.checkScreen('verify-test-sale-may-be-charged')).toEqual([]);

    await alert.getByRole('button', { name: `Void test sale ${reference}` }).click();
    const voided = page().getByRole('status').filter({ hasText: 'Test sale voided' });
    await voided.waitFor();
    expect(await voided.textContent()).toContain(`The test sale ${reference} ($1.00) was voided: nothing stays charged.`);
    expect(await page().getByRole('alert').filter({ hasText: 'may be charged' }).count()).toBe(0);
    expect(testSale(reference)).toMatchObject({ Voided: true });
    expect(proxy.count('Void', reference)).toBe(1);
  });
});
