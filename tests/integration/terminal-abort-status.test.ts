// AbortTransaction and TerminalStatus against the simulator over loopback HTTP: on the wire with
// the SPIn client, then through the app's channels (cancel on terminal, a busy terminal refused
// at once, the header's status, recovery after a 2007 concluded without waiting out the deadline).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '@shared/ipc/envelope';
import type { TerminalStateView } from '@shared/ipc/diagnostics-views';
import type { AbortResult } from '@shared/ipc/terminal-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { createSpinClient } from '../../electron/services/spin/spin-client';
import type { SpinError } from '../../electron/services/spin/spin-error';
import { addTerminal, data, SENTINEL, startJsonServer, startServices } from './diagnostics-kit';

const TPN = 'ABRTTERM01';
const OTHER = 'ABRTTERM02';
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    terminals: [
      { tpn: TPN, authkey: SENTINEL },
      { tpn: OTHER, authkey: SENTINEL },
    ],
    seed: 13,
  });
});
afterAll(async () => {
  await sim?.close();
});

const client = (tpn = TPN, authkey = SENTINEL) => createSpinClient({ baseUrl: sim.url, tpn, authkey });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as SpinError,
  );
const isBusy = (tpn: string) => sim.control.listTerminals().find((t) => t.tpn === tpn)?.busy;

/** A Sale the simulated terminal holds (20.07: the customer never acts) until aborted or SPInProxyTimeout. */
function heldSale(referenceId: string, tpn = TPN) {
  return client(tpn).call('Sale', { PaymentType: 'Credit', ReferenceId: referenceId, Amount: 20.07, SPInProxyTimeout: 60 });
}

/** Settles with the promise's outcome, or rejects when it takes longer than `ms` (the documented bound). */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('TerminalStatus on the wire (GET, credentials in the query)', () => {
  it('answers Online, with the Tpn and no GeneralResponse', async () => {
    const answer = await client().call('TerminalStatus', {});
    expect(answer).toMatchObject({ TerminalStatus: 'Online', Tpn: TPN, ErrorDescription: '' });
    expect(answer.GeneralResponse).toBeUndefined();
  });

  it('answers Offline while the control API has the terminal offline', async () => {
    sim.control.setOnline(TPN, false);
    try {
      expect((await client().call('TerminalStatus', {})).TerminalStatus).toBe('Offline');
    } finally {
      sim.control.setOnline(TPN, true);
    }
  });

  it('answers NotFound for a Tpn the service does not serve', async () => {
    expect(await client('NOSUCHTPN1').call('TerminalStatus', {})).toMatchObject({ TerminalStatus: 'NotFound', Tpn: 'NOSUCHTPN1' });
  });

  it('refuses a wrong key the way every endpoint does (2/2002)', async () => {
    const error = await failure(client(TPN, 'WRONGKEY01').call('TerminalStatus', {}));
    expect(error).toMatchObject({ code: 'PROXY', statusCode: '2002' });
  });

  it('answers at once while the terminal waits on a customer', async () => {
    const sale = failure(heldSale('TSWHILEHELD'));
    await expect.poll(() => isBusy(TPN)).toBe(true);
    expect((await within(1000, client().call('TerminalStatus', {}))).TerminalStatus).toBe('Online');
    await client().call('AbortTransaction', { ReferenceId: 'TSWHILEHELD' });
    expect(await sale).toMatchObject({ statusCode: '1012' });
  });

  it('refuses a POST (405, Allow: GET) and a query without the key (400 / 2201)', async () => {
    const post = await fetch(`${sim.url}/v2/Common/TerminalStatus`, { method: 'POST', body: '{}' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
    const bare = await fetch(`${sim.url}/v2/Common/TerminalStatus?request.tpn=${TPN}`);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ GeneralResponse: { StatusCode: '2201' } });
  });
});

describe('AbortTransaction on the wire', () => {
  it('ends a held sale with 1/1012 within a second, answers 0000, and nothing is charged', async () => {
    const sale = failure(heldSale('ABORTME1'));
    await expect.poll(() => isBusy(TPN)).toBe(true);
    const abort = await client().call('AbortTransaction', { ReferenceId: 'ABORTME1' });
    expect(abort.GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
    const ended = await within(1000, sale);
    expect(ended).toMatchObject({ code: 'TERMINAL', statusCode: '1012' });
    expect(sim.control.getState(TPN).records.filter((r) => r.ReferenceId === 'ABORTME1')).toEqual([]);
    // The cancel is kept like a customer's: Status shows it, so a lost answer is recovered as "canceled".
    const status = await failure(client().call('Status', { PaymentType: 'Credit', ReferenceId: 'ABORTME1' }));
    expect(status).toMatchObject({ code: 'TERMINAL', statusCode: '1012' });
  });

  it('answers 2/2301 when nothing is running, and when another reference is', async () => {
    expect(await failure(client().call('AbortTransaction', { ReferenceId: 'NOTHING1' }))).toMatchObject({
      code: 'PROXY',
      statusCode: '2301',
    });
    const sale = failure(heldSale('KEEPME1', OTHER));
    await expect.poll(() => isBusy(OTHER)).toBe(true);
    expect(await failure(client(OTHER).call('AbortTransaction', { ReferenceId: 'SOMEONEELSE' }))).toMatchObject({ statusCode: '2301' });
    expect(isBusy(OTHER)).toBe(true);
    await client(OTHER).call('AbortTransaction', {});
    expect(await sale).toMatchObject({ statusCode: '1012' });
  });

  it('loses the race to a customer who finished first: the sale is approved and the abort finds nothing running', async () => {
    sim.control.queueOutcome(TPN, { kind: 'approveOnAbort' });
    const sale = client().call('Sale', { PaymentType: 'Credit', ReferenceId: 'RACE1', Amount: 12.5, SPInProxyTimeout: 60 });
    await expect.poll(() => isBusy(TPN)).toBe(true);
    expect(await failure(client().call('AbortTransaction', { ReferenceId: 'RACE1' }))).toMatchObject({ statusCode: '2301' });
    expect((await sale).GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
    expect(sim.control.getState(TPN).records.map((r) => r.ReferenceId)).toContain('RACE1');
  });
});

describe('cancel, busy and status through the app', () => {
  let services: Awaited<ReturnType<typeof startServices>>;
  let profileId: string;

  beforeAll(async () => {
    services = await startServices();
    const profile = await addTerminal(services, 'Counter', sim.url, OTHER);
    profileId = profile.id;
    await data(services, 'profiles:select', { id: profileId });
  });
  afterAll(async () => {
    await services?.close();
  });

  it('refuses a second sale at once, naming the first; the cancel ends the first as 1012 with nothing charged', async () => {
    const first = data<PaymentResult>(services, 'payments:sale', { profileId, amountCents: 2007, referenceId: 'APPSALE1' });
    await expect.poll(() => isBusy(OTHER)).toBe(true);
    const second = await services.dispatch('payments:sale', { profileId, amountCents: 500, referenceId: 'APPSALE2' });
    expect(second.ok).toBe(false);
    const error = (second as { error: AppError }).error;
    expect(error).toMatchObject({ code: 'TERMINAL_BUSY', busyWith: { operation: 'Sale', referenceId: 'APPSALE1', profileId } });
    expect(error.message).toBe('This terminal is busy with sale APPSALE1 from this PC — wait for it or cancel it.');
    // Nothing of the second one was journaled or sent.
    expect((await services.journal.usesOf(OTHER, 'APPSALE2')).length).toBe(0);

    const cancel = await data<AbortResult>(services, 'terminal:abort', { profileId });
    expect(cancel).toMatchObject({ sent: true, operation: 'Sale', referenceId: 'APPSALE1', statusCode: '0000' });
    const result = await within(3000, first);
    expect(result).toMatchObject({ outcome: 'canceled', statusCode: '1012', referenceId: 'APPSALE1' });
    expect(sim.control.getState(OTHER).records.filter((r) => r.ReferenceId === 'APPSALE1')).toEqual([]);
  });

  it('says there is nothing to cancel when nothing from this PC waits', async () => {
    expect(await data<AbortResult>(services, 'terminal:abort', { profileId })).toMatchObject({ sent: false });
  });

  it('stops waiting for a customer prompt without sending a bare abort, and says to cancel it on the terminal', async () => {
    sim.control.queueAnswer(OTHER, { kind: 'noAnswer' });
    const prompt = services.dispatch('prompts:userInput', { profileId, title: 'ZIP code', type: 'Number', timeoutSeconds: 60 });
    await expect.poll(() => isBusy(OTHER)).toBe(true);
    const cancel = await data<AbortResult>(services, 'terminal:abort', { profileId });
    expect(cancel).toMatchObject({ sent: false, operation: 'UserInput' });
    expect(cancel.message).toMatch(/press Cancel there/);
    expect(await within(3000, prompt)).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    // Nothing reached the terminal: the prompt is still on its screen until someone cancels it there.
    expect(isBusy(OTHER)).toBe(true);
    await client(OTHER)
      .call('AbortTransaction', {})
      .catch(() => undefined);
    await expect.poll(() => isBusy(OTHER)).toBe(false);
  });

  it('falls back to the state learned from requests when the service has no TerminalStatus (404), and stops asking', async () => {
    let gets = 0;
    const older = await startJsonServer((request) => {
      if (request.method !== 'GET') return { status: 200, body: { GeneralResponse: { ResultCode: '0', StatusCode: '0000' } } };
      gets += 1;
      return { status: 404, body: { GeneralResponse: { ResultCode: '2', StatusCode: '2004', Message: 'Route not found' } } };
    });
    try {
      const profile = await addTerminal(services, 'Older service', older.url, OTHER);
      expect(await data<TerminalStateView>(services, 'terminal:status', { profileId: profile.id })).toMatchObject({ state: 'unknown' });
      await data<TerminalStateView>(services, 'terminal:status', { profileId: profile.id });
      expect(gets).toBe(1);
    } finally {
      await older.close();
    }
  });

  it('reads the header state from TerminalStatus, and names what this PC waits on', async () => {
    expect(await data<TerminalStateView>(services, 'terminal:status', { profileId })).toMatchObject({ state: 'online' });
    sim.control.setOnline(OTHER, false);
    try {
      expect(await data<TerminalStateView>(services, 'terminal:status', { profileId })).toMatchObject({
        state: 'offline',
        statusCode: '2001',
      });
    } finally {
      sim.control.setOnline(OTHER, true);
    }
    const sale = data<PaymentResult>(services, 'payments:sale', { profileId, amountCents: 2007, referenceId: 'APPSALE3' });
    await expect.poll(() => isBusy(OTHER)).toBe(true);
    expect(await data<TerminalStateView>(services, 'terminal:status', { profileId })).toMatchObject({
      state: 'online',
      busyWith: { operation: 'Sale', referenceId: 'APPSALE3' },
    });
    await data(services, 'terminal:abort', { profileId });
    expect(await sale).toMatchObject({ statusCode: '1012' });
  });
});

describe('recovery after a 2007', () => {
  let services: Awaited<ReturnType<typeof startServices>>;
  let profileId: string;

  beforeAll(async () => {
    services = await startServices();
    const saved = await services.dispatch('profiles:save', {
      name: 'Short wait',
      environment: 'custom',
      customUrl: sim.url,
      tpn: TPN,
      proxyTimeoutSeconds: 2,
    });
    profileId = (saved as { data: { id: string } }).data.id;
    await data(services, 'profiles:setAuthkey', { id: profileId, authkey: SENTINEL });
  });
  afterAll(async () => {
    await services?.close();
  });

  /** 20.07: the terminal never answers; the proxy gives up after 2 s (2007) and the sale is being looked up. */
  async function lostSale(referenceId: string): Promise<{ sale: Promise<unknown> }> {
    const sale = services.dispatch('payments:sale', { profileId, amountCents: 2007, referenceId });
    await expect.poll(async () => (await services.journal.usesOf(TPN, referenceId))[0]?.unknownReason, { timeout: 10_000 }).toMatch(/2007/);
    return { sale };
  }

  async function outcomeOf(referenceId: string) {
    const [entry] = await services.journal.usesOf(TPN, referenceId);
    // The deadline is SPInProxyTimeout + 15 s grace + margin: waiting it out would end after it.
    return { result: entry?.outcome?.result, beforeDeadline: Date.parse(entry?.outcome?.at ?? '') < (entry?.deadlineMs ?? 0) };
  }

  it('concludes "not processed" once the cashier\'s abort shows the terminal idle, before the deadline', async () => {
    const { sale } = await lostSale('LOST2007A');
    // Nothing runs on the terminal any more (the proxy freed it at the 2007): the abort says so.
    expect(await data<AbortResult>(services, 'terminal:abort', { profileId })).toMatchObject({
      sent: true,
      referenceId: 'LOST2007A',
      statusCode: '2301',
    });
    await sale;
    expect(await outcomeOf('LOST2007A')).toEqual({ result: 'not-processed', beforeDeadline: true });
  });

  it('concludes the same once the terminal answers another request (not busy)', async () => {
    const { sale } = await lostSale('LOST2007B');
    await data(services, 'reports:summary', { profileId });
    await sale;
    expect(await outcomeOf('LOST2007B')).toEqual({ result: 'not-processed', beforeDeadline: true });
  });
});
