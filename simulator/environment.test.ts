// Issue 39 item 8: a service without Cart. A 2026-05 smoke test against the production host got
// HTTP 404 for /v2/Payment/Cart (docs/PROTOCOL.md §4.12). The `production-2026` environment serves
// that 404 exactly as the simulator answers any path it has no endpoint for (the same answer those
// smoke-test calls to /v2/Payment/UserChoice get), and everything else as before; a Sale can still
// carry its Cart. The default environment keeps serving Cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared/spin';
import { startSimulator, type RunningSimulator } from './index';
import { parseCliArgs } from './cli-args';
import { DEFAULT_ENVIRONMENT } from './environment';
import { TEST_TERMINAL, codes, spinClient } from '../tests/support/simulator-kit';

const CART = { Amounts: [{ Name: 'Total', Value: 4.5 }], Items: [{ Name: 'Latte', Price: 4.5, Quantity: 1 }] };
const CREDENTIALS = { Tpn: TEST_TERMINAL.tpn, Authkey: TEST_TERMINAL.authkey };

let production: RunningSimulator;
let documented: RunningSimulator;
beforeAll(async () => {
  production = await startSimulator({ terminals: [TEST_TERMINAL], seed: 39, environment: 'production-2026' });
  documented = await startSimulator({ terminals: [TEST_TERMINAL], seed: 39 });
});
afterAll(async () => {
  await production?.close();
  await documented?.close();
});

/** Status and body of a POST, whatever its shape (a 404 carries no endpoint's answer). */
async function post(
  base: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: { GeneralResponse: Record<string, unknown> } }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { GeneralResponse: Record<string, unknown> } };
}

describe('environment production-2026', () => {
  it('answers /v2/Payment/Cart with 404 like any path it has no endpoint for, and the terminal shows nothing', async () => {
    const cart = await post(production.url, endpoints.Cart.path, { ...CREDENTIALS, Cart: CART });
    const userChoice = await post(production.url, '/v2/Payment/UserChoice', {
      ...CREDENTIALS,
      Title: 'Receipt?',
      ChoiceOptions: ['Print'],
    });
    expect([cart.status, codes(cart.body)]).toEqual([404, '2/2004']);
    expect(cart.body.GeneralResponse.DetailedMessage).toBe('No SPIn endpoint at /v2/Payment/Cart');
    // Field by field the same answer as the smoke test's other 404s, only the path differs.
    expect({ ...cart.body.GeneralResponse, DetailedMessage: '' }).toEqual({ ...userChoice.body.GeneralResponse, DetailedMessage: '' });
    expect(userChoice.status).toBe(404);
    expect(production.control.getState(TEST_TERMINAL.tpn).lastCart).toBeNull();
  });

  it('still approves a Sale that carries its Cart, and serves the prompts at their documented paths', async () => {
    const spin = spinClient(production.url);
    const sale = await spin.post('Sale', { Amount: 4.5, PaymentType: 'Credit', ReferenceId: 'ENV39SALE1', Cart: CART });
    expect([sale.status, codes(sale.parsed)]).toEqual([200, '0/0000']);
    const choice = await spin.post('UserChoice', { Title: 'Receipt?', ChoiceOptions: ['Print', 'Email'] });
    expect([choice.status, codes(choice.parsed)]).toEqual([200, '0/0000']);
  });
});

describe('the default environment', () => {
  it('serves Cart as before', async () => {
    const answer = await spinClient(documented.url).post('Cart', { Cart: CART });
    expect([answer.status, codes(answer.parsed)]).toEqual([200, '0/0000']);
    expect(documented.control.getState(TEST_TERMINAL.tpn).lastCart).toEqual(CART);
  });

  it('is the one used when none is named (the CLI default too), and an unknown one is refused naming the option', async () => {
    expect(parseCliArgs([]).environment).toBe(DEFAULT_ENVIRONMENT);
    await expect(startSimulator({ environment: 'live' as never })).rejects.toThrow(/Invalid simulator options: environment/);
  });
});
