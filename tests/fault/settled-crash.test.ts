// Issue 24, item 1, the crash variant: the host is killed while a Sale is in flight, the terminal
// approves it, the nightly Settle closes the batch, and spin-desk starts again. Start-up
// reconciliation then finds nothing with Status (it searches the open batch only); History must not
// say "not processed" for a sale that was charged, nor when it was this PC's first in the batch
// (issue 37: its witness is then another register's sale, read from the terminal with the intent).
// The child is the crash test's (crash-child.ts): it takes Sales through a proxy here that holds
// one Sale's answer (the second, unless told), and is killed with SIGKILL once the simulator has
// approved that sale.
//
//   npx vitest run --project node tests/fault/settled-crash.test.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../simulator';
import type { JournalEntry } from '../../electron/services/journal/records';
import { FAKE_AUTHKEY, fakeTpn, startFakeSimulator } from '../support/money-move-kit';
import { spinClient } from '../support/simulator-kit';
import { bundleChild, kill, spawnKilledChild } from './child-kit';
import { startFaultProxy, type FaultProxy } from './fault-proxy';

let sim: RunningSimulator;
let child: { script: string; remove(): void };
const dirs: string[] = [];

beforeAll(async () => {
  sim = await startFakeSimulator(1, 20);
  child = await bundleChild('tests/fault/crash-child.ts');
}, 60_000);
afterAll(async () => {
  await sim.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  child?.remove();
});

interface Reconciled {
  pendingAtStart: number;
  entries: JournalEntry[];
}

/**
 * Child `runId` (its sales are CR<runId>x0, x1, ...) takes Sales on terminal 1 through a proxy
 * that holds the answer of x1, and is killed once the simulator holds x1's approval. Then
 * `meanwhile` runs (spin-desk is down), and a new child reconciles the journal against the simulator.
 */
async function killMidSaleThenRestart(runId: string, meanwhile: () => Promise<unknown>, heldSale = 1): Promise<Reconciled> {
  const dir = mkdtempSync(join(tmpdir(), 'settled-crash-'));
  dirs.push(dir);
  const held = `CR${runId}x${heldSale}`;
  const proxy: FaultProxy = await startFaultProxy(sim.url, (r) =>
    r.endpoint === 'Sale' && r.referenceId === held ? { fault: 'hold' } : null,
  );
  const first = spawnKilledChild<Reconciled>([child.script, dir, proxy.url, runId, 'approve-all'], runId);
  try {
    await first.loaded;
    first.child.stdin?.write('open\n');
    await first.reconciled;
    first.child.stdin?.write('go\n');
    const approved = () => sim.control.getState(fakeTpn(1)).records.some((r) => r.ReferenceId === held);
    await expect.poll(approved, { timeout: 10_000, interval: 10 }).toBe(true);
  } finally {
    await kill(first.child);
    await proxy.close();
  }
  await meanwhile();
  const second = spawnKilledChild<Reconciled>([child.script, dir, sim.url, `${runId}r`, 'approve-all'], `${runId}r`);
  try {
    await second.loaded;
    second.child.stdin?.write('open\n');
    return await second.reconciled;
  } finally {
    await kill(second.child);
  }
}

const openBatch = () => sim.control.getState(fakeTpn(1)).batchNumber;
const resultOf = (reconciled: Reconciled, ref: string) => reconciled.entries.find((e) => e.intent.ref === ref)?.outcome;

describe('killed mid-sale, batch settled, restarted (issue 24, item 1)', () => {
  it("the charged sale is 'settled-unknown' after start-up reconciliation, never not-processed", async () => {
    const settleBatch = () => spinClient(sim.url, { tpn: fakeTpn(1), authkey: FAKE_AUTHKEY }).post('Settle', { SettlementType: 'Close' });
    const batch = openBatch();
    const reconciled = await killMidSaleThenRestart('71', settleBatch);

    expect(reconciled.pendingAtStart).toBe(1);
    // The settled batch holds both sales: the second was charged.
    expect(sim.control.getState(fakeTpn(1)).settlements.at(-1)).toMatchObject({ batchNumber: batch, transactionsCount: 2 });
    expect(resultOf(reconciled, 'CR71x0')).toMatchObject({ result: 'approved', batchNumber: String(batch) });
    expect(resultOf(reconciled, 'CR71x1')).toMatchObject({
      result: 'settled-unknown',
      message: expect.stringMatching(new RegExp(`Charged or not: check the settled batch.*batch ${batch} was settled since`)),
      recovery: { how: 'status-lookup', reason: expect.stringMatching(/app stopped/) },
    });
    expect(reconciled.entries.filter((e) => !e.outcome)).toEqual([]);
  }, 60_000);

  it("the batch's first sale of this PC, with another register's sale before it: 'settled-unknown', never not-processed (issue 37, case 7)", async () => {
    const register = spinClient(sim.url, { tpn: fakeTpn(1), authkey: FAKE_AUTHKEY });
    // No approval of this PC in the open batch: only another register's sale, which the intent reads as its witness.
    await register.post('Settle', { SettlementType: 'Close' });
    await register.post('Sale', { Amount: 3.33, TipAmount: 0, PaymentType: 'Credit', ReferenceId: 'OTHERREG73', GetReceipt: 'No' });
    const batch = openBatch();
    const reconciled = await killMidSaleThenRestart('73', () => register.post('Settle', { SettlementType: 'Close' }), 0);
    expect(sim.control.getState(fakeTpn(1)).settlements.at(-1)).toMatchObject({ batchNumber: batch, transactionsCount: 2 });
    expect(resultOf(reconciled, 'CR73x0')).toMatchObject({
      result: 'settled-unknown',
      message: expect.stringMatching(new RegExp(`Charged or not: check the settled batch.*batch ${batch} was settled since`)),
    });
  }, 60_000);

  it('without a Settle while it was down, the same restart finds the sale approved in the open batch', async () => {
    const batch = openBatch();
    const reconciled = await killMidSaleThenRestart('72', async () => undefined);
    expect(resultOf(reconciled, 'CR72x1')).toMatchObject({ result: 'approved', batchNumber: String(batch) });
  }, 60_000);
});
