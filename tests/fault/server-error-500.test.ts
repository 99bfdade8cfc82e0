// Issue 26, item 9: a live SPIn service answered HTTP 500 with its framework's JSON error body
// ({"Message":"An error has occurred."}) and no GeneralResponse. For a money request that answer
// says nothing about the payment: the app must journal it as unknown, look it up by Status, and
// conclude from the lookup, never read it as a decline. Through the simulator's real-world variant
// over loopback HTTP, once where the terminal carried the Sale out first and once where it did not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../simulator';
import { openJournal } from '../../electron/services/journal/open-journal';
import type { Journal } from '../../electron/services/journal/journal';
import { runSale } from '../../electron/services/payments/sale';
import type { SpinExchange } from '../../electron/services/spin/spin-client';
import { fakeTpn, fastDeps, saleForm, startFakeSimulator } from '../support/money-move-kit';

let sim: RunningSimulator | undefined;
let journal: Journal | undefined;
let dir: string | undefined;

afterEach(async () => {
  await sim?.close();
  await journal?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  sim = journal = dir = undefined;
});

/** Every Sale answered 500; `forwardedRate` 1: after the terminal carried it out, 0: before. */
async function setup(forwardedRate: 0 | 1) {
  sim = await startFakeSimulator(1);
  sim.control.setRealWorld({ variants: { 'server-error-500': { rate: 1, endpoints: ['Sale'] } }, forwardedRate, seed: 3 });
  dir = mkdtempSync(join(tmpdir(), 'server-error-500-'));
  journal = openJournal(dir);
  const exchanges: SpinExchange[] = [];
  const deps = fastDeps(journal, sim.url, { clientOptions: { onExchange: (exchange) => exchanges.push(exchange) } });
  return { deps, exchanges, running: sim, opened: journal };
}

describe('HTTP 500 without a GeneralResponse on a Sale', () => {
  it('is looked up by Status and comes out approved when the terminal carried it out', async () => {
    const { deps, exchanges, running, opened } = await setup(1);
    const result = await runSale(deps, saleForm('ERR500A', 2345));
    expect(running.control.getRealWorld().events.find((e) => e.endpoint === 'Sale')).toMatchObject({ httpStatus: 500, forwarded: true });
    // The witness read first (no approval of this PC in the open batch): Status for its own reference,
    // whose "not found" names no batch, then the open batch's oldest transaction (recovery/batch-boundary.ts).
    expect(exchanges.map((e) => e.endpoint)).toEqual(['Status', 'StatusList', 'Sale', 'Status']);
    expect(result).toMatchObject({ outcome: 'approved', statusCode: '0000', amounts: { amount: 2345 } });
    expect(result.recovery).toMatchObject({ how: 'status-lookup' });
    const [entry] = await opened.usesOf(fakeTpn(1), 'ERR500A');
    expect(entry?.outcome).toMatchObject({ result: 'approved', approvedCents: 2345 });
    expect(opened.pending()).toEqual([]);
  });

  it('is looked up by Status and ends as not processed, never declined, when it never reached the terminal', async () => {
    const { deps, exchanges, running, opened } = await setup(0);
    // Another register's sale in the open batch: read with the intent (StatusList #1, as the 1001 of the sale's
    // own reference names no batch), it witnesses that no Settle came in between.
    running.control.addOfflineTransaction(fakeTpn(1), { referenceId: 'OTHER500', amount: 1 });
    const result = await runSale(deps, saleForm('ERR500B', 1234));
    expect(running.control.getState(fakeTpn(1)).records.map((r) => r.ReferenceId)).toEqual(['OTHER500']);
    // The batch read, one Sale, then lookups only (Status, and the checks that let "not found" conclude): never a second Sale.
    expect(exchanges.slice(0, 3).map((e) => e.endpoint)).toEqual(['Status', 'StatusList', 'Sale']);
    expect(exchanges.slice(3).every((e) => e.endpoint === 'Status' || e.endpoint === 'Summary')).toBe(true);
    expect(exchanges.filter((e) => e.endpoint === 'Status').length).toBeGreaterThan(0);
    expect(result.outcome).not.toBe('declined');
    expect(result).toMatchObject({ outcome: 'failed' });
    expect(result.recovery).toMatchObject({ how: 'status-lookup' });
    const [entry] = await opened.usesOf(fakeTpn(1), 'ERR500B');
    expect(entry?.outcome?.result).toBe('not-processed');
    expect(opened.pending()).toEqual([]);
  });
});
