import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileView } from '@shared/ipc/profile-views';
import { explainCode } from '@shared/spin/codes';
import type { RunningSimulator } from '../../../simulator';
import {
  FAKE_AUTHKEY,
  fakeTpn,
  fastDeps,
  lastBodyTo,
  recordingFetch,
  saleForm,
  startFakeSimulator,
  type SentRequest,
} from '../../../tests/support/money-move-kit';
import { startFaultProxy, type FaultPlan, type FaultProxy, type SeenRequest } from '../../../tests/fault/fault-proxy';
import { toAppError } from '../to-app-error';
import { MemoryJournal } from '../journal/sqlite-journal';
import { runSale } from '../payments/sale';
import type { TerminalTarget } from '../profiles/profile-service';
import { RecoveryRegistry } from '../recovery/recovery-registry';
import { fetchSummary } from '../reports/fetch-reports';
import { runSettle } from '../reports/settle';
import type { SpinClientOptions } from '../spin/spin-client';
import { ReportLane } from '../terminal/report-lane';
import { TerminalActivity } from '../terminal/terminal-activity';
import { BatchFigures } from './batch-figures';
import { SettleAll, settlePlan } from './settle-all';
import { checkStore } from './store-check';

// The Store screen's runs over every terminal against the real simulator over loopback (issue 36):
// Check before settling never reassures past what it read, a terminal shared by two merchant
// profiles counts once, Settle and Summary carry the profile's MerchantNumber, a Settle whose
// answer was lost keeps its totals (or says they are not known), and a lookup does not hold Settle
// all open. Authkeys are obvious fakes.

let sim: RunningSimulator;
/** In front of the simulator: breaks the requests `faults` names, as real networks do (tests/fault). */
let proxy: FaultProxy;
let faults: (request: SeenRequest) => FaultPlan | null = () => null;

beforeAll(async () => {
  sim = await startFakeSimulator(3, 0);
  proxy = await startFaultProxy(sim.url, (request) => faults(request));
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});
beforeEach(() => {
  sim.control.reset();
  faults = () => null;
});

interface Lane {
  id: string;
  tpn: string;
  merchantNumber: number | null;
}

/** Profiles on the simulator: "m1"/"m2" share terminal 1 as merchants 1 and 2; "p2", "p3" are terminals 2 and 3. */
const LANES: Lane[] = [
  { id: 'm1', tpn: fakeTpn(1), merchantNumber: 1 },
  { id: 'm2', tpn: fakeTpn(1), merchantNumber: 2 },
  { id: 'p2', tpn: fakeTpn(2), merchantNumber: null },
  { id: 'p3', tpn: fakeTpn(3), merchantNumber: null },
];

function storeDeps(lanes: Lane[], extra: { clientOptions?: SpinClientOptions; registry?: RecoveryRegistry } = {}) {
  const base = fastDeps(new MemoryJournal(), proxy.url, extra);
  const laneOf = (id = lanes[0]?.id) => {
    const lane = lanes.find((candidate) => candidate.id === id);
    if (!lane) throw new Error(`no lane ${id}`);
    return lane;
  };
  const view = (lane: Lane): ProfileView => ({
    id: lane.id,
    name: `Lane ${lane.id}`,
    environment: 'custom',
    endpointLabel: proxy.url,
    tpn: lane.tpn,
    proxyTimeoutSeconds: 1,
    merchantNumber: lane.merchantNumber,
    hasAuthkey: true,
  });
  const profiles = {
    list: async () => ({ profiles: lanes.map(view), activeId: lanes[0]?.id ?? null }),
    target: async (id?: string): Promise<TerminalTarget> => {
      const lane = laneOf(id);
      return {
        profileId: lane.id,
        baseUrl: proxy.url,
        tpn: lane.tpn,
        authkey: FAKE_AUTHKEY,
        proxyTimeoutSeconds: 1,
        merchantNumber: lane.merchantNumber,
      };
    },
  };
  return {
    ...base,
    profiles,
    activity: new TerminalActivity(),
    reportLane: new ReportLane(),
    figures: new BatchFigures(),
  };
}

async function sale(deps: ReturnType<typeof storeDeps>, profileId: string, referenceId: string, amountCents: number) {
  const result = await runSale(deps, saleForm(referenceId, amountCents, profileId));
  expect(result.outcome).toBe('approved');
}

describe('Check before settling (all)', () => {
  it('names what this PC recorded on each terminal it could not read, and never says every batch matches', async () => {
    const deps = storeDeps([LANES[0] as Lane, LANES[2] as Lane, LANES[3] as Lane]);
    await sale(deps, 'm1', 'CHK1', 4000);
    await sale(deps, 'p2', 'CHK2', 10000);
    await sale(deps, 'p3', 'CHK3', 1875);
    // Two terminals stopped before the check: their batches cannot be read.
    sim.control.setOnline(fakeTpn(2), false);
    sim.control.setOnline(fakeTpn(3), false);

    const check = await checkStore(deps);
    const rows = Object.fromEntries(check.terminals.map((row) => [row.profileId, row]));
    expect(rows.p2).toMatchObject({ report: null, recordedCents: 10000 });
    expect(rows.p3).toMatchObject({ report: null, recordedCents: 1875 });
    expect(rows.m1).toMatchObject({ recordedCents: 4000, report: { totals: { journalCents: 4000, batchCents: 4000 } } });
    // The store line: what was read matches, and what was not is named with its amount.
    expect(check.store).toMatchObject({ journalCents: 4000, batchCents: 4000, unread: 2, uncheckedCents: 11875, differences: 0 });
  });

  it('counts a terminal shared by two merchant profiles once in the store line', async () => {
    const deps = storeDeps([LANES[0] as Lane, LANES[1] as Lane]);
    await sale(deps, 'm1', 'TWO1', 12000);
    const check = await checkStore(deps);
    expect(check.terminals.map((row) => [row.profileId, row.merchantNumber, row.report?.totals.batchCents])).toEqual([
      ['m1', 1, 12000],
      ['m2', 2, 12000],
    ]);
    expect(check.store).toMatchObject({ journalCents: 12000, batchCents: 12000, unread: 0, uncheckedCents: 0 });
  });
});

describe('a multi-merchant terminal', () => {
  it('sends the profile’s MerchantNumber with Settle and Summary, and the simulator closes for that merchant', async () => {
    const sent: SentRequest[] = [];
    const deps = storeDeps([LANES[0] as Lane, LANES[1] as Lane], { clientOptions: { fetch: recordingFetch(sent) } });
    await sale(deps, 'm2', 'MM1', 2500);
    await fetchSummary(deps, { profileId: 'm2' });
    expect(lastBodyTo(sent, '/Summary')).toMatchObject({ Tpn: fakeTpn(1), MerchantNumber: 2 });

    const plan = await settlePlan(deps);
    expect(plan.terminals.map((row) => [row.profileId, row.merchantNumber, row.openTotalCents])).toEqual([
      ['m1', 1, 2500],
      ['m2', 2, 2500],
    ]);
    const report = await new SettleAll().run(deps, { terminals: [{ profileId: 'm2', referenceId: 'MMSETTLE2' }], settlementType: 'Close' });
    expect(report.terminals).toMatchObject([{ profileId: 'm2', phase: 'done', result: { outcome: 'settled' } }]);
    expect(lastBodyTo(sent, '/Settle')).toMatchObject({ ReferenceId: 'MMSETTLE2', MerchantNumber: 2 });
    // What the simulator received: the close of merchant 2.
    expect(sim.control.getState(fakeTpn(1)).settlements).toMatchObject([{ batchNumber: 1, merchantNumber: 2, totalCents: 2500 }]);
  });

  it('settles both merchants of one terminal in one run, one after the other, each Settle naming its merchant', async () => {
    const sent: SentRequest[] = [];
    const deps = storeDeps([LANES[0] as Lane, LANES[1] as Lane], { clientOptions: { fetch: recordingFetch(sent) } });
    await sale(deps, 'm1', 'MM2', 1200);
    const report = await new SettleAll().run(deps, {
      terminals: [
        { profileId: 'm1', referenceId: 'MMSETTLE3' },
        { profileId: 'm2', referenceId: 'MMSETTLE4' },
      ],
      settlementType: 'Close',
    });
    // Two rows, one per profile; neither refused as busy by the other (one lane per terminal).
    expect(report.terminals.map((row) => [row.profileId, row.merchantNumber, row.phase])).toEqual([
      ['m1', 1, 'done'],
      ['m2', 2, 'done'],
    ]);
    const settles = sent
      .filter((request) => request.path.endsWith('/Settle'))
      .map((request) => [request.body.ReferenceId, request.body.MerchantNumber]);
    expect(settles.sort()).toEqual([
      ['MMSETTLE3', 1],
      ['MMSETTLE4', 2],
    ]);
    // The simulator keeps one batch per terminal (nothing public says otherwise): the first close takes
    // it, named by that merchant; the second finds nothing open (1020).
    const closes = sim.control.getState(fakeTpn(1)).settlements;
    expect(closes).toHaveLength(1);
    const first = report.terminals.find((row) => row.result?.outcome === 'settled');
    expect(closes[0]).toMatchObject({ merchantNumber: first?.merchantNumber, totalCents: 1200 });
    expect(report.terminals.map((row) => row.result?.outcome).sort()).toEqual(['nothing-to-settle', 'settled']);
  });

  it('does not leave a merchant out as busy because the other merchant of its terminal is settling in the same run', async () => {
    // Merchant 1's Settle is held on the wire until merchant 2's last look for a request in the way
    // (just before it settles) has seen it there.
    let m1Sending: () => void = () => undefined;
    const m1Sent = new Promise<void>((resolve) => (m1Sending = resolve));
    let m2Looked: () => void = () => undefined;
    const m2Checked = new Promise<void>((resolve) => (m2Looked = resolve));
    const holdM1: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const body = JSON.parse(await request.clone().text()) as Record<string, unknown>;
      if (request.url.endsWith('/Settle') && body.MerchantNumber === 1) {
        m1Sending();
        await m2Checked;
      }
      return fetch(request);
    };
    const deps = storeDeps([LANES[0] as Lane, LANES[1] as Lane], { clientOptions: { fetch: holdM1 } });
    await sale(deps, 'm1', 'MM3', 900);
    const target = deps.profiles.target;
    let m2Targets = 0;
    deps.profiles.target = async (id) => {
      // The run's first look at merchant 2 is its check for a request in the way, just before it settles.
      if (id === 'm2' && ++m2Targets === 1) {
        await m1Sent;
        setTimeout(m2Looked, 0);
      }
      return target(id);
    };
    const report = await new SettleAll().run(deps, {
      terminals: [
        { profileId: 'm1', referenceId: 'MMSETTLE5' },
        { profileId: 'm2', referenceId: 'MMSETTLE6' },
      ],
      settlementType: 'Close',
    });
    expect(report.terminals.map((row) => [row.profileId, row.phase, row.result?.outcome ?? row.error?.code])).toEqual([
      ['m1', 'done', 'settled'],
      ['m2', 'done', 'nothing-to-settle'],
    ]);
  });
});

/** The fault proxy's plan for terminal `tpn`'s requests to `endpoint`; the rest pass. */
function onTerminal(tpn: string, plans: Record<string, FaultPlan>): (request: SeenRequest) => FaultPlan | null {
  return (request) => (request.tpn === tpn ? (plans[request.endpoint] ?? null) : null);
}

describe('a Settle whose answer was lost and recovered by lookup', () => {
  it('keeps the totals of the batch it closed, read just before the close, after an HTTP 500', async () => {
    const deps = storeDeps([LANES[2] as Lane]);
    await sale(deps, 'p2', 'LOST1', 3000);
    await sale(deps, 'p2', 'LOST2', 1400);
    // The simulator closes the batch; its answer comes back as HTTP 500.
    faults = onTerminal(fakeTpn(2), { Settle: { fault: 'http-500' } });
    const result = await runSettle(deps, { profileId: 'p2', referenceId: 'LOSTSETTLE1', settlementType: 'Close' });
    expect(result).toMatchObject({ outcome: 'settled', recovery: { how: 'status-lookup' }, totalsKnown: true });
    // The simulator's own record of the close is what the recovered settlement says.
    const closed = sim.control.getState(fakeTpn(2)).settlements[0];
    expect(closed).toMatchObject({ transactionsCount: 2, totalCents: 4400 });
    const totals = result.details.map((detail) => detail.totals);
    expect(totals.reduce((sum, t) => sum + (t?.total ?? 0), 0)).toBe(closed?.totalCents);
    expect(totals.reduce((sum, t) => sum + (t?.count ?? 0), 0)).toBe(closed?.transactionsCount);
    // Sales and returns too, from the batch's own lines, since they add up to its total: the store
    // report then shows the close as Settle would have, not as $0.00 of sales beside a $44.00 net.
    expect(totals.map((t) => [t?.sale, t?.ret])).toEqual([[4400, 0]]);
    // And the journal keeps them, for History, the reprint and the store report.
    const entry = (await deps.journal.usesOf(fakeTpn(2), 'LOSTSETTLE1'))[0];
    expect(entry?.outcome?.settlement).toMatchObject({ totalsKnown: true, details: [{ totals: { total: 4400, count: 2 } }] });
  });

  it('says "settled, totals not known" when the batch could not be read before the close, never $0.00', async () => {
    const deps = storeDeps([LANES[2] as Lane]);
    await sale(deps, 'p2', 'LOST3', 3000);
    // The batch cannot be read before the close, and the close's answer is garbled (cut short).
    faults = onTerminal(fakeTpn(2), { Daily: { fault: 'http-500' }, Settle: { fault: 'truncate', cutBytes: 40 } });
    const result = await runSettle(deps, { profileId: 'p2', referenceId: 'LOSTSETTLE2', settlementType: 'Close' });
    expect(sim.control.getState(fakeTpn(2)).settlements).toHaveLength(1);
    expect(result).toMatchObject({ outcome: 'settled', recovery: { how: 'status-lookup' }, totalsKnown: false, details: [] });
    const entry = (await deps.journal.usesOf(fakeTpn(2), 'LOSTSETTLE2'))[0];
    expect(entry?.outcome?.settlement).toMatchObject({ totalsKnown: false, details: [] });
  });
});

describe('a busy terminal at Settle or a report read', () => {
  // Advice for a payment ("look it up (Status) with the same reference", "a mode that bypasses the
  // register") does not fit a batch call: wait for the other request to end, then settle or read again.
  const paymentAdvice = /Status|bypasses the register|charging again/;

  it('tells the manager to wait for the terminal to finish, then read the report again', async () => {
    const deps = storeDeps([LANES[2] as Lane]);
    sim.control.setInUse(fakeTpn(2), 30);
    const error = toAppError(await fetchSummary(deps, { profileId: 'p2' }).catch((thrown: unknown) => thrown));
    expect(error).toMatchObject({ statusCode: '2008' });
    expect(error.remedy).toMatch(/wait for the terminal to finish the other request, then read the report again/i);
    expect(`${error.message} ${error.remedy}`).not.toMatch(paymentAdvice);
  });

  it('tells the manager to wait for the terminal to finish, then settle again', async () => {
    const deps = { ...storeDeps([LANES[2] as Lane]), policy: { ...fastDeps(new MemoryJournal(), sim.url).policy, maxResends: 0 } };
    await sale(deps, 'p2', 'BUSY1', 1000);
    sim.control.setInUse(fakeTpn(2), 30);
    const result = await runSettle(deps, { profileId: 'p2', referenceId: 'BUSYSETTLE1', settlementType: 'Close' });
    expect(result).toMatchObject({ outcome: 'not-settled', statusCode: '2008' });
    expect(result.remedy).toMatch(/wait for the terminal to finish the other request, then settle again/i);
    expect(`${result.explanation} ${result.remedy}`).not.toMatch(paymentAdvice);
  });

  it('words the terminal’s own busy (1000) the same way for each batch call, and keeps the payment advice for a sale', () => {
    expect(explainCode('1000', 'Daily').remedy).toBe('Wait for the terminal to finish the other request, then read the report again.');
    expect(explainCode('1000', 'Settle').remedy).toBe('Wait for the terminal to finish the other request, then settle again.');
    expect(explainCode('1000', 'Sale').remedy).toMatch(/look the payment up \(Status\)/);
  });
});

describe('Settle all', () => {
  it('ends when the only terminal left is being looked up, hands it to the background, and lets a new run settle the others', async () => {
    const registry = new RecoveryRegistry();
    const deps = { ...storeDeps([LANES[0] as Lane, LANES[2] as Lane], { registry }), lookupGraceMs: 0 };
    await sale(deps, 'm1', 'ALL1', 1000);
    await sale(deps, 'p2', 'ALL2', 2000);
    // Terminal 2's Settle answer is garbled and no Status gets an answer: its lookup would run for minutes.
    faults = onTerminal(fakeTpn(2), { Settle: { fault: 'truncate', cutBytes: 40 }, Status: { fault: 'http-500' } });
    const settleAll = new SettleAll();
    const report = await settleAll.run(deps, {
      terminals: [
        { profileId: 'm1', referenceId: 'ALLSETTLE1' },
        { profileId: 'p2', referenceId: 'ALLSETTLE2' },
      ],
      settlementType: 'Close',
    });
    expect(report.finishedAt).not.toBeNull();
    expect(report.terminals.map((row) => [row.profileId, row.phase, row.result?.outcome ?? null])).toEqual([
      ['m1', 'done', 'settled'],
      ['p2', 'looking-up', null],
    ]);
    // Its lookup goes on: the terminal stays busy, and a new Settle all is not refused for the others.
    expect(registry.inProgress()).toBe(1);
    const plan = await settlePlan(deps);
    expect(plan.terminals.find((row) => row.profileId === 'p2')).toMatchObject({ skip: 'busy' });
    await sale(deps, 'm1', 'ALL3', 500);
    const again = await settleAll.run(deps, { terminals: [{ profileId: 'm1', referenceId: 'ALLSETTLE3' }], settlementType: 'Close' });
    expect(again.terminals).toMatchObject([{ profileId: 'm1', phase: 'done', result: { outcome: 'settled' } }]);
    // Stopping the lookup ends it (the payment stays unknown in the journal, looked up again later).
    registry.stop('ALLSETTLE2');
    await vi.waitFor(() => expect(registry.inProgress()).toBe(0));
  });
});
