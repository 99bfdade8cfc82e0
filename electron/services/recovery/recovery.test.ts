import { describe, expect, it, vi } from 'vitest';
import { FAKE_AUTHKEY, fakeTpn, fastDeps, recordingFetch, saleForm, type SentRequest } from '../../../tests/support/money-move-kit';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { spinClient } from '../../../tests/support/simulator-kit';
import { MemoryJournal } from '../journal/sqlite-journal';
import { resumeMoneyMove } from '../payments/money-move';
import { runSale } from '../payments/sale';
import { Reconciler } from './reconciler';
import type { ProgressEvent } from './recovery-registry';
import { allEntries } from '../../../tests/support/journal-entries';

// Unknown outcomes: what the runner does when the answer to a Sale is lost, and what start-up
// reconciliation does with entries a crash left behind. Faults are injected with a fetch wrapper
// here; tests/fault does the same over real sockets.

const sim = fakeSimulatorPerFile(2, 5);
const TPN = fakeTpn(1);

const dropped = () => new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });

/** fetch that fails requests to `path` (before or after the server saw them) while `active()` says so. */
function faultyFetch(path: string, mode: 'before-server' | 'after-server', active: () => boolean = () => true): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.endsWith(path) || !active()) return fetch(input, init);
    if (mode === 'after-server') await (await fetch(input, init)).text();
    throw dropped();
  };
}

/** Another register on the same terminal (straight to the simulator's HTTP API). */
const otherRegister = () => spinClient(sim.url, { tpn: TPN, authkey: FAKE_AUTHKEY });
const otherSale = (ref: string) =>
  otherRegister().post('Sale', { Amount: 9.99, TipAmount: 0, PaymentType: 'Credit', ReferenceId: ref, GetReceipt: 'No' });

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('unknown outcome -> Status lookup', () => {
  it('recovers an approval whose answer was lost, and says so', async () => {
    const journal = new MemoryJournal();
    const deps = fastDeps(journal, sim.url, { clientOptions: { fetch: faultyFetch('/Sale', 'after-server') } });
    const result = await runSale(deps, saleForm('RC0001', 2500));
    expect(result).toMatchObject({
      outcome: 'approved',
      amounts: { amount: 2500 },
      recovery: { how: 'status-lookup', reason: expect.stringMatching(/connection dropped/) },
    });
    expect(journal.lines().map((l) => l.t)).toEqual(['intent', 'unknown', 'outcome']);
  });

  it('Status 1001 after the deadline means "not processed" (1001 before it is not trusted)', async () => {
    // Another register's sale in the open batch: the witness that no Settle came in between.
    await otherSale('RC0002W');
    const journal = new MemoryJournal();
    const deps = fastDeps(journal, sim.url, { clientOptions: { fetch: faultyFetch('/Sale', 'before-server') } });
    const started = Date.now();
    const result = await runSale(deps, saleForm('RC0002', 2500));
    const entry = journal.pending().length === 0 ? (await allEntries(journal))[0] : undefined;
    expect(result).toMatchObject({ outcome: 'failed', recovery: { how: 'status-lookup' } });
    expect(result.explanation).toMatch(/No money moved/);
    expect(entry?.outcome?.result).toBe('not-processed');
    // Deadline = SPInProxyTimeout 1 s + 200 ms grace + 100 ms margin.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1250);
    expect(sim.control.getState(TPN).records.map((r) => r.ReferenceId)).toEqual(['RC0002W']);
  });

  it('treats 2007 (terminal never answered) as unknown and settles it by Status', async () => {
    await otherSale('RC0003W');
    const journal = new MemoryJournal();
    sim.control.queueOutcome(TPN, { kind: 'noAnswer' });
    // A wide grace: the simulator's 2007 comes at SPInProxyTimeout (1 s), and on a loaded machine it
    // can reach us later than the fast 200 ms grace, which would read as our own timeout instead.
    const result = await runSale(fastDeps(journal, sim.url, { clientOptions: { httpGraceMs: 5_000 } }), saleForm('RC0003', 300));
    expect(result).toMatchObject({ outcome: 'failed', recovery: { reason: expect.stringMatching(/2007/) } });
    expect(journal.lines().find((l) => l.t === 'unknown')).toMatchObject({ reason: expect.stringMatching(/2007/) });
  });

  it('waits out 2008 on a Status lookup (countdown), then finds the record', async () => {
    const journal = new MemoryJournal();
    // Status calls once the Sale went (the lookup's, not the witness read's before it).
    let statusCalls = 0;
    let saleSent = false;
    const busyOnce: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      saleSent ||= url.endsWith('/Sale');
      if (saleSent && url.endsWith('/Status') && statusCalls++ === 0) {
        return json({ GeneralResponse: { ResultCode: '2', StatusCode: '2008', Message: 'Terminal in use', DelayBeforeNextRequest: 1 } });
      }
      return faultyFetch('/Sale', 'after-server')(input, init);
    };
    const deps = fastDeps(journal, sim.url, { clientOptions: { fetch: busyOnce } });
    const events: ProgressEvent[] = [];
    deps.registry.onProgress((e) => events.push(e));
    const result = await runSale(deps, saleForm('RC0004', 400));
    expect(result.outcome).toBe('approved');
    const wait = events.find((e) => e.phase === 'busy-wait');
    expect(wait?.untilMs).toBeDefined();
    expect(statusCalls).toBe(2);
  });

  it('backs off on lookup failures and stops when asked: OUTCOME_UNKNOWN, entry stays pending', async () => {
    const journal = new MemoryJournal();
    const deps = fastDeps(journal, sim.url, { clientOptions: { fetch: faultyFetch('/Sale', 'after-server') } });
    deps.clientOptions = {
      ...deps.clientOptions,
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith('/Status')) throw dropped();
        return faultyFetch('/Sale', 'after-server')(input, init);
      },
    };
    const waits: number[] = [];
    deps.registry.onProgress((e) => {
      if (e.phase === 'retry-wait' && e.untilMs) waits.push(Math.round((e.untilMs - Date.now()) / 50) * 50);
      if (waits.length === 4) deps.registry.stop('RC0005');
    });
    await expect(runSale(deps, saleForm('RC0005', 500))).rejects.toMatchObject({ detail: { code: 'OUTCOME_UNKNOWN' } });
    expect(waits).toEqual([50, 100, 200, 400]);
    expect(journal.pending().map((e) => e.intent.ref)).toEqual(['RC0005']);
    // The approval is real: a later lookup (after a restart, or journal:recover) finds it.
    const again = await resumeMoneyMove(fastDeps(journal, sim.url), journal.pending()[0]!);
    expect(again.entry.outcome).toMatchObject({ result: 'approved', recovery: { how: 'status-lookup' } });
  });

  it('never sends a second Sale for a reference whose outcome is unknown', async () => {
    const journal = new MemoryJournal();
    let sales = 0;
    let statusDown = true;
    const deps = fastDeps(journal, sim.url, {
      clientOptions: {
        fetch: async (input, init) => {
          const url = input instanceof Request ? input.url : String(input);
          if (url.endsWith('/Sale')) sales += 1;
          if (url.endsWith('/Status') && statusDown) throw dropped();
          return faultyFetch('/Sale', 'after-server')(input, init);
        },
      },
    });
    const first = runSale(deps, saleForm('RC0006', 600));
    await new Promise((resolve) => setTimeout(resolve, 150));
    await expect(runSale(deps, saleForm('RC0006', 600))).rejects.toMatchObject({ detail: { code: 'BAD_INPUT' } });
    statusDown = false;
    expect(await first).toMatchObject({ outcome: 'approved', recovery: { how: 'status-lookup' } });
    expect(sales).toBe(1);
  });
});

describe('start-up reconciliation', () => {
  it('resolves every pending entry, per terminal in journal order, without resending', async () => {
    const journal = new MemoryJournal();
    const past = Date.now() - 1000;
    // ST0003's witness: ST0001, in the batch open when it was written (as the app would have read it).
    const batch = { ref: 'ST0001', paymentType: 'Credit', batchNumber: String(sim.control.getState(fakeTpn(1)).batchNumber) };
    const intent = (ref: string, profileId: string, cents: number) =>
      journal.recordIntent({
        ...(ref === 'ST0003' ? { batch } : {}),
        op: 'Sale',
        ref,
        tpn: fakeTpn(Number(profileId.slice(1))),
        profileId,
        paymentType: 'Credit',
        amountCents: cents,
        tipCents: 0,
        deadlineMs: past,
      });
    // A crash left three entries: two went through (the terminal has them), one never left the app.
    await intent('ST0001', 'p1', 100);
    await intent('ST0002', 'p2', 200);
    await intent('ST0003', 'p1', 300);
    sim.control.addOfflineTransaction(fakeTpn(1), { referenceId: 'ST0001', amount: 1 });
    sim.control.addOfflineTransaction(fakeTpn(2), { referenceId: 'ST0002', amount: 2 });
    const deps = fastDeps(journal, sim.url);
    const order: string[] = [];
    deps.registry.onProgress((e) => e.phase === 'looking-up' && order.push(e.referenceId));
    const reconciler = new Reconciler(journal, (entry) => resumeMoneyMove(deps, entry), { error: () => undefined });
    reconciler.start();
    expect(reconciler.reconciling).toBe(true);
    await reconciler.done;
    expect(reconciler.reconciling).toBe(false);
    const results = Object.fromEntries((await allEntries(journal)).map((e) => [e.intent.ref, e.outcome?.result]));
    expect(results).toEqual({ ST0001: 'approved', ST0002: 'approved', ST0003: 'not-processed' });
    // One entry after the other, in journal order; an entry may take several lookups
    // (ST0003: Status, the idle check, Status again).
    const lane = order.filter((r) => r !== 'ST0002');
    expect(lane).toEqual([...lane].sort());
    expect([...new Set(lane)]).toEqual(['ST0001', 'ST0003']);
    expect(sim.control.getState(fakeTpn(1)).records).toHaveLength(1);
  });
});

describe('a clock that moved back (issue 37, case 6)', () => {
  const DAY_MS = 86_400_000;
  const pendingSale = (journal: MemoryJournal, ref: string, cents: number, deadlineMs: number) =>
    journal.recordIntent({
      op: 'Sale',
      ref,
      tpn: TPN,
      profileId: 'p1',
      paymentType: 'Credit',
      amountCents: cents,
      tipCents: 0,
      deadlineMs,
    });

  it('a charged sale pending behind one whose deadline is a day away concludes without waiting for it', async () => {
    const journal = new MemoryJournal();
    // Written while the host's clock ran a day ahead, then the clock was put right: its deadline is a day off.
    const stalled = await pendingSale(journal, 'DAY0001', 100, Date.now() + DAY_MS);
    const charged = await pendingSale(journal, 'DAY0002', 200, Date.now() - 1000);
    sim.control.addOfflineTransaction(TPN, { referenceId: 'DAY0002', amount: 2 });
    const deps = fastDeps(journal, sim.url);
    const reconciler = new Reconciler(journal, (entry, parked) => resumeMoneyMove(deps, entry, { parked }), { error: () => undefined });
    reconciler.start();
    try {
      await vi.waitFor(() => expect(journal.get(charged.intent.id)?.outcome?.result).toBe('approved'), { timeout: 5_000, interval: 20 });
      // The first is still waiting on its (clamped) deadline: it was passed, not finished first.
      expect(journal.get(stalled.intent.id)?.outcome).toBeUndefined();
    } finally {
      reconciler.stop();
      deps.registry.stop();
      await reconciler.done;
    }
  });

  it("looks up within the request's own window (or the longest timeout) from now a deadline written a day ahead", async () => {
    const journal = new MemoryJournal();
    // The clock ran a day ahead when the intent was written (its time and deadline both a day off)...
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + DAY_MS });
    const dayAhead = await pendingSale(journal, 'DAY0003', 300, Date.now() + 1_300);
    vi.useRealTimers();
    // ...or only the stored deadline is a day off: the longest SPInProxyTimeout + grace bounds it.
    const farDeadline = await pendingSale(journal, 'DAY0004', 400, Date.now() + DAY_MS);
    const deps = fastDeps(journal, sim.url, { policy: { deadlineCapMs: 500 } });
    try {
      const [first, second] = await Promise.all([resumeMoneyMove(deps, dayAhead), resumeMoneyMove(deps, farDeadline)]);
      expect(first.entry.outcome?.recovery).toMatchObject({ how: 'status-lookup' });
      expect(second.entry.outcome?.recovery).toMatchObject({ how: 'status-lookup' });
      expect(journal.pending()).toEqual([]);
    } finally {
      deps.registry.stop();
    }
  }, 10_000);
});

describe('the batch boundary without a witness (issue 37, case 7)', () => {
  /** The Sale reaches the terminal and is charged, then another register settles, then our answer is lost. */
  const settledThenLost: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.endsWith('/Sale')) return fetch(input, init);
    await (await fetch(input, init)).text();
    await otherRegister().post('Settle', { SettlementType: 'Close' });
    throw dropped();
  };

  it('another register settles between the lost answer and the lookup: the charged sale is never "not processed"', async () => {
    // The day's first sale (the open batch empty), and one after another register's sale: no approval of this PC either way.
    for (const [ref, before] of [
      ['FS0001', undefined],
      ['FS0002', 'OTHER01'],
    ] as const) {
      sim.control.reset();
      if (before) await otherSale(before);
      const journal = new MemoryJournal();
      const result = await runSale(fastDeps(journal, sim.url, { clientOptions: { fetch: settledThenLost } }), saleForm(ref, 1500));
      expect(sim.control.getState(TPN).settlements).toHaveLength(1);
      const entry = (await allEntries(journal)).find((e) => e.intent.ref === ref);
      expect(entry?.outcome?.result, ref).toBe('settled-unknown');
      expect(entry?.outcome?.message).toMatch(/^Charged or not: check the settled batch/);
      expect(result.explanation).not.toMatch(/No money moved|Start it again/);
    }
  });

  it('a witness read from the terminal with the intent still lets a sale that never reached it end "not processed"', async () => {
    // The plain simulator's 1001 names no batch (as the recorded one): the witness is the open batch's
    // oldest transaction (StatusList), asked for after the last "not found". A service whose 1001 did
    // name the batch it searched (not seen live: added here to the simulator's answer) is its own
    // witness: the lookup's own "not found" names the same batch.
    for (const [ref, namesBatch, expected] of [
      ['FS0003', false, ['Status FS0003', 'StatusList']],
      ['FS0004', true, ['Status FS0004']],
    ] as const) {
      sim.control.reset();
      await otherSale('OTHER02');
      const sent: SentRequest[] = [];
      const record = recordingFetch(sent);
      const journal = new MemoryJournal();
      const lostBeforeTerminal: typeof fetch = async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith('/Sale')) throw dropped();
        const answer = await record(input, init);
        if (!namesBatch || !url.endsWith('/Status')) return answer;
        const body = (await answer.json()) as { GeneralResponse?: { StatusCode?: string } } & Record<string, unknown>;
        const searched = body.GeneralResponse?.StatusCode === '1001' ? { BatchNumber: String(sim.control.getState(TPN).batchNumber) } : {};
        return new Response(JSON.stringify({ ...body, ...searched }), { status: answer.status, headers: answer.headers });
      };
      const result = await runSale(fastDeps(journal, sim.url, { clientOptions: { fetch: lostBeforeTerminal } }), saleForm(ref, 1600));
      expect(result.outcome, ref).toBe('failed');
      expect((await allEntries(journal))[0]?.outcome?.result, ref).toBe('not-processed');
      expect(sim.control.getState(TPN).records.map((r) => r.ReferenceId)).toEqual(['OTHER02']);
      const seen = sent.map((s) => `${s.path.split('/').at(-1)} ${String(s.body.ReferenceId ?? '')}`.trim());
      expect(seen.slice(0, expected.length), ref).toEqual(expected);
      const lastNotFound = seen.lastIndexOf(`Status ${ref}`);
      expect(seen.slice(lastNotFound + 1), ref).toEqual(namesBatch ? [] : ['Status OTHER02']);
    }
  });
});
