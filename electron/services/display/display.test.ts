import { beforeEach, describe, expect, it } from 'vitest';
import { FAKE_AUTHKEY, fakeProfiles, fakeTpn } from '../../../tests/support/money-move-kit';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { spinErrorToAppError } from '../spin/spin-error-to-app-error';
import { createSpinClient } from '../spin/spin-client';
import { SpinError } from '../spin/spin-error';
import { cardReadOf } from './card-read';
import { runCart } from './cart';
import { AppFailure } from '../app-failure';
import { runAddLevel3, runRemoveLevel3 } from './level3';
import { runGetCard, runUserChoice, runUserInput } from './prompts';
import { runPaymentInvoice, runSelectInvoice } from './table-app';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';

// The non-money handlers against the real simulator: what goes on the wire (dollars, stretched
// timeouts), what comes back (never track data), and how a customer cancel is reported.

const sim = fakeSimulatorPerFile(1, 0);
const TPN = fakeTpn(1);
/** Request bodies the handlers sent, keyed by path. */
let sent: { path: string; body: Record<string, unknown> }[] = [];

const recordingFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  sent.push({ path: new URL(request.url).pathname, body: (await request.clone().json()) as Record<string, unknown> });
  return fetch(request);
};

function deps(proxyTimeoutSeconds = 30): TerminalDeps {
  return { profiles: fakeProfiles(sim.url, proxyTimeoutSeconds), clientOptions: { fetch: recordingFetch, httpGraceMs: 2000 } };
}

async function failure(promise: Promise<unknown>): Promise<SpinError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SpinError);
  return error as SpinError;
}

beforeEach(() => {
  sent = [];
});

describe('pay at table', () => {
  it('shows an invoice in dollars, goods and payments included', async () => {
    const ack = await runPaymentInvoice(deps(), {
      referenceId: 'INV1SHOW',
      invoice: {
        id: 'T7',
        name: 'Table 7',
        totalCents: 4210,
        paidCents: 1000,
        goods: [{ name: 'Soup', amountCents: 1999, quantity: 2 }],
        payments: [{ referenceId: 'PAY1', name: 'Visa', amountCents: 1000, tipCents: 150 }],
      },
    });
    expect(ack).toEqual({ statusCode: '0000', message: 'Approved' });
    expect(sim.control.getState(TPN).lastInvoice).toMatchObject({
      ReferenceId: 'INV1SHOW',
      InvoiceData: {
        Id: 'T7',
        Name: 'Table 7',
        TotalAmount: 42.1,
        PaidAmount: 10,
        Goods: [{ Name: 'Soup', Amount: 19.99, Quantity: 2 }],
        Payments: [{ ReferenceId: 'PAY1', Name: 'Visa', Amount: 10, TipAmount: 1.5 }],
      },
    });
  });

  it('answers with the invoice the customer picked', async () => {
    sim.control.queueAnswer(TPN, { kind: 'invoice', invoiceId: 'B2' });
    const picked = await runSelectInvoice(deps(), {
      title: 'Pick your check',
      invoices: [
        { id: 'A1', name: 'Window', amountCents: 1200, type: 'Open' },
        { id: 'B2', name: '', amountCents: 3450, type: 'Open' },
      ],
    });
    expect(picked).toEqual({ selectedInvoiceId: 'B2' });
    expect(sent[0]?.body.InvoiceList).toEqual([
      { Id: 'A1', Name: 'Window', Amount: 12, Type: 'Open' },
      { Id: 'B2', Amount: 34.5, Type: 'Open' },
    ]);
  });
});

describe('prompts', () => {
  it('returns the typed text and stretches SPInProxyTimeout to cover the prompt timeout', async () => {
    sim.control.queueAnswer(TPN, { kind: 'text', text: '4321' });
    const answer = await runUserInput(deps(30), { title: 'PIN code', type: 'Number', timeoutSeconds: 60, maxLength: 6, hiddenInput: true });
    expect(answer).toEqual({ value: '4321', hidden: true });
    expect(sent[0]?.body).toMatchObject({
      Title: 'PIN code',
      Type: 'Number',
      Timeout: 60,
      MaxLength: 6,
      HiddenInput: true,
      SPInProxyTimeout: 65,
    });
  });

  it('keeps the profile timeout when the prompt has none', async () => {
    await runUserInput(deps(30), { title: 'ZIP', type: 'Number', hiddenInput: false });
    expect(sent[0]?.body.SPInProxyTimeout).toBe(30);
    expect(sent[0]?.body).not.toHaveProperty('Timeout');
  });

  it('returns the chosen option', async () => {
    sim.control.queueAnswer(TPN, { kind: 'option', option: 'Email' });
    expect(await runUserChoice(deps(), { title: 'Receipt?', options: ['Print', 'Email'] })).toEqual({ selectedOption: 'Email' });
  });

  it('reads a UserChoice answered 0000 "Success" (the live wording, not "Approved") as the pick (issue 26, item 10)', async () => {
    const answers: string[] = [];
    const keepAnswers: typeof fetch = async (input, init) => {
      const response = await recordingFetch(input, init);
      answers.push(await response.clone().text());
      return response;
    };
    sim.control.queueAnswer(TPN, { kind: 'option', option: 'Print' });
    const picked = await runUserChoice(
      { profiles: fakeProfiles(sim.url, 30), clientOptions: { fetch: keepAnswers, httpGraceMs: 2000 } },
      { title: 'Receipt?', options: ['Print', 'Email'] },
    );
    expect(JSON.parse(answers[0] ?? '{}')).toMatchObject({ GeneralResponse: { StatusCode: '0000', Message: 'Success' } });
    expect(picked).toEqual({ selectedOption: 'Print' });
  });

  it('reports a customer cancel as TERMINAL 1012 with the catalogue explanation', async () => {
    sim.control.queueAnswer(TPN, { kind: 'cancel' });
    const error = await failure(runUserChoice(deps(), { title: 'Receipt?', options: ['Print'] }));
    const app = spinErrorToAppError(error);
    expect(app).toMatchObject({ code: 'TERMINAL', statusCode: '1012' });
    expect(app.message).toContain('canceled on the terminal');
  });

  it('reduces a card read to brand, entry type, first 4 and last 4', async () => {
    sim.control.queueAnswer(TPN, { kind: 'card', card: { brand: 'Amex', last4: '1005', entryType: 'Contactless', name: 'SECRET/NAME' } });
    const read = await runGetCard(deps(), { prompt: 'Tap your card', timeoutSeconds: 20 });
    expect(read).toEqual({ first4: '3714', last4: '1005', entryType: 'Contactless', brand: 'Amex' });
    expect(JSON.stringify(read)).not.toMatch(/371449|SECRET|%B|;/);
    expect(sent[0]?.body).toMatchObject({ Prompt: 'Tap your card', Timeout: 20 });
  });
});

describe('cardReadOf', () => {
  const base = { GeneralResponse: { ResultCode: '0', StatusCode: '0000' } } as Parameters<typeof cardReadOf>[0];

  it('takes first and last four of a full account number and nothing else', () => {
    const read = cardReadOf({ ...base, Account: '4111 1111 1111 1111', Track2: ';4111111111111111=2512?', EntryType: 'Swipe' });
    expect(read).toEqual({ first4: '4111', last4: '1111', entryType: 'Swipe' });
  });

  it('shows no first four of a number too short to hide the middle', () => {
    expect(cardReadOf({ ...base, Account: '12345678', EntryType: 'Manual' })).toEqual({ last4: '5678', entryType: 'Manual' });
  });

  it('falls back to CardData and ignores anything that is not four digits', () => {
    const read = cardReadOf({ ...base, CardData: { First4: '5413', Last4: '12a4', CardType: 'None', EntryType: 'Chip' } });
    expect(read).toEqual({ first4: '5413', entryType: 'Chip' });
  });
});

describe('cart', () => {
  it('sends the cart in dollars and the terminal keeps it', async () => {
    await runCart(deps(), {
      cart: {
        amounts: [{ name: 'Total', valueCents: 2147 }],
        cashPrices: [],
        items: [
          {
            name: 'Latte',
            priceCents: 1099,
            unitPriceCents: 499,
            quantity: 2,
            additionalInfo: '',
            customInfos: [{ name: 'Size', value: 'Large' }],
            modifiers: [{ name: 'Milk', options: [{ name: 'Oat', priceCents: 101, quantity: 1 }] }],
          },
        ],
      },
    });
    expect(sent[0]?.body).not.toHaveProperty('SPInProxyTimeout');
    expect(sim.control.getState(TPN).lastCart).toEqual({
      Amounts: [{ Name: 'Total', Value: 21.47 }],
      Items: [
        {
          Name: 'Latte',
          Price: 10.99,
          UnitPrice: 4.99,
          Quantity: 2,
          CustomInfos: [{ Name: 'Size', Value: 'Large' }],
          Modifiers: [{ Name: 'Milk', Options: [{ Name: 'Oat', Price: 1.01, Quantity: 1 }] }],
        },
      ],
    });
  });
});

describe('Level 3', () => {
  async function auth(): Promise<string> {
    const client = createSpinClient({ baseUrl: sim.url, tpn: TPN, authkey: FAKE_AUTHKEY });
    const answer = await client.call('Auth', { Amount: 80, PaymentType: 'Credit', ReferenceId: 'L3AUTH1' });
    return answer.AuthCode as string;
  }

  it('adds lines, removes one by number and reports the count each time', async () => {
    const authCode = await auth();
    const target = { authCode, referenceId: 'L3AUTH1', paymentType: 'Credit' as const };
    const added = await runAddLevel3(deps(), {
      ...target,
      header: { taxCents: 640, localTaxFlag: 'LocalOrSales', destZipCode: '10013', custRef: '' },
      items: [
        { description: 'Bolts', quantity: 100, unitCostCents: 25, totalCents: 2500 },
        { description: 'Nuts', productCode: 'N-8' },
      ],
    });
    expect(added).toEqual({ authCode, referenceId: 'L3AUTH1', lineItemCount: 2 });
    expect(sent.at(-1)?.body).toMatchObject({ TaxAmount: 6.4, LocalTaxFlag: 'LocalOrSales', DestZipCode: '10013' });
    expect(sent.at(-1)?.body).not.toHaveProperty('CustRef');
    expect(sent.at(-1)?.body).not.toHaveProperty('Amount');
    expect((sent.at(-1)?.body.Level3LineItems as { Group: unknown[] }).Group[0]).toEqual({
      Description: 'Bolts',
      Quantity: 100,
      UnitCost: 0.25,
      TotalAmount: 25,
    });

    // Every header field of the schema is reachable: the transaction's own figures in dollars too.
    await runAddLevel3(deps(), {
      ...target,
      header: { amountCents: 12000, tipCents: 0, cashbackCents: 2000, customFeeCents: 35, frequency: 'Monthly' },
      items: [{ description: 'Washers' }],
    });
    expect(sent.at(-1)?.body).toMatchObject({ Amount: 120, Tip: 0, CashbackAmount: 20, CustomFee: 0.35, Frequency: 'Monthly' });
    expect(await runRemoveLevel3(deps(), { ...target, lineItemNumber: 3 })).toMatchObject({ lineItemCount: 2 });
    expect(await runRemoveLevel3(deps(), { ...target, lineItemNumber: 1 })).toMatchObject({ lineItemCount: 1 });
    // "Not found" here is about a line or the transaction, not about Void or tips.
    const error = await runRemoveLevel3(deps(), { ...target, lineItemNumber: 5 }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppFailure);
    expect((error as AppFailure).detail).toMatchObject({
      code: 'TERMINAL',
      statusCode: '1001',
      remedy: expect.stringMatching(/line numbers listed/),
    });
    expect((error as AppFailure).detail.remedy).not.toMatch(/Void|tip/i);
    const missing = await runAddLevel3(deps(), { ...target, authCode: 'NOSUCH', header: {}, items: [{ description: 'Bolts' }] }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((missing as AppFailure).detail).toMatchObject({
      statusCode: '1001',
      remedy: expect.stringMatching(/open batch, before Settle/),
    });
    expect(await runRemoveLevel3(deps(), target)).toMatchObject({ lineItemCount: 0 });
  });
});

describe('callTerminal', () => {
  it('refuses a money-moving endpoint even when the types are bypassed', async () => {
    const call = callTerminal(deps(), undefined, 'Sale' as never, () => ({}) as never);
    await expect(call).rejects.toThrow(/runMoneyMove/);
    expect(sent).toEqual([]);
  });
});
