// Issue 26: the simulator now answers in the shapes integrators' records show for the live service
// (docs/PROTOCOL.md §3.1, §3.2, §4.12, §6.3, §9.3). The app meets each through its real channels
// and the real simulator over loopback HTTP: a Cart 2201 reads as the service's sentence, naming
// every item it found, a 2008 whose DelayBeforeNextRequest sits at the top of the body is waited
// out for that long, and a docs-sample-shaped approval (null Tip/Fee/Tax, URL-encoded host text,
// padded texts, no Token or Signature) is shown decoded and journaled as approved, and a Status 1001
// that carries the terminal's SerialNumber still reads as "not found".
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JournalPage } from '@shared/ipc/journal-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { addTerminal, data, SENTINEL, startServices } from './diagnostics-kit';

const TPN = 'LIVESHAPE1';
/** Far longer than the test may take: a 2008 whose delay the app did not read would wait this long. */
const BUSY_DEFAULT_MS = 60_000;

let sim: RunningSimulator;
let services: Awaited<ReturnType<typeof startServices>>;
let profileId: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], seed: 26 });
  services = await startServices({ recoveryPolicy: { busyDefaultMs: BUSY_DEFAULT_MS } });
  profileId = (await addTerminal(services, 'Counter', sim.url, TPN)).id;
});
afterAll(async () => {
  await services?.close();
  await sim?.close();
});
beforeEach(() => {
  sim.control.reset();
  sim.control.setRealWorld(null);
});

const sale = (referenceId: string, amountCents: number) =>
  data<PaymentResult>(services, 'payments:sale', { profileId, amountCents, referenceId });

describe('a 2201 that lists every problem', () => {
  // The app refuses a missing Price or total line itself (cart-rules.test.ts) but, like the schema,
  // lets an item's Quantity be left out, which the live service refuses too: the app's way to meet a Cart 2201.
  it('shows the Cart problem the service found, in its own sentence with every item it names, and nothing is shown on the terminal', async () => {
    const item = (name: string) => ({
      name,
      priceCents: 450,
      unitPriceCents: null,
      quantity: null,
      additionalInfo: '',
      customInfos: [],
      modifiers: [],
    });
    const amounts = [{ name: 'Total', valueCents: 900 }];
    const result = await services.dispatch('display:cart', {
      profileId,
      cart: { amounts, cashPrices: [], items: [item('Tea'), item('Scone')] },
    });
    expect(result.ok).toBe(false);
    const words = result.ok ? '' : `${result.error.message} ${result.error.detail ?? ''}`;
    expect(words).toContain("Quantity field is required for Items in Cart's Items List");
    expect(words).toContain('Cart.Items.0.Quantity, Cart.Items.1.Quantity');
    expect(words).not.toMatch(/%20| {2}/);
    expect(sim.control.getState(TPN).lastCart).toBeNull();
  });
});

describe('DelayBeforeNextRequest at the top level of the body', () => {
  it('waits the delay the service gave there, then sends the same sale again and it is approved', async () => {
    // An approval of ours already in the open batch is the batch witness (docs/PROTOCOL.md §12.2), so
    // the Sale is the first request the busy terminal sees rather than a witness read before it.
    expect(await sale('TOPDELAY0', 100)).toMatchObject({ outcome: 'approved' });
    sim.control.setRealWorld({ variants: { 'delay-top-level': 1 } });
    sim.control.setInUse(TPN, 1);
    const result = await sale('TOPDELAY1', 1234);
    expect(result).toMatchObject({ outcome: 'approved', statusCode: '0000' });
    const sales = sim.control.getRealWorld().events.filter((e) => e.endpoint === 'Sale' && e.referenceId === 'TOPDELAY1');
    expect(sales.length).toBeGreaterThanOrEqual(2);
    expect(sales[0]?.applied).toContain('delay-top-level');
    // The service said 1 s (at the top level only); the app's own default would have been a minute.
    const gap = (sales[1]?.at ?? 0) - (sales[0]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(900);
    expect(gap).toBeLessThan(BUSY_DEFAULT_MS / 2);
    expect(sim.control.getState(TPN).records.map((r) => r.ReferenceId)).toEqual(['TOPDELAY0', 'TOPDELAY1']);
  }, 20_000);
});

describe('an approval shaped like the docs sample', () => {
  it('is approved with the host text decoded, no padding, and no tip, fee or tax made up from the nulls', async () => {
    sim.control.setRealWorld({ variants: { 'docs-sample': 1 } });
    const result = await sale('DOCSAMPLE1', 960);
    const [event] = sim.control.getRealWorld().events;
    expect(event?.applied).toEqual(['docs-sample']);
    expect(result).toMatchObject({ outcome: 'approved', statusCode: '0000', referenceId: 'DOCSAMPLE1' });
    expect(result.amounts).toMatchObject({ total: 960, amount: 960 });
    for (const part of [result.amounts.tip, result.amounts.fee, result.amounts.tax]) expect([null, undefined]).toContain(part);
    expect(result.hostMessage).toBeTruthy();
    expect(result.hostMessage).not.toMatch(/%[0-9A-F]{2}|\s$/);
    expect(result.message).not.toMatch(/\s$/);
    const record = sim.control.getState(TPN).records[0];
    expect(result.hostMessage).toBe(decodeURIComponent(record?.GeneralResponse.HostResponseMessage ?? '').trim());
    const page = await data<JournalPage>(services, 'journal:list', {});
    const entry = page.entries.find((e) => e.referenceId === 'DOCSAMPLE1');
    expect(entry?.state).toBe('approved');
    // Null Tip/Fee/Tax are "not said", never zero or a made-up figure; the charge itself is not in doubt.
    expect(entry?.outcome).toMatchObject({ approvedCents: 960, totalCents: 960 });
    expect(entry?.outcome).not.toHaveProperty('answeredTipCents');
    expect(entry?.outcome?.chargeCheck).toBeUndefined();
  });
});

describe("an approval in production's shape (plain mode, issue 39)", () => {
  it('shows the URL-encoded host text decoded ("APPROVAL%20<auth>%20" reads "APPROVAL <auth>") and the brand from CardType', async () => {
    const result = await sale('PLAIN39', 104);
    const record = sim.control.getState(TPN).records[0] as unknown as {
      AuthCode: string;
      GeneralResponse: { HostResponseMessage: string; DetailedMessage: string };
      CardData: Record<string, string>;
    };
    // The wire carries production's texts; the screen shows them as a person reads them.
    expect(record.GeneralResponse.HostResponseMessage).toBe(`APPROVAL%20${record.AuthCode}%20`);
    expect(record.GeneralResponse.DetailedMessage).toBe(`APPROVAL ${record.AuthCode} `);
    expect(result).toMatchObject({ outcome: 'approved', authCode: record.AuthCode, hostMessage: `APPROVAL ${record.AuthCode}` });
    expect(record.CardData).not.toHaveProperty('CardBrand');
    expect(result.card?.brand).toBe(record.CardData.CardType);
  });
});

describe('Status of an unknown reference', () => {
  it('reads the live 1001, which names the terminal (SerialNumber), as "not found", and nothing else', async () => {
    const wire = await fetch(`${sim.url}/v2/Payment/Status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Tpn: TPN, Authkey: SENTINEL, PaymentType: 'Credit', ReferenceId: 'NOSUCH1' }),
    });
    const body = (await wire.json()) as { SerialNumber?: unknown };
    expect(typeof body.SerialNumber).toBe('string');
    const result = await services.dispatch('transactions:status', { profileId, paymentType: 'Credit', referenceId: 'NOSUCH1' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toMatch(/^No transaction with reference NOSUCH1/);
      expect(JSON.stringify(result.error)).not.toContain(String(body.SerialNumber));
    }
  });
});
