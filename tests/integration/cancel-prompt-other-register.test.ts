// Issue 24, item 2: "Cancel on terminal" must never end another register's request. A prompt
// carries no ReferenceId, so an abort for it would be bare and end whatever the terminal runs by
// then. Here our UserInput is finished on the terminal but its answer is held on the way back (a
// proxy), another register starts a $42 Sale, and the cashier presses Cancel: nothing may be sent,
// the other sale goes through, and our wait ends with the advice to cancel on the terminal. A Sale
// of ours that still waits is still aborted, by its ReferenceId.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbortResult } from '@shared/ipc/terminal-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { createSpinClient } from '../../electron/services/spin/spin-client';
import { startFaultProxy, type FaultProxy } from '../fault/fault-proxy';
import { addTerminal, data, SENTINEL, startServices } from './diagnostics-kit';

const TPN = 'CNCLPRMT01';
let sim: RunningSimulator;
let proxy: FaultProxy;
let services: Awaited<ReturnType<typeof startServices>>;
let profileId: string;

beforeAll(async () => {
  // Every request takes the terminal 400 ms: long enough for the cancel to meet the other sale running.
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], processingDelayMs: 400, seed: 24 });
  // Our UserInput is carried out by the terminal, but its answer never comes back through the proxy.
  proxy = await startFaultProxy(sim.url, (request) => (request.endpoint === 'UserInput' ? { fault: 'hold' } : null));
  services = await startServices();
  profileId = (await addTerminal(services, 'Counter', proxy.url, TPN)).id;
});
afterAll(async () => {
  await services?.close();
  await proxy?.close();
  await sim?.close();
});

const isBusy = () => sim.control.listTerminals().find((t) => t.tpn === TPN)?.busy;
const abortsSent = () => proxy.seen.filter((seen) => seen.endpoint === 'AbortTransaction');
/** The other register talks to the service directly, with its own ReferenceId. */
const otherRegister = () => createSpinClient({ baseUrl: sim.url, tpn: TPN, authkey: SENTINEL });

describe('Cancel on terminal with another register on the same terminal', () => {
  it("sends no abort for our finished prompt, so another register's $42 sale is approved, and says to cancel on the terminal", async () => {
    sim.control.queueAnswer(TPN, { kind: 'text', text: '94105' });
    const prompt = services.dispatch('prompts:userInput', { profileId, title: 'ZIP code', type: 'Number', timeoutSeconds: 60 });
    // The terminal took the answer and is free again; ours is still on its way (held by the proxy).
    await expect.poll(() => sim.control.getState(TPN).queuedAnswers.length).toBe(0);
    await expect.poll(isBusy).toBe(false);

    const otherSale = otherRegister().call('Sale', { PaymentType: 'Credit', ReferenceId: 'OTHERREG42', Amount: 42, SPInProxyTimeout: 60 });
    await expect.poll(isBusy).toBe(true);

    const cancel = await data<AbortResult>(services, 'terminal:abort', { profileId });
    expect(cancel).toMatchObject({ sent: false, operation: 'UserInput' });
    expect(cancel).not.toHaveProperty('referenceId');
    expect(cancel.message).toMatch(/press Cancel there/);
    expect(abortsSent()).toEqual([]);

    expect((await otherSale).GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
    expect(sim.control.getState(TPN).records.map((record) => record.ReferenceId)).toContain('OTHERREG42');

    // Our side stopped waiting at once, and the screen is told why and what to do.
    const ended = await prompt;
    expect(ended).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    const error = (ended as { error: { message: string; remedy?: string } }).error;
    expect(error.message).toBe('spin-desk stopped waiting for the customer request (UserInput).');
    expect(error.remedy).toMatch(/press Cancel there/);
  });

  it('still aborts a Sale of ours that waits on the terminal, naming its ReferenceId', async () => {
    // 20.07: the simulated customer never acts, so the sale waits until it is cancelled.
    const sale = data<PaymentResult>(services, 'payments:sale', { profileId, amountCents: 2007, referenceId: 'OURSALE24' });
    // The Sale itself on the terminal, not the batch witness read that goes before it (no witness in the
    // journal yet: Status of its own reference, answered at once, then StatusList, which the terminal
    // works for 400 ms here and which shows it busy too). Waiting for that Sale can outlast
    // expect.poll's default 1 s: a loaded machine overran it once (the test failed at 1.2 s).
    const sent = { timeout: 10_000 };
    await expect.poll(() => proxy.seen.some((seen) => seen.endpoint === 'Sale' && seen.referenceId === 'OURSALE24'), sent).toBe(true);
    await expect.poll(isBusy, sent).toBe(true);
    expect(await data<AbortResult>(services, 'terminal:abort', { profileId })).toMatchObject({
      sent: true,
      operation: 'Sale',
      referenceId: 'OURSALE24',
      statusCode: '0000',
    });
    expect(abortsSent().map((seen) => seen.referenceId)).toEqual(['OURSALE24']);
    expect(await sale).toMatchObject({ outcome: 'canceled', statusCode: '1012', referenceId: 'OURSALE24' });
  });
});
