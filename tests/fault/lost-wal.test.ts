// A journal that loses its tail knows it did (issue 37, case 2). The real browser host takes
// sales on a terminal of the real simulator (behind the fault proxy, which holds one sale's answer
// so it is charged on the terminal but pending here), is killed with SIGKILL, and its WAL is
// harmed: removed, bit-flipped or cut in half after the kill, or deleted while the host still ran.
// SQLite then opens the database without those sales and says nothing; the high-water record
// (electron/services/journal/high-water.ts) makes the next start say how many are missing, and
// the rebuild (electron/services/recovery/batch-rebuild.ts) restores them from the terminal's open
// batch, with the terminal's amounts, none twice. `npm test` runs the first case; the soak all.
//
//   npx vitest run --project node tests/fault/lost-wal.test.ts
import { existsSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningSimulator } from '../../simulator';
import { browserHosts, call, started, stopHost, type Envelope, type Host } from '../support/browser-host';
import { FAKE_AUTHKEY, fakeTpn, startFakeSimulator } from '../support/money-move-kit';
import { tierCount } from '../support/tier';
import { startFaultProxy, type FaultProxy } from './fault-proxy';

const SALES = [1250, 2399, 4100, 515, 8800];

type Harm = 'removed' | 'bit-flipped' | 'half-truncated' | 'deleted-while-running';
/** The first in `npm test`; every one in the soak. */
const HARMS: Harm[] = ['removed', 'bit-flipped', 'half-truncated', 'deleted-while-running'];
const RUN = HARMS.slice(0, tierCount({ fast: 1, soak: HARMS.length }));

const { start, folder } = browserHosts();
let sim: RunningSimulator;
let proxy: FaultProxy;
/** The ReferenceId whose Sale answer the proxy holds: charged on the terminal, pending in the journal. */
let heldRef = '';

beforeAll(async () => {
  // A terminal of its own per case: a batch holding another case's sales (absent from this case's
  // journal) would be taken for this PC's, as SPIn's records do not say which register sent them.
  sim = await startFakeSimulator(HARMS.length, 0);
  proxy = await startFaultProxy(sim.url, (request) =>
    request.endpoint === 'Sale' && request.referenceId === heldRef ? { fault: 'hold' } : null,
  );
}, 30_000);
afterAll(async () => {
  await proxy?.close();
  await sim?.close();
});

/** The terminal's profile on a host: saved the first time, its Authkey entered again after each start (the browser host keeps keys in memory). */
async function useTerminal(host: Host, tpn: string): Promise<string> {
  const listed = (await call(host, 'profiles:list')).data as { profiles: { id: string; tpn: string }[] };
  let id = listed.profiles.find((profile) => profile.tpn === tpn)?.id;
  if (!id) {
    const saved = await call(host, 'profiles:save', {
      name: 'Lane 1',
      environment: 'custom',
      customUrl: proxy.url,
      tpn,
      proxyTimeoutSeconds: 30,
    });
    id = (saved.data as { id: string }).id;
  }
  expect(await call(host, 'profiles:setAuthkey', { id, authkey: FAKE_AUTHKEY })).toMatchObject({ ok: true });
  await call(host, 'profiles:select', { id });
  return id;
}

function charged(tpn: string, ref: string): boolean {
  return (sim.control.getState(tpn).records as { ReferenceId?: string }[]).some((record) => record.ReferenceId === ref);
}

function harm(dataDir: string, how: Harm): void {
  const wal = join(dataDir, 'journal.sqlite-wal');
  if (how === 'removed' || how === 'deleted-while-running') {
    if (existsSync(wal)) rmSync(wal);
  } else if (how === 'bit-flipped') {
    // One bit in the first frame's page: its checksum fails, and SQLite drops it and every frame after it.
    const bytes = readFileSync(wal);
    bytes[32 + 24 + 100] = (bytes[32 + 24 + 100] ?? 0) ^ 0x10;
    writeFileSync(wal, bytes);
  } else {
    truncateSync(wal, Math.floor(statSync(wal).size / 2));
  }
}

interface Listed {
  referenceId: string;
  state: string;
  amountCents: number;
  outcome?: { approvedCents?: number; recovery?: { how: string; reason: string } };
}

describe('a WAL lost or damaged after a crash', () => {
  for (const [index, how] of RUN.entries()) {
    it(`WAL ${how}: the next start says how many payments are missing and restores them from the terminal's open batch`, async () => {
      const dataDir = folder(`lost-wal-${how}-`);
      const tpn = fakeTpn(index + 1);
      const refs = SALES.map((_, i) => `LW${how.slice(0, 3).toUpperCase()}${i}`);
      heldRef = `LW${how.slice(0, 3).toUpperCase()}P`;
      const first = started(await start(dataDir));
      const profileId = await useTerminal(first, tpn);
      for (const [i, ref] of refs.entries()) {
        const sold = await call(first, 'payments:sale', { profileId, referenceId: ref, amountCents: SALES[i], getReceipt: 'No' });
        expect(sold).toMatchObject({ ok: true, data: { outcome: 'approved' } });
      }
      // A sale whose answer never comes: charged on the terminal, pending in the journal when the host dies.
      const pending: Promise<Envelope | undefined> = call(first, 'payments:sale', {
        profileId,
        referenceId: heldRef,
        amountCents: 3333,
        getReceipt: 'No',
      }).catch(() => undefined);
      await vi.waitFor(() => expect(charged(tpn, heldRef)).toBe(true), { timeout: 10_000, interval: 20 });
      if (how === 'deleted-while-running') harm(dataDir, how);
      await stopHost(first.child, 'SIGKILL');
      await pending;
      if (how !== 'deleted-while-running') harm(dataDir, how);

      const next = started(await start(dataDir));
      // Before any Authkey is entered the terminal cannot be read: the loss is said all the same.
      const early = (await call(next, 'app:storage')).data as { state: string; message: string; lostEntries?: { missing: number } };
      expect(early.state).toBe('entries-missing');
      const missing = early.lostEntries?.missing ?? 0;
      expect(missing).toBeGreaterThan(0);
      expect(early.message).toContain(
        `${missing} ${missing === 1 ? 'payment recorded on this PC is' : 'payments recorded on this PC are'} missing from the journal`,
      );

      await useTerminal(next, tpn);
      const storage = await vi.waitFor(
        async () => {
          const health = (await call(next, 'app:storage')).data as {
            state: string;
            message: string;
            lostEntries?: { rebuilt: boolean; restored: number };
          };
          expect(health.lostEntries?.rebuilt).toBe(true);
          return health;
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(storage.state).toBe('entries-missing');
      // Every lost entry was a charge on this terminal: each comes back, none twice.
      expect(storage.lostEntries?.restored).toBe(missing);
      expect(storage.message).toContain(`${missing} ${missing === 1 ? 'was' : 'were'} restored from the terminals' open batches`);

      // Every sale is in History once, approved with the terminal's amount; the restored ones say so.
      const listed = await vi.waitFor(
        async () => {
          const page = (await call(next, 'journal:list', { offset: 0, limit: 50 })).data as unknown as { entries: Listed[] };
          expect(page.entries.filter((e) => e.state === 'pending')).toEqual([]);
          return page.entries;
        },
        { timeout: 20_000, interval: 100 },
      );
      const expected = [...refs.map((ref, i) => [ref, SALES[i]] as const), [heldRef, 3333] as const].sort();
      expect(listed.map((e) => [e.referenceId, e.state, e.outcome?.approvedCents]).sort()).toEqual(
        expected.map(([ref, cents]) => [ref, 'approved', cents]),
      );
      const restored = listed.filter((e) => e.outcome?.recovery?.how === 'terminal-batch');
      expect(restored).toHaveLength(missing);
      for (const entry of restored) {
        expect(entry.amountCents).toBe(entry.outcome?.approvedCents);
        expect(entry.outcome?.recovery?.reason).toContain("recovered from the terminal's batch");
      }
      // Nothing that moves money was sent to bring them back: one Sale per ReferenceId reached the terminal.
      for (const ref of [...refs, heldRef]) expect(proxy.count('Sale', ref), ref).toBe(1);
    }, 60_000);
  }
});
