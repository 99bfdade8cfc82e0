// Issue 26 item 3: live services refuse a Cart item without Price and a Cart without an Amounts line
// (docs/PROTOCOL.md §4.12), and so does the simulator. The app refuses both itself, before anything
// is sent: through its real channels, to the real simulator over loopback HTTP, behind a pass-through
// proxy that counts every request, nothing reaches the terminal until the cart is fixed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { startFaultProxy, type FaultProxy } from '../fault/fault-proxy';
import { addTerminal, SENTINEL, startServices } from './diagnostics-kit';
import { cartItem, PRICE_RULE, refusedCart, TOTAL_RULE } from '../support/cart-fixtures';

const TPN = 'CARTRULES1';

let sim: RunningSimulator;
let proxy: FaultProxy;
let services: Awaited<ReturnType<typeof startServices>>;
let profileId: string;
/** Requests the proxy had passed on before the test began. */
let seenBefore = 0;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], seed: 3 });
  proxy = await startFaultProxy(sim.url, () => null);
  services = await startServices();
  profileId = (await addTerminal(services, 'Counter', proxy.url, TPN)).id;
});
afterAll(async () => {
  await services?.close();
  await proxy?.close();
  await sim?.close();
});
beforeEach(() => {
  sim.control.reset();
  seenBefore = proxy.seen.length;
});

/** Every request the test sent towards the simulator, by endpoint. */
const endpointsSeen = () => proxy.seen.slice(seenBefore).map((seen) => seen.endpoint);

describe('a cart the service would refuse', () => {
  it('on its own: refused by the app naming the item price and the total lines, and no Cart request is sent', async () => {
    const result = await services.dispatch('display:cart', { profileId, cart: refusedCart });
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    const message = result.ok ? '' : result.error.message;
    expect(message).toContain(PRICE_RULE);
    expect(message).toContain(TOTAL_RULE);
    expect(endpointsSeen()).toEqual([]);
    expect(sim.control.getState(TPN).lastCart).toBeNull();
  });

  it('inside a Sale: refused the same way, and no Sale is sent, so no money can move', async () => {
    const result = await services.dispatch('payments:sale', { profileId, amountCents: 1050, referenceId: 'CARTRULE1', cart: refusedCart });
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(result.ok ? '' : result.error.message).toContain(PRICE_RULE);
    expect(endpointsSeen()).toEqual([]);
    expect(sim.control.getState(TPN).records).toEqual([]);
  });

  it('once every item has its price and the cart a total line, it is sent once and the terminal shows it', async () => {
    const fixed = { amounts: [{ name: 'Total', valueCents: 1300 }], cashPrices: [], items: [cartItem('Latte', 450), cartItem('Tea', 850)] };
    const result = await services.dispatch('display:cart', { profileId, cart: fixed });
    expect(result).toMatchObject({ ok: true, data: { statusCode: '0000' } });
    expect(endpointsSeen()).toEqual(['Cart']);
    expect(sim.control.getState(TPN).lastCart).toMatchObject({
      Amounts: [{ Name: 'Total', Value: 13 }],
      Items: [
        { Name: 'Latte', Price: 4.5 },
        { Name: 'Tea', Price: 8.5 },
      ],
    });
  });
});
