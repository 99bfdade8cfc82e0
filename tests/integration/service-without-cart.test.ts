// Issue 39 item 8: a terminal whose service does not offer Cart. A 2026-05 smoke test against the
// production host got HTTP 404 for /v2/Payment/Cart (docs/PROTOCOL.md §4.12); the simulator's
// `production-2026` environment answers so. Through the app's real channels and the real simulator
// over loopback HTTP: showing a cart on its own says in plain words that this service does not offer
// Cart (not the generic "Route not found" of a TPN without SPIn), journals nothing, since Cart moves
// no money; a Sale that carries the same cart still goes through. And for an endpoint that moves
// money the existing rule holds: a 404 is a refusal (nothing processed), never "may have gone
// through", worded the same way (a scripted service that lacks Sale, since no live one is known to).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalPage } from '@shared/ipc/journal-views';
import type { ServerResponse } from 'node:http';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { explainCode } from '@shared/spin/codes';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { startScriptedService, type ScriptedService } from '../support/scripted-service';
import { cartItem } from '../support/cart-fixtures';
import { addTerminal, data, SENTINEL, startServices } from './diagnostics-kit';

const TPN = 'NOCART0001';
const CART = { amounts: [{ name: 'Total', valueCents: 450 }], cashPrices: [], items: [cartItem('Latte', 450)] };
const NO_CART = "This terminal's service does not offer Cart";

let sim: RunningSimulator;
let scripted: ScriptedService;
let services: Awaited<ReturnType<typeof startServices>>;
let profileId: string;
let scriptedProfileId: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], seed: 39, environment: 'production-2026' });
  scripted = await startScriptedService();
  services = await startServices();
  profileId = (await addTerminal(services, 'Counter', sim.url, TPN)).id;
  scriptedProfileId = (await addTerminal(services, 'Elsewhere', scripted.url, TPN)).id;
});
afterAll(async () => {
  await services?.close();
  await scripted?.close();
  await sim?.close();
});

const journal = () => data<JournalPage>(services, 'journal:list', {});

describe('a terminal whose service does not offer Cart', () => {
  it('says so in plain words when a cart is shown on its own, and journals nothing', async () => {
    const result = await services.dispatch('display:cart', { profileId, cart: CART });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('NOT_OFFERED');
    expect(result.error.message).toMatch(new RegExp(`^${NO_CART} \\(`));
    // Not the catalogue's 2004 (a TPN without SPIn), which the service's 404 body happens to carry.
    expect(JSON.stringify(result.error)).not.toContain(explainCode('2004').explanation);
    expect(result.error.statusCode).toBeUndefined();
    expect(result.error.detail).toContain('HTTP 404');
    expect(result.error.remedy).toContain('A sale can still carry the cart');
    expect(sim.control.getState(TPN).lastCart).toBeNull();
    expect((await journal()).entries).toEqual([]);
  });

  it('still takes a Sale that carries the same cart', async () => {
    const result = await data<PaymentResult>(services, 'payments:sale', {
      profileId,
      amountCents: 450,
      referenceId: 'NOCARTSALE1',
      cart: CART,
    });
    expect(result).toMatchObject({ outcome: 'approved', statusCode: '0000', referenceId: 'NOCARTSALE1' });
    const records = sim.control.getState(TPN).records;
    expect(records.map((r) => [r.ReferenceId, r.GeneralResponse.StatusCode])).toEqual([['NOCARTSALE1', '0000']]);
    expect((await journal()).entries.map((e) => [e.referenceId, e.state])).toEqual([['NOCARTSALE1', 'approved']]);
  });
});

describe('a service without an endpoint that moves money', () => {
  // ASP.NET's own 404 body (no GeneralResponse), and the simulator's (2/2004 "Route not found").
  const bodies = [
    { Message: 'No HTTP resource was found that matches the request URI.' },
    { GeneralResponse: { ResultCode: '2', StatusCode: '2004', Message: 'Route not found', DetailedMessage: 'No SPIn endpoint' } },
  ];

  it('reads its 404 as a refusal (nothing processed, no Status lookup), worded the same way, whatever the body', async () => {
    scripted.on(
      'Sale',
      ...bodies.map((body) => (_request: unknown, res: ServerResponse) => {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      }),
    );
    for (const referenceId of ['NOSALE1', 'NOSALE2']) {
      const result = await services.dispatch('payments:sale', { profileId: scriptedProfileId, amountCents: 700, referenceId });
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'NOT_OFFERED', message: "This terminal's service does not offer Sale (a sale)." },
      });
      expect(JSON.stringify(result)).not.toContain(explainCode('2004').explanation);
      const entry = (await journal()).entries.find((e) => e.referenceId === referenceId);
      expect(entry?.state).toBe('refused');
    }
    expect(scripted.requests.map((r) => r.endpoint)).toEqual(['Sale', 'Sale']);
  });
});
