// Issue 24, item 1: Status searches the open batch only, so its "not found" after the batch was
// settled must never read as "no money moved". A Sale is approved but its answer is lost; the first
// lookups meet a busy proxy (2008); another register settles the batch; the lookup then finds
// nothing. The sale was charged (it is in the settled batch): the cashier must not be told to
// charge again. Through the real simulator over loopback HTTP, with a proxy that drops the Sale's
// answer and answers the first lookups busy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../simulator';
import { MemoryJournal } from '../../electron/services/journal/sqlite-journal';
import { toEntryView } from '../../electron/services/journal/entry-view';
import { runSale } from '../../electron/services/payments/sale';
import { runVoid } from '../../electron/services/payments/void';
import { outcomeWords } from '../../renderer/screens/history/outcome-words';
import { startFaultProxy, type FaultPlan, type FaultProxy, type SeenRequest } from '../fault/fault-proxy';
import { allEntries } from '../support/journal-entries';
import { FAKE_AUTHKEY, fakeTpn, fastDeps, saleForm, startFakeSimulator } from '../support/money-move-kit';
import { spinClient } from '../support/simulator-kit';

let sim: RunningSimulator;
let proxy: FaultProxy;
/** Per test: what the proxy does to each request. */
let plan: (request: SeenRequest) => FaultPlan | null = () => null;

beforeAll(async () => {
  sim = await startFakeSimulator(4, 20);
  proxy = await startFaultProxy(sim.url, (request) => plan(request));
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});

/** Another register on the same terminal: straight to the simulator, not through this PC's proxy. */
const otherRegister = (n: number) => spinClient(sim.url, { tpn: fakeTpn(n), authkey: FAKE_AUTHKEY });

/**
 * The lost sale `ref` (or another `endpoint` naming it): its answer dropped after the simulator carried it out (or before it got
 * there: `reachesTerminal` false), then two busy lookups; `between` runs while the third lookup is
 * held busy, and the lookups go through only once it is done.
 */
function loseSale(ref: string, reachesTerminal: boolean, between: () => Promise<unknown>, endpoint = 'Sale') {
  let done = false;
  let running: Promise<unknown> | undefined;
  plan = (request) => {
    if (request.referenceId !== ref) return null;
    if (request.endpoint === endpoint) return { fault: reachesTerminal ? 'drop-after-forward' : 'drop-before-forward' };
    if (request.endpoint !== 'Status' || done) return null;
    if (proxy.count('Status', ref) >= 2)
      running ??= between().then(() => {
        done = true;
      });
    return { fault: 'busy' };
  };
}

const deps = (journal: MemoryJournal) => fastDeps(journal, proxy.url, { policy: { busyMaxMs: 100 } });

describe('"not found" after the batch was settled (issue 24, item 1)', () => {
  it("answer lost, busy lookups, another register settles: 'charged or not: check the settled batch', never 'no money moved'", async () => {
    const journal = new MemoryJournal();
    plan = () => null;
    // An earlier sale of this PC is in the open batch: the witness of the batch the next one lands in.
    expect((await runSale(deps(journal), saleForm('STLA1', 1200, 'p1'))).outcome).toBe('approved');
    loseSale('STLB1', true, () => otherRegister(1).post('Settle', { SettlementType: 'Close' }));

    const result = await runSale(deps(journal), saleForm('STLB1', 4200, 'p1'));

    // The sale was charged: it is in the batch the other register settled.
    const settled = sim.control.getState(fakeTpn(1)).settlements;
    expect(settled).toEqual([expect.objectContaining({ batchNumber: 1, transactionsCount: 2 })]);
    expect(proxy.count('Sale', 'STLB1')).toBe(1);
    expect(proxy.count('Status', 'STLB1')).toBeGreaterThanOrEqual(3);
    // What the cashier reads: never "no money moved", never "start it again as a new sale".
    expect(result.outcome).toBe('settled-unknown');
    expect(result.explanation).toMatch(/batch was settled/);
    expect(result.remedy).toMatch(/Do not charge again/);
    for (const words of [result.explanation, result.remedy, result.message]) {
      expect(words).not.toMatch(/no money moved|new sale:|start it again/i);
    }
    // The journal keeps it flagged, and History says so.
    const entry = (await allEntries(journal)).find((e) => e.intent.ref === 'STLB1');
    expect(entry?.intent.batch).toEqual({ ref: 'STLA1', paymentType: 'Credit', batchNumber: '1' });
    expect(entry?.outcome).toMatchObject({ result: 'settled-unknown', recovery: { how: 'status-lookup' } });
    expect(entry?.outcome?.message).toMatch(/Charged or not: check the settled batch.*batch 1 was settled since/);
    // Issue 41: beside the English, the same in the catalogue's words, for a page in Spanish to word.
    expect(toEntryView(entry!).outcome?.messageSaid).toEqual({
      key: 'said_settled_unknown',
      params: { operation: 'Sale', why: { key: 'said_settled_why_batch_settled', params: { batch: '1' } } },
    });
    const history = outcomeWords(toEntryView(entry!));
    expect(history).toEqual({ label: expect.stringMatching(/Charged or not .*check the settled batch/), tone: 'warn' });
    expect(history.label).not.toMatch(/no money moved/i);
  });

  it('the same lost answer and busy lookups without a Settle: "not found" still concludes not processed', async () => {
    const journal = new MemoryJournal();
    plan = () => null;
    expect((await runSale(deps(journal), saleForm('STLA2', 1200, 'p2'))).outcome).toBe('approved');
    // Lost before it reached the terminal, so the terminal never carried it out; nothing settles.
    loseSale('STLC2', false, async () => undefined);

    const result = await runSale(deps(journal), saleForm('STLC2', 4200, 'p2'));

    expect(sim.control.getState(fakeTpn(2)).settlements).toEqual([]);
    expect(result.outcome).toBe('failed');
    expect(result.explanation).toMatch(/No money moved/);
    const entry = (await allEntries(journal)).find((e) => e.intent.ref === 'STLC2');
    expect(entry?.outcome?.result).toBe('not-processed');
    // The witness was asked after the last "not found" and showed the same batch still open.
    const lastNotFound = proxy.seen.findLastIndex((s) => s.endpoint === 'Status' && s.referenceId === 'STLC2');
    expect(proxy.seen.slice(lastNotFound + 1).map((s) => `${s.endpoint} ${s.referenceId}`)).toEqual(['Status STLA2']);
  });

  it("this PC's own Settle after the intent is enough to stop 'not processed', even without a witness", async () => {
    const journal = new MemoryJournal();
    // No earlier sale: nothing witnesses the batch; the journal's Settle (sent from another window of this PC) does.
    loseSale('STLD3', true, async () => {
      const settle = await journal.recordIntent({
        op: 'Settle',
        ref: 'STLS3',
        tpn: fakeTpn(3),
        profileId: 'p3',
        amountCents: 0,
        tipCents: 0,
        deadlineMs: Date.now(),
      });
      await otherRegister(3).post('Settle', { SettlementType: 'Close', ReferenceId: 'STLS3' });
      await journal.recordOutcome(settle.intent.id, { result: 'approved', statusCode: '0000', message: 'BATCH 1 CLOSED' });
    });

    const result = await runSale(deps(journal), saleForm('STLD3', 4200, 'p3'));

    expect(result.outcome).toBe('settled-unknown');
    const entry = (await allEntries(journal)).find((e) => e.intent.ref === 'STLD3');
    expect(entry?.intent.batch).toBeUndefined();
    expect(entry?.outcome?.message).toMatch(/this PC sent a Settle \(STLS3\)/);
    expect(toEntryView(entry!).outcome?.messageSaid?.params.why).toEqual({
      key: 'said_settled_why_our_settle',
      params: { reference: 'STLS3', at: expect.any(String) },
    });
  });

  it('a Void whose answer is lost across a Settle is not called "not voided" either', async () => {
    const journal = new MemoryJournal();
    plan = () => null;
    expect((await runSale(deps(journal), saleForm('STLV4', 4200, 'p4'))).outcome).toBe('approved');
    loseSale('STLV4', true, () => otherRegister(4).post('Settle', { SettlementType: 'Close' }), 'Void');

    const result = await runVoid(deps(journal), {
      profileId: 'p4',
      referenceId: 'STLV4',
      amountCents: 4200,
      paymentType: 'Credit',
      getReceipt: 'No',
    });

    // The void went through before the batch closed: the settled batch counts it as voided.
    expect(sim.control.getState(fakeTpn(4)).settlements.at(-1)).toMatchObject({ transactionsCount: 1, totalCents: 0 });
    expect(result.outcome).toBe('settled-unknown');
    expect(result.remedy).toMatch(/Do not send it again yet/);
    expect(`${result.explanation} ${result.remedy}`).not.toMatch(/not voided|void it again|no money moved/i);
    const entry = (await allEntries(journal)).find((e) => e.intent.op === 'Void');
    expect(entry?.outcome?.result).toBe('settled-unknown');
  });
});
