// The rebuild of a lost journal tail against the real simulator over loopback: what it restores,
// what it leaves (another register's earlier sale, what the journal kept), that a second run
// doubles nothing, and that a terminal it cannot read is named and read on a later try.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../simulator';
import {
  closedPortUrl,
  FAKE_AUTHKEY,
  fakeProfiles,
  fakeTpn,
  saleForm,
  startFakeSimulator,
  fastDeps,
} from '../../../tests/support/money-move-kit';
import { spinClient } from '../../../tests/support/simulator-kit';
import { allEntries } from '../../../tests/support/journal-entries';
import { HighWater } from '../journal/high-water';
import { openJournal } from '../journal/open-journal';
import { runSale } from '../payments/sale';
import { rebuildLostTail, type BatchRebuildDeps } from './batch-rebuild';

let sim: RunningSimulator;
let dir = '';
beforeAll(async () => {
  sim = await startFakeSimulator(2, 0);
});
afterAll(() => sim.close());
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A sale on the terminal that this PC's journal never sees (another register's, or one whose entry was lost). */
async function saleElsewhere(tpn: string, ref: string, cents: number): Promise<void> {
  const answer = await spinClient(sim.url, { tpn, authkey: FAKE_AUTHKEY }).post('Sale', {
    ReferenceId: ref,
    Amount: cents / 100,
    PaymentType: 'Credit',
    GetReceipt: 'No',
  });
  expect(answer.body.GeneralResponse).toMatchObject({ ResultCode: '0' });
}

/** Profile p<n> for terminal n of `ids`, at `url` (asked each time), as the rebuild lists and reaches them. */
function terminals(ids: number[], url: () => string = () => sim.url): BatchRebuildDeps['terminal'] {
  return {
    profiles: {
      target: (id?: string) => fakeProfiles(url()).target(id),
      list: async () =>
        ({
          profiles: ids.map((n) => ({ id: `p${n}`, tpn: fakeTpn(n) })),
          activeId: null,
        }) as unknown as Awaited<ReturnType<BatchRebuildDeps['terminal']['profiles']['list']>>,
    },
  };
}

/** Tells the journal's high-water record that `lost` more entries were written than the database holds. */
function claimLost(folder: string, lost: number): void {
  const { file, mark } = HighWater.open(folder);
  file.reset({ entries: (mark?.entries ?? 0) + lost, seq: (mark?.seq ?? 0) + lost });
  file.close();
}

describe('rebuilding a lost journal tail from the terminals', () => {
  it("restores what the terminal recorded after the journal's newest kept sale, with the terminal's amounts, once", async () => {
    dir = mkdtempSync(join(tmpdir(), 'batch-rebuild-'));
    const tpn = fakeTpn(1);
    // Before this PC's kept sales: another register's, which the rebuild must not take for this PC's.
    await saleElsewhere(tpn, 'OTHERREG1', 999);
    let journal = openJournal(dir);
    for (const [ref, cents] of [
      ['KEPT1', 1200],
      ['KEPT2', 3400],
    ] as const) {
      expect((await runSale(fastDeps(journal, sim.url), saleForm(ref, cents))).outcome).toBe('approved');
    }
    await journal.close();
    // The two "lost" sales reached the terminal; the database never got their entries.
    await saleElsewhere(tpn, 'LOST1', 5678);
    await saleElsewhere(tpn, 'LOST2', 901);
    claimLost(dir, 2);

    journal = openJournal(dir);
    expect(journal.tailLoss()).toMatchObject({ missing: 2, restored: 0, rebuilt: false });
    expect(await rebuildLostTail({ terminal: terminals([1]), journal })).toBe(true);
    expect(journal.tailLoss()).toMatchObject({ missing: 2, restored: 2, rebuilt: true, unread: [] });
    const entries = await allEntries(journal);
    const restored = entries.filter((e) => e.outcome?.recovery?.how === 'terminal-batch');
    expect(restored.map((e) => [e.intent.ref, e.intent.amountCents, e.outcome?.result, e.outcome?.approvedCents]).sort()).toEqual([
      ['LOST1', 5678, 'approved', 5678],
      ['LOST2', 901, 'approved', 901],
    ]);
    // The terminal's own record, as Status gives it: transaction number and AuthCode match.
    const records = sim.control.getState(tpn).records as unknown as { ReferenceId: string; TransactionNumber: string; AuthCode: string }[];
    for (const entry of restored) {
      const record = records.find((r) => r.ReferenceId === entry.intent.ref);
      expect([entry.outcome?.transactionNumber, entry.outcome?.authCode]).toEqual([record?.TransactionNumber, record?.AuthCode]);
    }
    expect(entries.some((e) => e.intent.ref === 'OTHERREG1')).toBe(false);

    // Run again (a crash before the note was saved): nothing written twice.
    journal.saveTailLoss({ ...(journal.tailLoss() as NonNullable<ReturnType<typeof journal.tailLoss>>), rebuilt: false, read: [] });
    expect(await rebuildLostTail({ terminal: terminals([1]), journal })).toBe(true);
    expect((await allEntries(journal)).map((e) => e.intent.ref).sort()).toEqual(['KEPT1', 'KEPT2', 'LOST1', 'LOST2']);
    await journal.close();

    // The next start: rebuilt, so no banner any more; the high-water record counts the restored entries.
    journal = openJournal(dir);
    expect(journal.tailLoss()).toBeUndefined();
    await journal.close();
  });

  it('names a terminal it cannot read and reads it on a later try; the banner stays until then', async () => {
    dir = mkdtempSync(join(tmpdir(), 'batch-rebuild-'));
    await openJournal(dir).close();
    await saleElsewhere(fakeTpn(2), 'LOSTB1', 2500);
    claimLost(dir, 1);
    const journal = openJournal(dir);
    let second = await closedPortUrl();
    const deps = { terminal: terminals([2], () => second), journal };
    expect(await rebuildLostTail(deps)).toBe(false);
    expect(journal.tailLoss()).toMatchObject({ restored: 0, rebuilt: false, unread: [{ tpn: fakeTpn(2) }] });
    second = sim.url;
    expect(await rebuildLostTail(deps)).toBe(true);
    expect(journal.tailLoss()).toMatchObject({ missing: 1, restored: 1, rebuilt: true, unread: [] });
    await journal.close();
  });
});
