import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../app-services';
import { DEMO_AUTHKEY, DEMO_TPN } from '../demo/demo-terminal';
import { openJournal } from '../journal/open-journal';
import { MemoryStore } from '../settings/key-value-store';
import { MemoryVault } from '../vault/secret-vault';
import { startSimulator } from '../../../simulator';
import { openBatchWitness } from './batch-boundary';

// The journal:* channels end to end through dispatch, with the journal on disk and the built-in
// demo terminal, including reconciliation on start after a "crash".

let dir: string;
let store: MemoryStore;
let vault: MemoryVault;
let services: AppServices | undefined;

const start = async () => {
  services = await createAppServices({
    store,
    vault,
    info: { name: 'spin-desk', version: 'test', shell: 'browser' },
    log: { error: () => undefined },
    demoProcessingDelayMs: 5,
    dataDir: dir,
  });
  return services;
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'channels-'));
  store = new MemoryStore();
  vault = new MemoryVault();
});
afterEach(async () => {
  await services?.close();
  services = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('journal channels', () => {
  it('list, export, pending, recover and stop answer in their contract shapes', async () => {
    const { dispatch } = await start();
    const sale = await dispatch('payments:sale', { amountCents: 1234, referenceId: 'CH0001' });
    expect(sale).toMatchObject({ ok: true, data: { outcome: 'approved' } });

    const list = await dispatch('journal:list', { referenceId: 'ch00', limit: 10 });
    expect(list).toMatchObject({
      ok: true,
      data: { total: 1, nextOffset: null, entries: [{ referenceId: 'CH0001', state: 'approved', amountCents: 1234, tpn: DEMO_TPN }] },
    });

    const csv = await dispatch('journal:exportCsv', { state: 'approved' });
    expect(csv).toMatchObject({ ok: true, data: { rows: 1, filename: expect.stringMatching(/\.csv$/) } });
    if (csv.ok) expect((csv.data as { csv: string }).csv).not.toContain(DEMO_AUTHKEY);

    expect(await dispatch('journal:pending', undefined)).toEqual({
      ok: true,
      data: { entries: [], total: 0, warnings: [], warningCount: 0, reconciling: false },
    });
    expect(await dispatch('journal:recover', { referenceId: 'CH0001' })).toMatchObject({ ok: true, data: { state: 'approved' } });
    expect(await dispatch('journal:recover', { referenceId: 'NOPE01' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await dispatch('journal:stopRecovery', {})).toEqual({ ok: true, data: { stopped: 0 } });
  });

  it('rejects bad filters naming the field and the rule', async () => {
    const { dispatch } = await start();
    const result = await dispatch('journal:list', { limit: 0, from: 'yesterday', last4: '12' });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'BAD_INPUT',
        fields: expect.arrayContaining([
          { path: 'limit', message: 'must be at least 1' },
          { path: 'from', message: expect.stringMatching(/ISO 8601/) },
          { path: 'last4', message: 'must be exactly 4 digits' },
        ]),
      },
    });
  });

  it('reconciles what a crash left pending when the app starts again', async () => {
    const first = await start();
    await first.dispatch('payments:sale', { amountCents: 500, referenceId: 'CH0002' });
    const profileId = (await first.profiles.list()).activeId as string;
    await first.close();
    services = undefined;
    // A crash right after an intent was written: it may or may not have been sent. Its witness
    // is CH0002, the approval before it, as the app would have written it.
    const journal = openJournal(dir);
    const batch = await openBatchWitness(journal, DEMO_TPN);
    expect(batch?.ref).toBe('CH0002');
    await journal.recordIntent({
      ...(batch ? { batch } : {}),
      op: 'Sale',
      ref: 'CH0003',
      tpn: DEMO_TPN,
      profileId,
      paymentType: 'Credit',
      amountCents: 700,
      tipCents: 0,
      deadlineMs: Date.now() - 1,
    });
    await journal.close();

    const again = await start();
    await again.reconciler.done;
    const pending = await again.dispatch('journal:pending', undefined);
    expect(pending).toMatchObject({ ok: true, data: { entries: [], reconciling: false } });
    const list = await again.dispatch('journal:list', {});
    expect(list).toMatchObject({
      ok: true,
      data: {
        entries: [
          { referenceId: 'CH0003', state: 'not-processed', outcome: { recovery: { how: 'status-lookup' } } },
          { referenceId: 'CH0002', state: 'approved' },
        ],
      },
    });
  });

  it('says upfront that a lookup left from the last run waits for its terminal’s Authkey, until the key is entered', async () => {
    const simulator = await startSimulator({
      host: '127.0.0.1',
      port: 0,
      terminals: [{ tpn: 'CHAN000001', authkey: 'CHANKEY001' }],
      seed: 1,
    });
    try {
      const first = await start();
      const back = await first.profiles.save({
        name: 'Back counter',
        environment: 'custom',
        customUrl: simulator.url,
        tpn: 'CHAN000001',
        proxyTimeoutSeconds: 5,
        merchantNumber: null,
      });
      await first.profiles.setAuthkey(back.id, 'CHANKEY001');
      await first.close();
      services = undefined;
      const journal = openJournal(dir);
      await journal.recordIntent({
        op: 'Sale',
        ref: 'CH0004',
        tpn: 'CHAN000001',
        profileId: back.id,
        paymentType: 'Credit',
        amountCents: 6660,
        tipCents: 0,
        deadlineMs: Date.now() - 1,
      });
      await journal.close();

      // The browser version after a restart: the settings are kept, the Authkeys are not.
      vault = new MemoryVault();
      const again = await start();
      expect(await again.dispatch('journal:pending', undefined)).toMatchObject({
        ok: true,
        data: { entries: [{ referenceId: 'CH0004', blocked: { reason: 'no-authkey', terminalName: 'Back counter' } }] },
      });

      await again.profiles.setAuthkey(back.id, 'CHANKEY001');
      // Looked up once the key is in: not found, and with nothing in the terminal's batch to show that
      // no Settle came in between, it is "check the settled batch", never "not processed".
      await expect.poll(async () => (await again.journal.newestWithReference('CH0004'))?.outcome?.result).toBe('settled-unknown');
      expect(await again.dispatch('journal:pending', undefined)).toMatchObject({ ok: true, data: { entries: [] } });
    } finally {
      await simulator.close();
    }
  });
});
