// The busy window after an approval (busy-window.ts): off by default, on through the option, the
// control API and the real-world variant; Status stays answered; a decline opens nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from './full-simulator';

const TPN = 'BUSYWIN001';
const KEY = 'FAKEKEY001';
let sim: RunningSimulator | undefined;

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function post(
  endpoint: string,
  body: Record<string, unknown>,
): Promise<{ ResultCode: string; StatusCode: string; Message: string; DetailedMessage: string }> {
  const answer = await fetch(`${sim?.url}/v2/Payment/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Tpn: TPN, Authkey: KEY, ...body }),
  });
  return ((await answer.json()) as { GeneralResponse: never }).GeneralResponse;
}
const sale = (ref: string, amount = 10) => post('Sale', { PaymentType: 'Credit', ReferenceId: ref, Amount: amount });
const windowLeft = () => sim?.control.listTerminals()[0]?.busyAfterApprovalMs;

describe('busy window after an approval', () => {
  it('is off by default: a request right after an approval goes through', async () => {
    sim = await startSimulator({ terminals: [{ tpn: TPN, authkey: KEY }], seed: 1 });
    expect((await sale('PLAIN1')).StatusCode).toBe('0000');
    expect(windowLeft()).toBe(0);
    expect((await sale('PLAIN2')).StatusCode).toBe('0000');
  });

  it('answers 1000 "Canceled" / "Service Busy" for the configured time after an approval, Status excepted, and not after a decline', async () => {
    sim = await startSimulator({ terminals: [{ tpn: TPN, authkey: KEY }], seed: 1, busyAfterApprovalMs: 60_000 });
    sim.control.queueOutcome(TPN, { kind: 'decline' });
    expect((await sale('DECL1')).StatusCode).toBe('1015');
    expect(windowLeft()).toBe(0);
    expect((await sale('OK1')).StatusCode).toBe('0000');
    expect(windowLeft()).toBeGreaterThan(59_000);
    expect(await sale('NEXT1')).toEqual({
      ResultCode: '1',
      StatusCode: '1000',
      Message: 'Canceled',
      DetailedMessage: 'Service Busy',
      DelayBeforeNextRequest: null,
    });
    expect((await post('Status', { PaymentType: 'Credit', ReferenceId: 'OK1' })).StatusCode).toBe('0000');
    // Nothing of the refused request was recorded: Status does not know it.
    expect((await post('Status', { PaymentType: 'Credit', ReferenceId: 'NEXT1' })).StatusCode).not.toBe('0000');
  });

  it("echoes the approval's Amounts and RRN, not the refused request's, in the live wording", async () => {
    sim = await startSimulator({ terminals: [{ tpn: TPN, authkey: KEY }], seed: 1, busyAfterApprovalMs: 60_000 });
    const approved = await fetch(`${sim.url}/v2/Payment/Sale`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Tpn: TPN, Authkey: KEY, PaymentType: 'Credit', ReferenceId: 'ECHO1', Amount: 12.5 }),
    });
    const record = (await approved.json()) as { RRN: string; Amounts: Record<string, unknown> };
    expect(record.RRN).toMatch(/\d/);
    const refused = await fetch(`${sim.url}/v2/Payment/Return`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Tpn: TPN, Authkey: KEY, PaymentType: 'Credit', ReferenceId: 'ECHO2', Amount: 3 }),
    });
    expect(await refused.json()).toEqual({
      GeneralResponse: {
        ResultCode: '1',
        StatusCode: '1000',
        Message: 'Canceled',
        DetailedMessage: 'Service Busy',
        DelayBeforeNextRequest: null,
      },
      Amounts: record.Amounts,
      RRN: record.RRN,
    });
    expect(record.Amounts).toMatchObject({ Amount: 12.5 });
  });

  it('is set through the control API, whose input is checked', async () => {
    sim = await startSimulator({ terminals: [{ tpn: TPN, authkey: KEY }], seed: 1 });
    expect(() => sim?.control.setBusyAfterApproval(-1)).toThrow('Invalid busy window: ms must be 0 to 600000 ms');
    const overHttp = await fetch(`${sim.url}/_sim/busy-after-approval`, { method: 'POST', body: JSON.stringify({ ms: 'long' }) });
    expect(overHttp.status).toBe(400);
    expect(await overHttp.text()).toMatch(/ms/);
    await fetch(`${sim.url}/_sim/busy-after-approval`, { method: 'POST', body: JSON.stringify({ ms: 30_000 }) });
    expect((await sale('CTL1')).StatusCode).toBe('0000');
    expect((await sale('CTL2')).StatusCode).toBe('1000');
  });

  it('is a real-world variant with the observed 30-50 s, drawn per approval', async () => {
    sim = await startSimulator({ terminals: [{ tpn: TPN, authkey: KEY }], seed: 1, realWorld: { variants: { 'busy-after-approval': 1 } } });
    expect(sim.control.getRealWorld().settings?.busyWindowMs).toEqual({ min: 30_000, max: 50_000 });
    expect((await sale('RW1')).StatusCode).toBe('0000');
    expect(windowLeft()).toBeGreaterThan(29_000);
    expect(windowLeft()).toBeLessThanOrEqual(50_000);
    expect((await sale('RW2')).StatusCode).toBe('1000');
    sim.control.setRealWorld(null);
    sim.control.reset();
    expect((await sale('RW3')).StatusCode).toBe('0000');
    expect((await sale('RW4')).StatusCode).toBe('0000');
  });
});
