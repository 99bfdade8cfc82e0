// Issue 26, item 2: fields live SPIn services accepted pass the simulated proxy on the endpoints
// they were seen on; fields live services refused (GetToken, EnableTip, a boolean PrintReceipt)
// get HTTP 400 / 2201 naming them; the unknown-field switch decides the rest. Over loopback HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from './index';
import { TEST_TERMINAL, codes, spinClient } from '../tests/support/simulator-kit';

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function client(unknownFields?: 'refuse' | 'accept') {
  sim = await startSimulator({ terminals: [TEST_TERMINAL], seed: 5, ...(unknownFields ? { unknownFields } : {}) });
  return spinClient(sim.url);
}

const cart = {
  Amounts: [{ Name: 'Total', Value: 5 }],
  Total: 5,
  Items: [{ Name: 'Tea', Price: 2.5, Quantity: 2, Total: 5, CommodityCode: '09520' }],
};

/** One request per endpoint with the extra fields a live service was seen taking there. */
const LIVE_ACCEPTED: readonly [string, string, Record<string, unknown>][] = [
  [
    'Sale with L3Data holding an AutoRental block',
    'Sale',
    {
      PaymentType: 'Credit',
      ReferenceId: 'L3SALE1',
      Amount: 5,
      L3Data: { AutoRental: { AgreementNumber: 'RA-1001', RentalDuration: 3, RentalPeriod: 'Daily' } },
    },
  ],
  [
    'Sale whose Cart and items carry Total and CommodityCode',
    'Sale',
    { PaymentType: 'Credit', ReferenceId: 'CARTSALE1', Amount: 5, Cart: cart },
  ],
  [
    'UserChoice with MerchantNumber and SPInProxyTimeout',
    'UserChoice',
    { Title: 'Bag?', ChoiceOptions: ['Yes', 'No'], MerchantNumber: 1, SPInProxyTimeout: 60 },
  ],
  [
    'Cart with Total, item Total and CommodityCode, PrintReceipt and GetReceipt',
    'Cart',
    { Cart: cart, PrintReceipt: 'No', GetReceipt: 'No' },
  ],
  ['GetCard with PrintReceipt, GetReceipt and MerchantNumber', 'GetCard', { PrintReceipt: 'No', GetReceipt: 'No', MerchantNumber: 1 }],
  ['Summary with MerchantNumber', 'Summary', { MerchantNumber: 1 }],
  ['Settle with PrintReceipt and MerchantNumber', 'Settle', { PrintReceipt: 'No', MerchantNumber: 1 }],
];

describe('fields live services accept', () => {
  it.each(LIVE_ACCEPTED)('passes %s to the terminal (default policy)', async (_, endpoint, body) => {
    const spin = await client();
    const answer = await spin.post(endpoint as never, body);
    // The terminal answers (Settle of an empty batch has its own code); the proxy refused nothing.
    expect(answer.status).toBe(200);
    expect(codes(answer.parsed)).not.toBe('2/2201');
    expect(codes(answer.parsed)).toMatch(/^(0\/0000|1\/1020)$/);
  });

  it('passes PrintReceipt and GetReceipt on TipAdjust, and MerchantNumber and receipt fields on AbortTransaction', async () => {
    const spin = await client();
    expect(codes((await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'TIPA1', Amount: 5 })).parsed)).toBe('0/0000');
    const tip = await spin.post('TipAdjust', { ReferenceId: 'TIPA1', TipAmount: 1, PrintReceipt: 'Merchant', GetReceipt: 'No' });
    expect([tip.status, codes(tip.parsed)]).toEqual([200, '0/0000']);
    // Nothing is running, so the abort's own answer is the catalogue's 2301, not a 2201.
    const abort = await spin.post('AbortTransaction', { ReferenceId: 'TIPA1', PrintReceipt: 'No', GetReceipt: 'No', MerchantNumber: 1 });
    expect([abort.status, codes(abort.parsed)]).toEqual([200, '2/2301']);
  });

  it('still checks their types: a boolean PrintReceipt is 400 / 2201 naming it, as live', async () => {
    const spin = await client();
    for (const [endpoint, body] of [
      ['Sale', { PaymentType: 'Credit', ReferenceId: 'BOOLPR1', Amount: 5, PrintReceipt: true }],
      ['GetCard', { PrintReceipt: true }],
    ] as const) {
      const answer = await spin.post(endpoint, body);
      expect([answer.status, codes(answer.parsed)]).toEqual([400, '2/2201']);
      expect(answer.parsed.GeneralResponse?.DetailedMessage).toMatch(/PrintReceipt/);
    }
  });

  it('answers L3Data that is not an object as live answered a malformed nested object: HTTP 500, no GeneralResponse', async () => {
    await client();
    const res = await fetch(`${sim?.url}/v2/Payment/Sale`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        Tpn: TEST_TERMINAL.tpn,
        Authkey: TEST_TERMINAL.authkey,
        PaymentType: 'Credit',
        ReferenceId: 'L3BAD1',
        Amount: 5,
        L3Data: 'AutoRental',
      }),
    });
    expect([res.status, await res.json()]).toEqual([500, { Message: 'An error has occurred.' }]);
    expect(sim?.control.getState(TEST_TERMINAL.tpn).records).toEqual([]);
  });
});

describe('unknown fields', () => {
  const withExtras = { PaymentType: 'Credit', ReferenceId: 'EXTRA1', Amount: 5, GetToken: true, EnableTip: false };

  it('are refused by default with 400 / 2201 naming each one, as live services answered GetToken and EnableTip', async () => {
    const spin = await client();
    const answer = await spin.post('Sale', withExtras);
    expect([answer.status, codes(answer.parsed)]).toEqual([400, '2/2201']);
    expect(answer.parsed.GeneralResponse?.DetailedMessage).toMatch(/GetToken.*EnableTip/);
    expect(sim?.control.getState(TEST_TERMINAL.tpn).records).toEqual([]);
    // A field live records show on one endpoint is still unknown on another.
    const elsewhere = await spin.post('Return', { PaymentType: 'Credit', ReferenceId: 'RET1', Amount: 1, L3Data: {} });
    expect([elsewhere.status, codes(elsewhere.parsed)]).toEqual([400, '2/2201']);
  });

  it('are ignored with --unknown-fields accept, at any depth, while every other rule still refuses', async () => {
    const spin = await client('accept');
    const answer = await spin.post('Sale', { ...withExtras, Cart: { ...cart, Items: [{ ...cart.Items[0], Sku: 'T-1' }] } });
    expect([answer.status, codes(answer.parsed)]).toEqual([200, '0/0000']);
    expect(sim?.control.getState(TEST_TERMINAL.tpn).records).toHaveLength(1);
    const bad = await spin.post('Sale', { ...withExtras, ReferenceId: 'EXTRA2', Amount: 'five' });
    expect([bad.status, codes(bad.parsed)]).toEqual([400, '2/2201']);
    expect(bad.parsed.GeneralResponse?.DetailedMessage).toMatch(/Amount/);
    expect(bad.parsed.GeneralResponse?.DetailedMessage).not.toMatch(/GetToken/);
  });

  it('refuses a policy that is neither, naming the option', async () => {
    await expect(startSimulator({ unknownFields: 'ignore' as never })).rejects.toThrow(/unknownFields/);
  });
});
