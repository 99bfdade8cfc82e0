import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_AUTHKEY, closedPortUrl, fakeTpn, fastDeps, saleForm } from '../../../tests/support/money-move-kit';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { openJournal } from '../journal/open-journal';
import { MemoryJournal } from '../journal/sqlite-journal';
import type { ProgressEvent } from '../recovery/recovery-registry';
import { runSale } from './sale';
import { allEntries } from '../../../tests/support/journal-entries';

// The money-move runner against the real simulator: journal order, busy resends, 1011, and the
// shapes of results. Lost answers and recovery are in recovery.test.ts.

const sim = fakeSimulatorPerFile(1, 5);
const TPN = fakeTpn(1);

describe('runMoneyMove (Sale)', () => {
  it('sends only after the intent is committed, and commits the outcome after the answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mm-order-'));
    const journal = openJournal(dir);
    const calls: string[] = [];
    // What the journal holds (committed: better-sqlite3 commits before recordIntent resolves) at each step.
    const recorded = () =>
      journal
        .lines()
        .map((line) => line.t)
        .join('+');
    const spy: typeof fetch = async (input, init) => {
      calls.push(`send ${new URL(input instanceof Request ? input.url : String(input)).pathname.split('/').pop()} after ${recorded()}`);
      const response = await fetch(input, init);
      calls.push(`answer after ${recorded()}`);
      return response;
    };
    await runSale(fastDeps(journal, sim.url, { clientOptions: { fetch: spy } }), saleForm('MM0000', 100));
    calls.push(`done after ${recorded()}`);
    await journal.close();
    rmSync(dir, { recursive: true, force: true });
    // The journal had no witness of the open batch, so the terminal's was read before the intent: its
    // own reference's Status (a 1001 naming no batch), then the open batch's oldest transaction.
    expect(calls).toEqual([
      'send Status after ',
      'answer after ',
      'send StatusList after ',
      'answer after ',
      'send Sale after intent',
      'answer after intent',
      'done after intent+outcome',
    ]);
  });

  it('journals the intent before sending and the outcome after, never the Authkey', async () => {
    const journal = new MemoryJournal();
    const result = await runSale(fastDeps(journal, sim.url), saleForm('MM0001', 1234));
    expect(result).toMatchObject({ outcome: 'approved', referenceId: 'MM0001', amounts: { amount: 1234 } });
    expect(result.recovery).toBeUndefined();
    expect(journal.lines().map((l) => l.t)).toEqual(['intent', 'outcome']);
    expect(journal.lines()[0]).toMatchObject({ op: 'Sale', ref: 'MM0001', tpn: TPN, amountCents: 1234, tipCents: 0, profileId: 'p1' });
    expect(journal.lines()[1]).toMatchObject({ result: 'approved', statusCode: '0000', approvedCents: 1234 });
    expect(JSON.stringify(journal.lines())).not.toContain(FAKE_AUTHKEY);
    expect(journal.pending()).toEqual([]);
  });

  it('records a decline as final, with only first 4 / last 4 of the card', async () => {
    const journal = new MemoryJournal();
    sim.control.queueOutcome(TPN, { kind: 'decline' });
    const result = await runSale(fastDeps(journal, sim.url), saleForm('MM0002', 500));
    expect(result.outcome).toBe('declined');
    expect(journal.lines()[1]).toMatchObject({ t: 'outcome', result: 'declined', statusCode: '1015' });
  });

  it('waits out 2008 with a visible countdown and resends with the same ReferenceId', async () => {
    const journal = new MemoryJournal();
    const deps = fastDeps(journal, sim.url);
    const events: ProgressEvent[] = [];
    deps.registry.onProgress((event) => events.push(event));
    sim.control.queueOutcome(TPN, { kind: 'busy', seconds: 1 });
    const started = Date.now();
    const result = await runSale(deps, saleForm('MM0003', 700));
    expect(result.outcome).toBe('approved');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const wait = events.find((e) => e.phase === 'busy-wait');
    expect(wait?.untilMs).toBeGreaterThanOrEqual(started + 950);
    expect(journal.lines().map((l) => l.t)).toEqual(['intent', 'attempt', 'outcome']);
    expect(sim.control.getState(TPN).records.map((r) => r.ReferenceId)).toEqual(['MM0003']);
  });

  it('gives up after the resend cap: refused, nothing processed, same reference usable again', async () => {
    const journal = new MemoryJournal();
    const deps = fastDeps(journal, sim.url, { policy: { maxResends: 1 } });
    sim.control.queueOutcome(TPN, { kind: 'busy', seconds: 1 });
    sim.control.queueOutcome(TPN, { kind: 'busy', seconds: 1 });
    const result = await runSale(deps, saleForm('MM0004', 700));
    expect(result).toMatchObject({ outcome: 'failed', statusCode: '2008' });
    expect(journal.pending()).toEqual([]);
    expect((await journal.usesOf(TPN, 'MM0004'))[0]?.outcome?.result).toBe('refused');
    expect(await runSale(deps, saleForm('MM0004', 700))).toMatchObject({ outcome: 'approved' });
  });

  it('resolves 1011 on its own request through Status: approved, not a failure', async () => {
    const journal = new MemoryJournal();
    // The terminal already holds this reference with this amount (an earlier attempt went through).
    sim.control.addOfflineTransaction(TPN, { referenceId: 'MM0005', amount: 9.5 });
    const result = await runSale(fastDeps(journal, sim.url), saleForm('MM0005', 950));
    expect(result).toMatchObject({ outcome: 'approved', recovery: { how: 'status-lookup', reason: expect.stringMatching(/1011/) } });
  });

  it('does not take over a reference that belongs to a different transaction (1011, other amount)', async () => {
    const journal = new MemoryJournal();
    sim.control.addOfflineTransaction(TPN, { referenceId: 'MM0006', amount: 12 });
    const result = await runSale(fastDeps(journal, sim.url), saleForm('MM0006', 950));
    expect(result).toMatchObject({ outcome: 'declined', statusCode: '1011' });
    expect(result.message).toMatch(/another transaction/);
  });

  it('refuses to reuse a reference that already moved money, naming the field', async () => {
    const journal = new MemoryJournal();
    const deps = fastDeps(journal, sim.url);
    await runSale(deps, saleForm('MM0007', 100));
    await expect(runSale(deps, saleForm('MM0007', 100))).rejects.toMatchObject({
      detail: { code: 'BAD_INPUT', fields: [{ path: 'referenceId', message: expect.stringMatching(/already used/) }] },
    });
    expect(sim.control.getState(TPN).records).toHaveLength(1);
  });

  it('two Sales with the same new reference at once: one is charged, the other refused before sending', async () => {
    const journal = new MemoryJournal();
    const deps = fastDeps(journal, sim.url);
    const both = await Promise.allSettled([runSale(deps, saleForm('MM0011', 100)), runSale(deps, saleForm('mm0011', 100))]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { detail: { code: 'BAD_INPUT', fields: [{ path: 'referenceId' }] } },
    });
    expect(sim.control.getState(TPN).records).toHaveLength(1);
    expect(journal.lines().filter((line) => line.t === 'intent')).toHaveLength(1);
  });

  it('after a restart on a long journal: a reference used long ago is refused, one refused before the terminal is reused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mm-start-'));
    try {
      // 3,000 payments (fsync off while building: only what they hold matters).
      const building = openJournal(dir, { durable: false });
      for (let i = 0; i < 3_000; i += 1) {
        const entry = await building.recordIntent({
          op: 'Sale',
          ref: `OLD${i}`,
          tpn: TPN,
          profileId: 'p1',
          amountCents: 100,
          tipCents: 0,
          deadlineMs: Date.now() + 5000,
        });
        await building.recordOutcome(
          entry.intent.id,
          i % 2 === 0
            ? { result: 'approved', statusCode: '0000', message: 'Approved' }
            : { result: 'refused', statusCode: '2008', message: 'Busy' },
        );
      }
      await building.close();
      const journal = openJournal(dir);
      const deps = fastDeps(journal, sim.url);
      // OLD10 moved money long ago; OLD11 was refused before reaching the terminal.
      await expect(runSale(deps, saleForm('old10', 100))).rejects.toMatchObject({
        detail: { code: 'BAD_INPUT', fields: [{ path: 'referenceId', message: expect.stringMatching(/already used/) }] },
      });
      expect(sim.control.getState(TPN).records).toHaveLength(0);
      expect(await runSale(deps, saleForm('OLD11', 100))).toMatchObject({ outcome: 'approved' });
      expect(await runSale(deps, saleForm('NEW0001', 100))).toMatchObject({ outcome: 'approved' });
      expect(sim.control.getState(TPN).records.map((r) => r.ReferenceId)).toEqual(['OLD11', 'NEW0001']);
      expect((await allEntries(journal)).length).toBe(3_002);
      await journal.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hands back a connection that was never opened as a refusal (same reference may be retried)', async () => {
    const journal = new MemoryJournal();
    await expect(runSale(fastDeps(journal, await closedPortUrl()), saleForm('MM0008', 100))).rejects.toMatchObject({ code: 'NETWORK' });
    expect(journal.lines()[1]).toMatchObject({ t: 'outcome', result: 'refused' });
  });
});
