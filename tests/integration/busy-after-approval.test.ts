// Issue 24, item 9: live SPIn services stay busy for 30-50 s after an approval, answering 1000 with
// Message "Canceled" and DetailedMessage "Service Busy" (docs/PROTOCOL.md §9.6). A Void or Return
// right after a sale meets that window here (the simulator's busy-after-approval option, shortened):
// it must come out approved, each resend with the same ReferenceId and after a Status check, with
// the cashier told the terminal is still busy, and never read as declined or canceled. A true
// cancel on the terminal (1012) still reads canceled.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { startSimulator, type RunningSimulator } from '../../simulator';
import type { ProgressEvent } from '../../electron/services/recovery/recovery-registry';
import { startFaultProxy, type FaultProxy } from '../fault/fault-proxy';
import { addTerminal, data, SENTINEL, startServices } from './diagnostics-kit';

const TPN = 'BUSYAPPR01';
/** Short enough for a test, long enough that the follow-up meets it more than once. */
const WINDOW_MS = 1200;

let sim: RunningSimulator;
let proxy: FaultProxy;
let services: Awaited<ReturnType<typeof startServices>>;
let profileId: string;
const progress: ProgressEvent[] = [];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], busyAfterApprovalMs: WINDOW_MS, seed: 9 });
  // Passes everything through; it only keeps the order of the requests.
  proxy = await startFaultProxy(sim.url, () => null);
  services = await startServices({ recoveryPolicy: { resendStartMs: 100, resendMaxMs: 300, terminalBusyMs: 10_000 } });
  services.registry.onProgress((event) => progress.push(event));
  profileId = (await addTerminal(services, 'Counter', proxy.url, TPN)).id;
});
afterAll(async () => {
  await services?.close();
  await proxy?.close();
  await sim?.close();
});
beforeEach(() => {
  progress.length = 0;
});

/** The endpoints the proxy saw after `from`, for one reference, in order. */
const sentAfter = (from: number, referenceId: string) =>
  proxy.seen.filter((seen) => seen.index >= from && seen.referenceId === referenceId).map((seen) => seen.endpoint);

async function approvedSale(referenceId: string, amountCents: number): Promise<PaymentResult> {
  const sale = await data<PaymentResult>(services, 'payments:sale', { profileId, amountCents, referenceId });
  expect(sale).toMatchObject({ outcome: 'approved', statusCode: '0000' });
  return sale;
}

describe('the busy window after an approval', () => {
  it('answers a request right after an approval with 1 / 1000 "Canceled" / "Service Busy" (the simulator option)', async () => {
    await approvedSale('BUSYWIRE1', 1500);
    const answer = await fetch(`${sim.url}/v2/Payment/Void`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Tpn: TPN, Authkey: SENTINEL, ReferenceId: 'BUSYWIRE1', PaymentType: 'Credit', Amount: 15 }),
    });
    expect(answer.status).toBe(200);
    expect((await answer.json()).GeneralResponse).toMatchObject({
      ResultCode: '1',
      StatusCode: '1000',
      Message: 'Canceled',
      DetailedMessage: 'Service Busy',
    });
    // Status is answered from the records meanwhile: it is how a client checks before sending again.
    const status = await fetch(`${sim.url}/v2/Payment/Status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Tpn: TPN, Authkey: SENTINEL, ReferenceId: 'BUSYWIRE1', PaymentType: 'Credit' }),
    });
    expect((await status.json()).GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
    expect(sim.control.listTerminals()[0]?.busyAfterApprovalMs).toBeGreaterThan(0);
  });

  it('voids a sale right after its approval: busy, Status, the same Void again, approved, with the waiting message', async () => {
    await waitOutWindow();
    await approvedSale('BUSYVOID1', 2500);
    const from = proxy.seen.length;
    const voided = await data<PaymentResult>(services, 'payments:void', {
      profileId,
      referenceId: 'BUSYVOID1',
      amountCents: 2500,
      paymentType: 'Credit',
    });
    expect(voided).toMatchObject({ outcome: 'approved', statusCode: '0000', referenceId: 'BUSYVOID1' });
    expect(voided.message).not.toMatch(/cancel|declin/i);

    // Every resend came after a Status check; the same reference every time.
    const sent = sentAfter(from, 'BUSYVOID1');
    expect(sent[0]).toBe('Void');
    expect(sent.at(-1)).toBe('Void');
    expect(sent.filter((endpoint) => endpoint === 'Void').length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < sent.length; i++) if (sent[i] === 'Void') expect(sent[i - 1]).toBe('Status');

    // What the cashier reads while the Void waits: the terminal is busy, not that anything was canceled.
    expect(progress).toContainEqual(
      expect.objectContaining({
        referenceId: 'BUSYVOID1',
        phase: 'resend-wait',
        statusCode: '1000',
        detail: expect.stringMatching(/^The terminal is still busy after the last sale; trying again with the same reference/),
      }),
    );
    expect(progress.every((event) => event.phase !== 'busy-wait')).toBe(true);
    const [entry] = await services.journal.usesOf(TPN, 'BUSYVOID1').then((uses) => uses.filter((use) => use.intent.op === 'Void'));
    expect(entry?.outcome).toMatchObject({ result: 'approved' });
    expect(sim.control.getState(TPN).records.find((record) => record.ReferenceId === 'BUSYVOID1')).toMatchObject({ Voided: true });
  });

  it('returns right after a sale: resent after Status, approved once, never declined or canceled', async () => {
    await waitOutWindow();
    await approvedSale('BUSYSALE2', 1800);
    const from = proxy.seen.length;
    const refund = await data<PaymentResult>(services, 'payments:return', { profileId, amountCents: 1800, referenceId: 'BUSYRET2' });
    expect(refund).toMatchObject({ outcome: 'approved', statusCode: '0000' });
    const sent = sentAfter(from, 'BUSYRET2');
    expect(sent.filter((endpoint) => endpoint === 'Return').length).toBeGreaterThanOrEqual(2);
    expect(sent).toContain('Status');
    expect(sim.control.getState(TPN).records.filter((record) => record.ReferenceId === 'BUSYRET2')).toHaveLength(1);
    const uses = await services.journal.usesOf(TPN, 'BUSYRET2');
    expect(uses.map((use) => use.outcome?.result)).toEqual(['approved']);
  });

  it("keeps the Return's own amount when the busy answers echo the sale's Amounts and RRN (issue 26, item 4)", async () => {
    await waitOutWindow();
    await approvedSale('BUSYSALE4', 4200);
    const saleRrn = sim.control.getState(TPN).records.find((record) => record.ReferenceId === 'BUSYSALE4')?.RRN;
    const echoed = await fetch(`${sim.url}/v2/Payment/Status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Tpn: TPN, Authkey: SENTINEL, ReferenceId: 'NOSUCHREF4', PaymentType: 'Credit' }),
    });
    expect((await echoed.json()).GeneralResponse.StatusCode).not.toBe('1000'); // lookups stay answered
    const from = proxy.seen.length;
    const refund = await data<PaymentResult>(services, 'payments:return', { profileId, amountCents: 700, referenceId: 'BUSYRET4' });
    expect(refund).toMatchObject({ outcome: 'approved', statusCode: '0000', amounts: { amount: 700 } });
    expect(sentAfter(from, 'BUSYRET4').filter((endpoint) => endpoint === 'Return').length).toBeGreaterThanOrEqual(2);
    const [use] = await services.journal.usesOf(TPN, 'BUSYRET4');
    expect(use?.outcome).toMatchObject({ result: 'approved', approvedCents: 700 });
    expect(saleRrn).toBeTruthy();
    expect(sim.control.getState(TPN).records.find((record) => record.ReferenceId === 'BUSYRET4')?.RRN).not.toBe(saleRrn);
  });

  it("takes the terminal's record when Status finds the request already carried out, without sending it again", async () => {
    await waitOutWindow();
    await approvedSale('BUSYSALE3', 1200);
    // The Return got through on the terminal (its answer said busy); Status has it.
    sim.control.addOfflineTransaction(TPN, { referenceId: 'BUSYRET3', amount: 12, transactionType: 'Return' });
    const from = proxy.seen.length;
    const refund = await data<PaymentResult>(services, 'payments:return', { profileId, amountCents: 1200, referenceId: 'BUSYRET3' });
    expect(refund).toMatchObject({ outcome: 'approved', referenceId: 'BUSYRET3' });
    expect(sentAfter(from, 'BUSYRET3')).toEqual(['Return', 'Status']);
    expect(sim.control.getState(TPN).records.filter((record) => record.ReferenceId === 'BUSYRET3')).toHaveLength(1);
  });

  it('still reads a true cancel on the terminal (1012) as canceled', async () => {
    await waitOutWindow();
    sim.control.queueOutcome(TPN, { kind: 'cancel' });
    const sale = await data<PaymentResult>(services, 'payments:sale', { profileId, amountCents: 900, referenceId: 'TRUECANCEL1' });
    expect(sale).toMatchObject({ outcome: 'canceled', statusCode: '1012' });
    expect(sentAfter(0, 'TRUECANCEL1')).toEqual(['Sale']);
    const [entry] = await services.journal.usesOf(TPN, 'TRUECANCEL1');
    expect(entry?.outcome).toMatchObject({ result: 'canceled', statusCode: '1012' });
  });
});

/** Lets a window opened by the previous test run out, so each test starts with a free terminal. */
async function waitOutWindow(): Promise<void> {
  await expect.poll(() => sim.control.listTerminals()[0]?.busyAfterApprovalMs, { timeout: 5000 }).toBe(0);
}

describe("a busy window that outlasts the app's patience (issue 26, item 4)", () => {
  const LONG_TPN = 'BUSYLONG01';
  let longSim: RunningSimulator;
  let longServices: Awaited<ReturnType<typeof startServices>>;
  let longProfile: string;

  beforeAll(async () => {
    longSim = await startSimulator({ port: 0, terminals: [{ tpn: LONG_TPN, authkey: SENTINEL }], busyAfterApprovalMs: 60_000, seed: 4 });
    longServices = await startServices({ recoveryPolicy: { resendStartMs: 100, resendMaxMs: 200, terminalBusyMs: 800 } });
    longProfile = (await addTerminal(longServices, 'Long', longSim.url, LONG_TPN)).id;
  });
  afterAll(async () => {
    await longServices?.close();
    await longSim?.close();
  });

  it("ends the Return as not sent, and shows and keeps none of the sale's echoed amounts", async () => {
    const sale = await data<PaymentResult>(longServices, 'payments:sale', {
      profileId: longProfile,
      amountCents: 1800,
      referenceId: 'LONGSALE1',
    });
    expect(sale).toMatchObject({ outcome: 'approved' });
    const refund = await data<PaymentResult>(longServices, 'payments:return', {
      profileId: longProfile,
      amountCents: 700,
      referenceId: 'LONGRET1',
    });
    expect(refund.outcome).not.toMatch(/approved|declined|canceled/);
    expect(refund.statusCode).toBe('1000');
    expect(refund.message).not.toMatch(/cancel/i);
    // The busy answers carried the sale's Amounts (18.00): none of it may read as this Return's.
    expect(Object.values(refund.amounts).filter((cents) => cents !== null)).toEqual([]);
    const [use] = await longServices.journal.usesOf(LONG_TPN, 'LONGRET1');
    expect(use?.outcome).toMatchObject({ result: 'refused', statusCode: '1000' });
    expect(use?.outcome).not.toHaveProperty('approvedCents');
    expect(longSim.control.getState(LONG_TPN).records.map((record) => record.ReferenceId)).toEqual(['LONGSALE1']);
  });
});
