// The shapes and words of the live service that integrators' records show (issue 26; docs/PROTOCOL.md
// §3.1, §3.2, §4.12, §6.3, §8.3, §9.3), over real loopback HTTP: the 2201 that lists every problem,
// the Cart rules, the 2008 wording, the terminal's own 1013s and the docs-sample and top-level-delay
// variants of the real-world mode.
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RealWorldInput, type RunningSimulator } from './index';
import { waitWords } from './replies';
import { TEST_TERMINAL, codes, spinClient, type SpinClient } from '../tests/support/simulator-kit';

let sim: RunningSimulator;
let spin: SpinClient;

async function start(realWorld?: RealWorldInput) {
  sim = await startSimulator({ terminals: [TEST_TERMINAL], seed: 11, ...(realWorld ? { realWorld } : {}) });
  spin = spinClient(sim.url);
}
afterEach(async () => sim.close());

const PAYMENT_TYPES = '[Credit, Debit, EBT_Food, EBT_Cash, Card, Cash, Check, Gift, UserChoice]';
const state = () => sim.control.getState(TEST_TERMINAL.tpn);

describe('2201: Message "Error" and every problem at once, in the live wording', () => {
  it('words a Void with only a ReferenceId as the live service did: the missing Amount, then the closed PaymentType list', async () => {
    await start();
    const answer = await spin.post('Void', { ReferenceId: 'V1' });
    expect([answer.status, codes(answer.body)]).toEqual([400, '2/2201']);
    expect(answer.body.GeneralResponse).toMatchObject({
      Message: 'Error',
      DetailedMessage: `The Amount field is required. For PaymentType field required values are ${PAYMENT_TYPES}`,
    });
  });

  it("lists every Cart problem, the schema's and the live rules', not the first only", async () => {
    await start();
    const cart = { Amounts: [], Items: [{ Name: 'Tea', Quantity: 1 }, { Name: 'Cake' }, { Price: 2 }] };
    const answer = await spin.post('Cart', { Cart: cart });
    expect([answer.status, codes(answer.body)]).toEqual([400, '2/2201']);
    expect(answer.body.GeneralResponse.DetailedMessage).toBe(
      'The Cart.Items.2.Name field is required. ' +
        "Quantity field is required for Items in Cart's Items List (Cart.Items.1.Quantity, Cart.Items.2.Quantity are missing). " +
        "Price field is required for Items in Cart's Items List (Cart.Items.0.Price, Cart.Items.1.Price are missing). " +
        'List of Amounts required in Cart and it must contain at least one Amount.',
    );
    expect(state().lastCart).toBeNull();
  });
});

describe('Cart rules of the live service', () => {
  it.each([
    ['left out', {}],
    ['null', { Price: null }],
  ])('refuses an item whose Price is %s: "Price field is required for Items in Cart\'s Items List"', async (_, price) => {
    await start();
    const answer = await spin.post('Cart', {
      Cart: { Amounts: [{ Name: 'Total', Value: 2 }], Items: [{ Name: 'Tea', Quantity: 1, ...price }] },
    });
    expect([answer.status, answer.body.GeneralResponse.DetailedMessage]).toEqual([
      400,
      "Price field is required for Items in Cart's Items List (Cart.Items.0.Price is missing).",
    ]);
  });

  it.each([
    ['empty', { Amounts: [] }],
    ['left out', {}],
  ])('refuses a Cart whose Amounts list is %s, inline in a Sale too, and charges nothing', async (_, amounts) => {
    await start();
    const items = [{ Name: 'Tea', Price: 2, Quantity: 1 }];
    const cart = await spin.post('Cart', { Cart: { ...amounts, Items: items } });
    const sale = await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'CARTA1', Amount: 2, Cart: { ...amounts, Items: items } });
    for (const answer of [cart, sale]) {
      expect([answer.status, answer.body.GeneralResponse.DetailedMessage]).toEqual([
        400,
        'List of Amounts required in Cart and it must contain at least one Amount.',
      ]);
    }
    expect(state().records).toEqual([]);
  });

  it('accepts a Cart with a priced item and one Amounts line', async () => {
    await start();
    const answer = await spin.post('Cart', {
      Cart: { Amounts: [{ Name: 'Total', Value: 2 }], Items: [{ Name: 'Tea', Price: 2, Quantity: 1 }] },
    });
    expect(codes(answer.body)).toBe('0/0000');
  });
});

describe('2008 reads "Terminal in use, please wait 1 min 30 sec"', () => {
  it.each([
    [30, '30 sec'],
    [90, '1 min 30 sec'],
    [120, '2 min'],
  ])('words %i s as "%s"', (seconds, words) => {
    expect(waitWords(seconds)).toBe(words);
  });

  it('answers a terminal in use elsewhere for 90 s with the live text and DelayBeforeNextRequest 90', async () => {
    await start();
    sim.control.setInUse(TEST_TERMINAL.tpn, 90);
    const answer = await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'BUSY1', Amount: 3 });
    expect(answer.body.GeneralResponse).toMatchObject({
      StatusCode: '2008',
      DetailedMessage: 'Terminal in use, please wait 1 min 30 sec',
      DelayBeforeNextRequest: 90,
    });
  });

  it('delay-top-level: DelayBeforeNextRequest at the top of the body, which the shared schema still reads', async () => {
    await start({ variants: { 'delay-top-level': 1 } });
    sim.control.setInUse(TEST_TERMINAL.tpn, 30);
    const answer = await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'BUSY2', Amount: 3 });
    expect(answer.body.DelayBeforeNextRequest).toBe(30);
    expect(answer.body.GeneralResponse).not.toHaveProperty('DelayBeforeNextRequest');
    expect(answer.parsed.GeneralResponse.DelayBeforeNextRequest).toBe(30);
    expect(sim.control.getRealWorld().events.map((e) => e.applied)).toEqual([['delay-top-level']]);
  });
});

describe('the terminal answers 1013 where the documents say it does, not the proxy 400 / 2201', () => {
  it.each([
    ['a UserInput without a Type', 'UserInput', { Title: 'Zip code' }, /Type/],
    ['a UserChoice with no options', 'UserChoice', { Title: 'Receipt?', ChoiceOptions: [] }, /ChoiceOptions/],
    ['a TipAdjust without a tip', 'TipAdjust', { ReferenceId: 'TIP1' }, /TipAmount/],
  ] as const)('answers %s with HTTP 200 and 1/1013 naming the field', async (_, name, fields, field) => {
    await start();
    const answer = await spin.post(name, fields);
    expect([answer.status, codes(answer.body)]).toEqual([200, '1/1013']);
    expect(answer.body.GeneralResponse.DetailedMessage).toMatch(field);
  });

  it('answers a Sale of 0.00 with 1/1013 shaped like a refused record, and records nothing', async () => {
    await start();
    const answer = await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'ZERO1', Amount: 0 });
    expect([answer.status, codes(answer.body)]).toEqual([200, '1/1013']);
    expect(answer.body).toMatchObject({ ReferenceId: 'ZERO1', TransactionType: 'Sale', PaymentType: 'Credit' });
    expect(answer.body.GeneralResponse.DetailedMessage).toBe('Amount must be greater than 0');
    expect(state().records).toEqual([]);
  });

  it('refuses a UserInput without Type that the proxy refuses for another reason without naming Type (the terminal checks it)', async () => {
    await start();
    const answer = await spin.post('UserInput', { Title: 'Zip code', MinLength: 'four' });
    expect([answer.status, codes(answer.body)]).toEqual([400, '2/2201']);
    expect(answer.body.GeneralResponse.DetailedMessage).toMatch(/MinLength/);
    expect(answer.body.GeneralResponse.DetailedMessage).not.toMatch(/Type/);
  });

  it('still checks the credentials first, and still refuses with 2201 what the terminal never sees (a negative amount)', async () => {
    await start();
    const stranger = await spinClient(sim.url, { tpn: TEST_TERMINAL.tpn, authkey: 'WRONGKEY01' }).post('UserInput', { Title: 'Zip' });
    expect(codes(stranger.body)).toBe('2/2002');
    const negative = await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'NEG1', Amount: -1 });
    expect([negative.status, codes(negative.body)]).toEqual([400, '2/2201']);
    const mixed = await spin.post('Sale', { ReferenceId: 'MIX1', Amount: 0 });
    expect([mixed.status, codes(mixed.body)]).toEqual([400, '2/2201']);
  });
});

describe("docs-sample: the vendor sample answer's shape", () => {
  it("nulls zero Tip/Fee/Tax and drops a captured Signature; the texts and keys are already production's", async () => {
    await start({ variants: { 'docs-sample': 1 } });
    const answer = await spin.post('Sale', {
      PaymentType: 'Credit',
      ReferenceId: 'DOCS1',
      Amount: 9.6,
      GetExtendedData: true,
      CaptureSignature: true,
    });
    const { body, parsed } = answer;
    expect(body.Amounts).toEqual({ TotalAmount: 9.6, Amount: 9.6, TipAmount: null, FeeAmount: null, TaxAmount: null });
    expect(body.GeneralResponse.HostResponseMessage).toMatch(/^APPROVAL%20[A-Z0-9]+%20$/);
    expect(body.GeneralResponse.DetailedMessage).toMatch(/^APPROVAL [A-Z0-9]+ $/);
    const application = (body.EMVData as { ApplicationName: string }).ApplicationName;
    expect(Object.keys(body.ExtendedDataByApplication as object)).toEqual([application.toUpperCase()]);
    for (const gone of ['Token', 'PNReferenceId', 'MerchantName', 'Signature']) expect(body).not.toHaveProperty(gone);
    // The shared schema reads the host text as a person does: decoded, without the padding.
    const plain = decodeURIComponent(body.GeneralResponse.HostResponseMessage as string).trim();
    expect(parsed.GeneralResponse.HostResponseMessage).toBe(plain);
    expect(parsed.GeneralResponse.DetailedMessage).toBe((body.GeneralResponse.DetailedMessage as string).trim());
    // The terminal's own record is untouched.
    expect(state().records[0]?.Amounts).toMatchObject({ TipAmount: 0 });
    expect(state().records[0]).toHaveProperty('Signature');
  });

  it('leaves a real tip as it is', async () => {
    await start({ variants: { 'docs-sample': 1 } });
    const answer = await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'DOCS2', Amount: 12, TipAmount: 2 });
    expect(answer.body.Amounts).toMatchObject({ Amount: 12, TipAmount: 2, FeeAmount: null, TaxAmount: null });
  });
});
