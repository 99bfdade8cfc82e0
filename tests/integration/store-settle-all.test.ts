// Issue 27: the Store screen's services through the app's real channels, against the simulator
// serving five terminals: one offline, one busy with another register's sale, one with nothing
// open, and two with open batches, of which one fails to settle (the proxy in front of it answers
// its Settle "terminal in use" however often it is sent). Settle all closes the one that can be
// closed, leaves the others named with the reason, and one failure stops none of the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import type { SettleAllReport, SettlePlan, StoreCheck, StoreOverview, StoreRow } from '@shared/ipc/store-views';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { startFaultProxy, type FaultProxy } from '../fault/fault-proxy';
import { FAST_GRACE_MS, FAST_POLICY } from '../support/money-move-kit';
import { spinClient } from '../support/simulator-kit';
import { addTerminal, data, SENTINEL, startServices } from './diagnostics-kit';

const LANES = {
  offline: 'STOREOFF001',
  busy: 'STOREBUSY01',
  empty: 'STOREEMPTY1',
  open: 'STOREOPEN01',
  failing: 'STOREFAIL01',
} as const;
type Lane = keyof typeof LANES;

let sim: RunningSimulator;
let proxy: FaultProxy;
let services: Awaited<ReturnType<typeof startServices>>;
const ids = {} as Record<Lane, string>;

beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    terminals: Object.values(LANES).map((tpn) => ({ tpn, authkey: SENTINEL })),
    processingDelayMs: 0,
    seed: 27,
  });
  proxy = await startFaultProxy(sim.url, (request) =>
    request.endpoint === 'Settle' && request.tpn === LANES.failing ? { fault: 'busy' } : null,
  );
  services = await startServices({ recoveryPolicy: { ...FAST_POLICY, busyMaxMs: 100 }, httpGraceMs: FAST_GRACE_MS });
  for (const [lane, tpn] of Object.entries(LANES) as [Lane, string][])
    ids[lane] = (await addTerminal(services, `Lane ${lane}`, proxy.url, tpn)).id;
});
afterAll(async () => {
  await services?.close();
  await proxy?.close();
  await sim?.close();
});

const sale = (lane: Lane, referenceId: string, amountCents: number) =>
  data<PaymentResult>(services, 'payments:sale', { profileId: ids[lane], referenceId, amountCents, getReceipt: 'No' });
const rowOf = (overview: StoreOverview, lane: Lane) => overview.rows.find((row) => row.profileId === ids[lane]) as StoreRow;

describe('Store: Check before settling and Settle all over five terminals', () => {
  it('settles what can be settled, skips offline, busy and empty terminals with the reason, and one failure stops none of the others', async () => {
    // This PC's sales on two lanes, another register's sale on the failing lane.
    expect(await sale('open', 'STOREOPEN1', 1500)).toMatchObject({ outcome: 'approved' });
    expect(await sale('open', 'STOREOPEN2', 2500)).toMatchObject({ outcome: 'approved' });
    expect(await sale('failing', 'STOREFAIL1', 700)).toMatchObject({ outcome: 'approved' });
    const other = await spinClient(sim.url, { tpn: LANES.failing, authkey: SENTINEL }).post('Sale', {
      ReferenceId: 'OTHERREG1',
      Amount: 3,
      PaymentType: 'Credit',
    });
    expect(other.status).toBe(200);

    // The overview asks no terminal: nothing read yet, but the lanes with money moved are due a read.
    const before = await data<StoreOverview>(services, 'store:overview');
    expect(rowOf(before, 'open')).toMatchObject({ batch: null, batchStale: true, lastSettle: null });
    expect(rowOf(before, 'empty')).toMatchObject({ batch: null, batchStale: false });
    expect(proxy.seen.filter((request) => request.endpoint === 'Summary')).toHaveLength(0);
    expect(await data<StoreRow>(services, 'store:refresh', { profileId: ids.open })).toMatchObject({
      batch: { count: 2, totalCents: 4000 },
      batchStale: false,
    });

    sim.control.setOnline(LANES.offline, false);
    sim.control.setInUse(LANES.busy, 600);

    // Check before settling, for all: per terminal, and a store line over the ones read.
    const check = await data<StoreCheck>(services, 'store:check');
    const checked = Object.fromEntries(check.terminals.map((terminal) => [terminal.tpn, terminal]));
    expect(checked[LANES.offline]?.error).toMatchObject({ statusCode: '2001' });
    expect(checked[LANES.busy]?.error).toMatchObject({ statusCode: '2008' });
    expect(checked[LANES.open]?.report).toMatchObject({ matched: 2, missingFromBatch: [], notFromThisPc: [], mismatches: [] });
    expect(checked[LANES.failing]?.report?.notFromThisPc.map((item) => item.referenceId)).toEqual(['OTHERREG1']);
    expect(check.store).toMatchObject({
      journalCents: 4700,
      batchCents: 5000,
      differences: 1,
      terminalsWithDifferences: 1,
      unread: 2,
    });

    // The plan: each terminal's open count and total read now, or why it is left out.
    const plan = await data<SettlePlan>(services, 'store:settlePlan');
    const planned = Object.fromEntries(plan.terminals.map((terminal) => [terminal.tpn, terminal]));
    expect(planned[LANES.offline]).toMatchObject({ skip: 'offline' });
    expect(planned[LANES.busy]).toMatchObject({ skip: 'busy' });
    expect(planned[LANES.empty]).toMatchObject({ skip: 'nothing-open', openCount: 0 });
    expect(planned[LANES.open]).toMatchObject({ skip: null, openCount: 2, openTotalCents: 4000 });
    expect(planned[LANES.failing]).toMatchObject({ skip: null, openCount: 2, openTotalCents: 1000 });

    const report = await data<SettleAllReport>(services, 'store:settleAll', {
      terminals: [
        { profileId: ids.failing, referenceId: 'STORESETTLEF' },
        { profileId: ids.open, referenceId: 'STORESETTLEO' },
      ],
    });
    const result = Object.fromEntries(report.terminals.map((terminal) => [terminal.tpn, terminal]));
    expect(result[LANES.failing]).toMatchObject({ phase: 'failed', result: { outcome: 'not-settled', tpn: LANES.failing } });
    expect(result[LANES.open]).toMatchObject({
      phase: 'done',
      result: { outcome: 'settled', referenceId: 'STORESETTLEO', details: [expect.objectContaining({ batchNumber: '1' })] },
    });
    expect(report.finishedAt).not.toBeNull();
    expect(await data<SettleAllReport | null>(services, 'store:settleAllProgress')).toEqual(report);

    // The terminals: one closed, the failing one still open, the skipped ones untouched.
    const state = Object.fromEntries(sim.control.listTerminals().map((terminal) => [terminal.tpn, terminal]));
    expect(state[LANES.open]).toMatchObject({ batchNumber: 2, openRecords: 0 });
    expect(state[LANES.failing]).toMatchObject({ batchNumber: 1, openRecords: 2 });
    expect(
      proxy.seen.filter((request) => request.endpoint === 'Settle' && request.tpn !== LANES.open && request.tpn !== LANES.failing),
    ).toEqual([]);

    // The Store rows after: the closed lane shows its settlement and an empty batch, without asking it again.
    const after = await data<StoreOverview>(services, 'store:overview');
    expect(rowOf(after, 'open')).toMatchObject({
      batch: { count: 0, totalCents: 0 },
      batchStale: false,
      lastSettle: { referenceId: 'STORESETTLEO', totalCents: 4000, batchNumbers: ['1'] },
    });
    expect(rowOf(after, 'failing')).toMatchObject({ lastSettle: null });
  });

  it('refuses a Settle all naming a terminal twice or none, and a refresh naming none, with the field and the rule', async () => {
    const twice = await services.dispatch('store:settleAll', {
      terminals: [
        { profileId: ids.open, referenceId: 'STORETWICE1' },
        { profileId: ids.open, referenceId: 'STORETWICE2' },
      ],
    });
    expect(twice).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT', fields: [{ path: 'terminals', message: 'must name each terminal once' }] },
    });
    const none = await services.dispatch('store:settleAll', { terminals: [] });
    expect(none).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT', fields: [{ path: 'terminals', message: 'must name at least one terminal' }] },
    });
    const unnamed = await services.dispatch('store:refresh', {});
    expect(unnamed).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT', fields: [{ path: 'profileId', message: 'must name one of your terminals' }] },
    });
  });
});
