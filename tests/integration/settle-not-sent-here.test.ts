// Issue 27: "the store report says which transactions this PC did not send". Once a batch is
// closed the terminal lists it nowhere, so the Settle keeps, from the Daily it reads just before
// closing (the recovery probe's, no request more), the batch's transactions this PC's journal did
// not send. Against the simulator through the app's real channels: another register's sale on the
// same terminal is named in the settlement and in its reprint from the journal; a terminal whose
// Daily cannot be read still settles, its list unknown (absent), never "none".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettleResult } from '@shared/ipc/report-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { startFaultProxy, type FaultProxy } from '../fault/fault-proxy';
import { FAST_GRACE_MS, FAST_POLICY } from '../support/money-move-kit';
import { spinClient } from '../support/simulator-kit';
import { addTerminal, data, SENTINEL, startServices } from './diagnostics-kit';

const SHARED = 'SHAREDLANE1';
const UNREAD = 'UNREADLANE1';

let sim: RunningSimulator;
let proxy: FaultProxy;
let services: Awaited<ReturnType<typeof startServices>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    terminals: [SHARED, UNREAD].map((tpn) => ({ tpn, authkey: SENTINEL })),
    processingDelayMs: 0,
    seed: 27,
  });
  // The second lane's Daily is answered "terminal in use": the batch cannot be read before Settle.
  proxy = await startFaultProxy(sim.url, (request) => (request.endpoint === 'Daily' && request.tpn === UNREAD ? { fault: 'busy' } : null));
  services = await startServices({ recoveryPolicy: { ...FAST_POLICY, busyMaxMs: 100 }, httpGraceMs: FAST_GRACE_MS });
  for (const tpn of [SHARED, UNREAD]) ids[tpn] = (await addTerminal(services, `Lane ${tpn}`, proxy.url, tpn)).id;
});
afterAll(async () => {
  await services?.close();
  await proxy?.close();
  await sim?.close();
});

const sale = (tpn: string, referenceId: string, amountCents: number) =>
  data<PaymentResult>(services, 'payments:sale', { profileId: ids[tpn], referenceId, amountCents, getReceipt: 'No' });

describe('Settle names the transactions of the closed batch this PC did not send', () => {
  it('lists another register’s sale in the settlement and in its reprint from the journal, not this PC’s own', async () => {
    expect(await sale(SHARED, 'HERESALE1', 1500)).toMatchObject({ outcome: 'approved' });
    const other = await spinClient(sim.url, { tpn: SHARED, authkey: SENTINEL }).post('Sale', {
      ReferenceId: 'OTHERREG7',
      Amount: 4.25,
      PaymentType: 'Credit',
    });
    expect(other.status).toBe(200);

    const settled = await data<SettleResult>(services, 'batch:settle', { profileId: ids[SHARED], referenceId: 'SETTLESHARED1' });
    expect(settled.outcome).toBe('settled');
    expect(settled.notFromThisPc).toEqual([
      expect.objectContaining({ referenceId: 'OTHERREG7', transactionType: 'Sale', amountCents: 425, countedCents: 425 }),
    ]);
    // The Settle read the batch once before closing it, as before: no request more for the list.
    expect(proxy.seen.filter((request) => request.tpn === SHARED && request.endpoint === 'Daily')).toHaveLength(1);

    const kept = await data<SettleResult>(services, 'batch:settlement', { tpn: SHARED, referenceId: 'SETTLESHARED1' });
    expect(kept.notFromThisPc).toEqual(settled.notFromThisPc);
  });

  it('still settles a terminal whose batch could not be read first, and leaves the list out (unknown, not empty)', async () => {
    expect(await sale(UNREAD, 'HERESALE2', 900)).toMatchObject({ outcome: 'approved' });
    const settled = await data<SettleResult>(services, 'batch:settle', { profileId: ids[UNREAD], referenceId: 'SETTLEUNREAD1' });
    expect(settled.outcome).toBe('settled');
    expect(settled).not.toHaveProperty('notFromThisPc');
    const kept = await data<SettleResult>(services, 'batch:settlement', { tpn: UNREAD, referenceId: 'SETTLEUNREAD1' });
    expect(kept).not.toHaveProperty('notFromThisPc');
  });
});
