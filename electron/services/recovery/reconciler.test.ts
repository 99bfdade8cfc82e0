import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningSimulator } from '../../../simulator';
import { FAKE_AUTHKEY, fakeTpn, startFakeSimulator } from '../../../tests/support/money-move-kit';
import { AppFailure } from '../app-failure';
import { createAppServices } from '../app-services';
import { MemoryJournal } from '../journal/sqlite-journal';
import { createSpinClient } from '../spin/spin-client';
import { MemoryStore } from '../settings/key-value-store';
import { MemoryVault } from '../vault/secret-vault';
import { Reconciler } from './reconciler';
import { allEntries } from '../../../tests/support/journal-entries';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startFakeSimulator(1, 5);
});
afterAll(() => sim.close());

/** The real services on a data folder, as the host starts them (the browser version). */
const openServices = (dataDir: string, store: MemoryStore, vault: MemoryVault) =>
  createAppServices({
    store,
    vault,
    info: { name: 'spin-desk', version: 'test', shell: 'browser' },
    log: { error: () => undefined },
    demoProcessingDelayMs: 0,
    dataDir,
  });

/** The terminal profile "Lane 1" on the simulator's first terminal. */
const saveLane = (services: Awaited<ReturnType<typeof openServices>>) =>
  services.profiles.save({
    name: 'Lane 1',
    environment: 'custom',
    customUrl: sim.url,
    tpn: fakeTpn(1),
    proxyTimeoutSeconds: 1,
    merchantNumber: null,
  });

/** A Sale the terminal carried out (sent straight to the simulator, as before a crash). */
const chargeOnTerminal = (ref: string, amount: number) =>
  createSpinClient({ baseUrl: sim.url, tpn: fakeTpn(1), authkey: FAKE_AUTHKEY }).call('Sale', {
    Amount: amount,
    TipAmount: 0,
    PaymentType: 'Credit',
    ReferenceId: ref,
    GetReceipt: 'No',
    CaptureSignature: false,
    GetExtendedData: false,
  });

describe('Reconciler', () => {
  it('tries a lookup that could not start again on wake() and on its timer, says so once, and stops waiting on stop()', async () => {
    const journal = new MemoryJournal();
    const entry = await journal.recordIntent({
      op: 'Sale',
      ref: 'RW0001',
      tpn: fakeTpn(1),
      profileId: 'p1',
      amountCents: 100,
      tipCents: 0,
      deadlineMs: Date.now(),
    });
    let keyEntered = false;
    const tries: number[] = [];
    const logged: string[] = [];
    const resume = async () => {
      tries.push(Date.now());
      if (!keyEntered) throw new AppFailure('NO_AUTHKEY', 'Enter the Authkey of this terminal');
      await journal.recordOutcome(entry.intent.id, { result: 'approved', statusCode: '0000', message: 'Approved' });
    };
    // An hour between timed tries: only wake() can be what brings the second one.
    const reconciler = new Reconciler(journal, resume, { error: (message) => logged.push(message) }, { retryMs: 3_600_000 });
    reconciler.start();
    await vi.waitFor(() => expect(tries).toHaveLength(1));
    expect(reconciler.reconciling).toBe(true);
    reconciler.wake();
    await vi.waitFor(() => expect(tries).toHaveLength(2));
    expect(logged).toEqual(['Could not look up Sale RW0001 yet; trying again']);
    keyEntered = true;
    reconciler.wake();
    await reconciler.done;
    expect(journal.pending()).toEqual([]);
    expect(reconciler.reconciling).toBe(false);

    // A lane that keeps failing ends when the app closes.
    const other = new MemoryJournal();
    await other.recordIntent({
      op: 'Sale',
      ref: 'RW0002',
      tpn: fakeTpn(1),
      profileId: 'p1',
      amountCents: 100,
      tipCents: 0,
      deadlineMs: Date.now(),
    });
    const stuck = new Reconciler(other, () => Promise.reject(new Error('no profile')), { error: () => undefined }, { retryMs: 20 });
    stuck.start();
    await vi.waitFor(() => expect(stuck.reconciling).toBe(true));
    stuck.stop();
    await stuck.done;
    expect(other.pending()).toHaveLength(1);
  });

  it('a profile whose lookups cannot start holds back its other entries for the round, untried, and is logged once', async () => {
    const journal = new MemoryJournal();
    const intent = (ref: string, profileId: string) =>
      journal.recordIntent({ op: 'Sale', ref, tpn: fakeTpn(1), profileId, amountCents: 100, tipCents: 0, deadlineMs: Date.now() });
    for (let i = 0; i < 50; i += 1) await intent(`GONE${i}`, 'removed');
    const kept = await intent('KEPT1', 'p1');
    const tried: string[] = [];
    const logged: string[] = [];
    const resume = async (entry: { intent: { ref: string; profileId: string; id: string } }) => {
      tried.push(entry.intent.ref);
      if (entry.intent.profileId === 'removed') throw new AppFailure('NOT_FOUND', 'This terminal profile no longer exists');
      await journal.recordOutcome(entry.intent.id, { result: 'approved', statusCode: '0000', message: 'Approved' });
    };
    const reconciler = new Reconciler(journal, resume, { error: (message) => logged.push(message) }, { retryMs: 3_600_000 });
    reconciler.start();
    await vi.waitFor(() => expect(journal.get(kept.intent.id)?.outcome).toBeDefined());
    reconciler.wake();
    await vi.waitFor(() => expect(tried.filter((ref) => ref === 'GONE0')).toHaveLength(2));
    // Each round tries the removed profile's first entry only; the other profile went through.
    expect(tried).toEqual(['GONE0', 'KEPT1', 'GONE0']);
    expect(logged).toEqual(['Could not look up Sale GONE0 yet; trying again']);
    reconciler.stop();
    await reconciler.done;
    expect(journal.pending()).toHaveLength(50);
  });

  it('after a restart with the clock put back a day, a charged sale behind a stalled one on the same terminal is looked up at once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reconcile-clock-'));
    const store = new MemoryStore();
    const vault = new MemoryVault();
    const first = await openServices(dataDir, store, vault);
    const profile = await saveLane(first);
    await first.profiles.setAuthkey(profile.id, FAKE_AUTHKEY);
    const pending = (ref: string, deadlineMs: number) =>
      first.journal.recordIntent({
        op: 'Sale',
        ref,
        tpn: fakeTpn(1),
        profileId: profile.id,
        paymentType: 'Credit',
        amountCents: 1111,
        tipCents: 0,
        deadlineMs,
      });
    // Written while the clock ran a day ahead: a day between now and its deadline. Never sent.
    await pending('RCLK0001', Date.now() + 86_400_000);
    // The next one went through on the terminal before the crash.
    await pending('RCLK0002', Date.now() - 1);
    await chargeOnTerminal('RCLK0002', 11.11);
    await first.close();

    const second = await openServices(dataDir, store, vault);
    try {
      const outcome = async (ref: string) => (await second.journal.newestWithReference(ref))?.outcome?.result;
      await vi.waitFor(async () => expect(await outcome('RCLK0002')).toBe('approved'), { timeout: 5000, interval: 20 });
      expect(await outcome('RCLK0001')).toBeUndefined();
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('browser version after a restart: a sale left pending is looked up within seconds of its Authkey being entered again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reconcile-key-'));
    const store = new MemoryStore();
    const first = await openServices(dataDir, store, new MemoryVault());
    const profile = await saveLane(first);
    // The app "crashed" right after the Sale went out: the intent is journaled, the terminal charged it.
    await first.journal.recordIntent({
      op: 'Sale',
      ref: 'RKEY0001',
      tpn: fakeTpn(1),
      profileId: profile.id,
      paymentType: 'Credit',
      amountCents: 4321,
      tipCents: 0,
      deadlineMs: Date.now(),
    });
    await chargeOnTerminal('RKEY0001', 43.21);
    await first.close();

    // The browser version keeps Authkeys in memory only: after the restart this one is unknown.
    const second = await openServices(dataDir, store, new MemoryVault());
    try {
      await vi.waitFor(() => expect(second.reconciler.reconciling).toBe(true));
      expect(second.journal.pending().map((e) => e.intent.ref)).toEqual(['RKEY0001']);
      const entered = Date.now();
      await second.profiles.setAuthkey(profile.id, FAKE_AUTHKEY);
      await vi.waitFor(() => expect(second.journal.pending()).toEqual([]), { timeout: 5000, interval: 20 });
      expect(Date.now() - entered).toBeLessThan(3000);
      expect((await allEntries(second.journal))[0]?.outcome).toMatchObject({
        result: 'approved',
        approvedCents: 4321,
        recovery: { how: 'status-lookup' },
      });
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
