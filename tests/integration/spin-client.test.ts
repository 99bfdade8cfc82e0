import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EndpointName } from '@shared/spin/endpoints';
import { requestExamples } from '../support/spin-examples';
import { createSpinClient, type SpinClient, type SpinRequest } from '../../electron/services/spin/spin-client';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { failure } from '../support/spin-test-kit';

// The app's SPIn client against the real simulator over loopback: every one of the 21 endpoints,
// a success and at least one failure each, plus the transport failures the client must classify.
const TPN = 'INTTERM001';
const KEY = 'FAKEKEY001';

let sim: RunningSimulator;
let client: SpinClient;

function example<N extends EndpointName>(name: N, overrides: Record<string, unknown> = {}): SpinRequest<N> {
  const { Tpn: _t, Authkey: _a, RegisterId: _r, ...rest } = requestExamples[name] as Record<string, unknown>;
  return { ...rest, ...overrides } as SpinRequest<N>;
}

let refCounter = 0;
const ref = (prefix: string) => `${prefix}${Date.now().toString(36)}${++refCounter}`;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: KEY }], seed: 7 });
  client = createSpinClient({ baseUrl: sim.url, tpn: TPN, authkey: KEY, proxyTimeoutSeconds: 5 });
});
afterAll(() => sim.close());
beforeEach(() => sim.control.reset());

describe('payments', () => {
  it('Sale approves with realistic data; a 10.15 sale is declined as TERMINAL 1015', async () => {
    const sale = await client.call('Sale', example('Sale', { ReferenceId: ref('S'), Amount: 12.34, TipAmount: 1, GetReceipt: 'Both' }));
    expect(sale.GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
    expect(sale).toMatchObject({ TransactionType: 'Sale', TransactionNumber: '1', Amounts: { TipAmount: 1 } });
    expect(sale.AuthCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(sale.CardData?.Last4).toMatch(/^\d{4}$/);
    expect(sale.Receipts?.Customer).toBeTruthy();
    const declined = await failure(client.call('Sale', example('Sale', { ReferenceId: ref('S'), Amount: 10.15, TipAmount: null })));
    expect(declined).toMatchObject({ code: 'TERMINAL', statusCode: '1015' });
  });

  it('Auth then Capture by AuthCode; Capture of an unknown AuthCode is 1001', async () => {
    const auth = await client.call('Auth', example('Auth', { ReferenceId: ref('A'), Amount: 61.2 }));
    expect(auth.TransactionType).toBe('Auth');
    const capture = await client.call('Capture', example('Capture', { ReferenceId: ref('C'), Amount: 65, AuthCode: auth.AuthCode }));
    expect(capture).toMatchObject({ TransactionType: 'Capture', GeneralResponse: { StatusCode: '0000' } });
    const unknown = await failure(client.call('Capture', example('Capture', { ReferenceId: ref('C'), AuthCode: 'NOPE00' })));
    expect(unknown).toMatchObject({ code: 'TERMINAL', statusCode: '1001' });
  });

  it('Return stands alone; a 10.12 return is canceled (1012)', async () => {
    const refund = await client.call('Return', example('Return', { ReferenceId: ref('R'), Amount: 20 }));
    expect(refund).toMatchObject({ TransactionType: 'Return', GeneralResponse: { ResultCode: '0' } });
    expect(await failure(client.call('Return', example('Return', { ReferenceId: ref('R'), Amount: 10.12 })))).toMatchObject({
      statusCode: '1012',
    });
  });

  it('Void marks the sale voided; voiding an unknown reference is 1001', async () => {
    const reference = ref('V');
    await client.call('Sale', example('Sale', { ReferenceId: reference, Amount: 30, TipAmount: null }));
    const voided = await client.call('Void', example('Void', { ReferenceId: reference, Amount: 30 }));
    expect(voided.GeneralResponse.StatusCode).toBe('0000');
    const status = await client.call('Status', example('Status', { ReferenceId: reference }));
    expect(status.Voided).toBe(true);
    expect(await failure(client.call('Void', example('Void', { ReferenceId: 'NOSUCHREF1', Amount: 30 })))).toMatchObject({
      statusCode: '1001',
    });
  });

  it('TipAdjust replaces the tip; an unknown reference is 1001', async () => {
    const reference = ref('T');
    await client.call('Sale', example('Sale', { ReferenceId: reference, Amount: 40, TipAmount: 2 }));
    await client.call('TipAdjust', example('TipAdjust', { ReferenceId: reference, Amount: 40, TipAmount: 7 }));
    const status = await client.call('Status', example('Status', { ReferenceId: reference }));
    expect(status.Amounts?.TipAmount).toBe(7);
    expect(await failure(client.call('TipAdjust', example('TipAdjust', { ReferenceId: 'NOSUCHREF2' })))).toMatchObject({
      statusCode: '1001',
    });
  });

  it('Balance returns EBT balances; a wrong Authkey is PROXY 2002', async () => {
    const balance = await client.call('Balance', example('Balance', { ReferenceId: ref('B') }));
    expect(typeof balance.Amounts?.EBTFSAvailableBalance).toBe('number');
    const wrongKey = createSpinClient({ baseUrl: sim.url, tpn: TPN, authkey: 'WRONGKEY01' });
    expect(await failure(wrongKey.call('Balance', example('Balance', { ReferenceId: ref('B') })))).toMatchObject({
      code: 'PROXY',
      statusCode: '2002',
    });
  });
});

describe('lookups', () => {
  it('Status finds a sale by reference; an unknown reference is 1001', async () => {
    const reference = ref('L');
    await client.call('Sale', example('Sale', { ReferenceId: reference, Amount: 9.99, TipAmount: null }));
    expect((await client.call('Status', example('Status', { ReferenceId: reference }))).Amounts?.Amount).toBe(9.99);
    expect(await failure(client.call('Status', example('Status', { ReferenceId: 'NOSUCHREF3' })))).toMatchObject({ statusCode: '1001' });
  });

  it('StatusList pages by TransactionNumber; From > To never leaves the app', async () => {
    for (const amount of [1, 2, 3]) await client.call('Sale', example('Sale', { ReferenceId: ref('P'), Amount: amount, TipAmount: null }));
    const page = await client.call('StatusList', example('StatusList', { TransactionFromIndex: 2, TransactionToIndex: 3 }));
    expect(page.Transactions?.map((t) => t.TransactionNumber)).toEqual(['2', '3']);
    const bad = await failure(client.call('StatusList', example('StatusList', { TransactionFromIndex: 3, TransactionToIndex: 1 })));
    expect(bad.code).toBe('BAD_INPUT');
    expect(bad.fields?.[0]?.path).toBe('TransactionToIndex');
  });

  it('OfflineStatus lists store-and-forward transactions; an unknown Tpn is 2003', async () => {
    sim.control.addOfflineTransaction(TPN, { referenceId: 'SNF1', amount: 15 });
    const offline = await client.call('OfflineStatus', example('OfflineStatus', { ReferenceId: undefined }));
    expect(offline.Transactions?.[0]).toMatchObject({ ReferenceId: 'SNF1' });
    expect(offline.Transactions?.[0]?.TransactionDateTime).toBeTruthy();
    const stranger = createSpinClient({ baseUrl: sim.url, tpn: 'UNKNOWN001', authkey: KEY });
    expect(await failure(stranger.call('OfflineStatus', example('OfflineStatus')))).toMatchObject({ code: 'PROXY', statusCode: '2003' });
  });
});

describe('batch', () => {
  it('Settle closes the batch with totals; settling an empty batch is 1020', async () => {
    await client.call('Sale', example('Sale', { ReferenceId: ref('Z'), Amount: 10, TipAmount: null }));
    await client.call('Return', example('Return', { ReferenceId: ref('Z'), Amount: 4 }));
    const settle = await client.call('Settle', example('Settle', { ReferenceId: ref('ST') }));
    const report = settle.SettleDetails?.[0]?.TransactionsReports;
    expect(report).toMatchObject({ TransactionsCount: 2, SaleAmount: 10, ReturnAmount: 4 });
    expect(await failure(client.call('Settle', example('Settle', { ReferenceId: ref('ST') })))).toMatchObject({ statusCode: '1020' });
  });

  it('Summary and Daily report the open batch; an offline terminal is 2001', async () => {
    await client.call('Sale', example('Sale', { ReferenceId: ref('D'), Amount: 25.5, TipAmount: null }));
    const summary = await client.call('Summary', example('Summary'));
    expect(summary.SummaryDetails?.[0]?.TransactionsSummaryReports).toMatchObject({ TransactionsCount: 1, SaleAmount: 25.5 });
    const daily = await client.call('Daily', example('Daily'));
    expect(daily.DailyDetails?.[0]?.TransactionsDailyReports).toHaveLength(1);
    sim.control.setOnline(TPN, false);
    expect(await failure(client.call('Summary', example('Summary')))).toMatchObject({ code: 'PROXY', statusCode: '2001' });
    expect(await failure(client.call('Daily', example('Daily')))).toMatchObject({ code: 'PROXY', statusCode: '2001' });
  });
});

describe('level 3', () => {
  it('AddLevel3Item and RemoveLevel3Item keep line items per AuthCode; unknown AuthCode is 1001', async () => {
    const auth = await client.call('Auth', example('Auth', { ReferenceId: ref('A'), Amount: 100 }));
    const added = await client.call('AddLevel3Item', example('AddLevel3Item', { ReferenceId: ref('L3'), AuthCode: auth.AuthCode }));
    expect(Number(added.LineItemCount)).toBe(1);
    const removed = await client.call('RemoveLevel3Item', example('RemoveLevel3Item', { ReferenceId: ref('L3'), AuthCode: auth.AuthCode }));
    expect(Number(removed.LineItemCount)).toBe(0);
    expect(
      await failure(client.call('AddLevel3Item', example('AddLevel3Item', { ReferenceId: ref('L3'), AuthCode: 'NOPE00' }))),
    ).toMatchObject({ statusCode: '1001' });
    expect(
      await failure(client.call('RemoveLevel3Item', example('RemoveLevel3Item', { ReferenceId: ref('L3'), AuthCode: 'NOPE00' }))),
    ).toMatchObject({ statusCode: '1001' });
  });
});

describe('display and prompts', () => {
  it('Cart and PaymentInvoice are displayed; invalid ones never leave the app', async () => {
    expect((await client.call('Cart', example('Cart'))).GeneralResponse.StatusCode).toBe('0000');
    expect(sim.control.getState(TPN).lastCart).toBeTruthy();
    expect((await client.call('PaymentInvoice', example('PaymentInvoice'))).GeneralResponse.StatusCode).toBe('0000');
    expect(sim.control.getState(TPN).lastInvoice).toBeTruthy();
    const badCart = await failure(client.call('Cart', example('Cart', { Cart: { Items: [] } })));
    expect(badCart).toMatchObject({ code: 'BAD_INPUT' });
    expect(badCart.fields?.map((f) => f.path)).toContain('Cart.Amounts');
    const badInvoice = await failure(client.call('PaymentInvoice', example('PaymentInvoice', { InvoiceData: { Name: 'no id' } })));
    expect(badInvoice.code).toBe('BAD_INPUT');
  });

  it('SelectInvoice, UserInput, UserChoice and GetCard are answered by the simulated customer', async () => {
    sim.control.queueAnswer(TPN, { kind: 'invoice', invoiceId: 'T12' });
    expect((await client.call('SelectInvoice', example('SelectInvoice'))).SelectedInvoiceId).toBe('T12');
    sim.control.queueAnswer(TPN, { kind: 'text', text: '10013' });
    expect((await client.call('UserInput', example('UserInput'))).InputedString).toBe('10013');
    sim.control.queueAnswer(TPN, { kind: 'option', option: 'Email' });
    expect((await client.call('UserChoice', example('UserChoice'))).SelectedOption).toBe('Email');
    sim.control.queueAnswer(TPN, { kind: 'card', card: { brand: 'Visa', last4: '4242' } });
    const card = await client.call('GetCard', example('GetCard'));
    expect(JSON.stringify(card)).toContain('4242');
  });

  it.each(['SelectInvoice', 'UserInput', 'UserChoice', 'GetCard'] as const)('%s: a customer who cancels is 1012', async (name) => {
    sim.control.queueAnswer(TPN, { kind: 'cancel' });
    expect(await failure(client.call(name, example(name)))).toMatchObject({ code: 'TERMINAL', statusCode: '1012' });
  });
});

describe('transport failures', () => {
  it('a port with nothing listening is NETWORK', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = createSpinClient({ baseUrl: `http://127.0.0.1:${port}`, tpn: TPN, authkey: KEY });
    expect((await failure(nowhere.call('Status', example('Status')))).code).toBe('NETWORK');
  });

  it('no answer within SPInProxyTimeout + grace is TIMEOUT; the proxy itself answers 2007', async () => {
    const impatient = createSpinClient({ baseUrl: sim.url, tpn: TPN, authkey: KEY }, { httpGraceMs: -700 });
    const timedOut = await failure(
      impatient.call('Sale', example('Sale', { ReferenceId: ref('H'), Amount: 20.07, TipAmount: null, SPInProxyTimeout: 1 })),
    );
    expect(timedOut.code).toBe('TIMEOUT');
    // The simulator still holds the first request until its SPInProxyTimeout: wait until it is free.
    await expect.poll(() => sim.control.listTerminals().find((t) => t.tpn === TPN)?.busy, { timeout: 5000 }).toBe(false);
    const proxyTimeout = await failure(
      client.call('Sale', example('Sale', { ReferenceId: ref('H'), Amount: 20.07, TipAmount: null, SPInProxyTimeout: 1 })),
    );
    expect(proxyTimeout).toMatchObject({ code: 'PROXY', statusCode: '2007' });
  });

  describe('against a server that does not speak SPIn', () => {
    let server: Server;
    let base = '';
    beforeAll(async () => {
      server = createServer((req, res) => {
        if (req.url?.includes('Sale')) return res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>down</h1>');
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('an HTTP 503 is HTTP_STATUS and garbage JSON is BAD_RESPONSE', async () => {
      const odd = createSpinClient({ baseUrl: base, tpn: TPN, authkey: KEY });
      expect(await failure(odd.call('Sale', example('Sale', { ReferenceId: ref('X') })))).toMatchObject({
        code: 'HTTP_STATUS',
        httpStatus: 503,
      });
      expect((await failure(odd.call('Status', example('Status')))).code).toBe('BAD_RESPONSE');
    });
  });

  it('a 400 from the simulator carries its 2201 GeneralResponse naming the field', async () => {
    // Corrupt the body after the client validated it, to see what the server says about it.
    const corrupting: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const body = JSON.parse(await request.text()) as Record<string, unknown>;
      delete body.PaymentType;
      return fetch(request.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    };
    const broken = createSpinClient({ baseUrl: sim.url, tpn: TPN, authkey: KEY }, { fetch: corrupting });
    const error = await failure(broken.call('Status', example('Status')));
    expect(error).toMatchObject({ code: 'HTTP_STATUS', httpStatus: 400, generalResponse: { StatusCode: '2201' } });
    expect(error.generalResponse?.DetailedMessage).toContain('PaymentType');
  });

  it('fills the credentials and never sends a request that breaks the schema', async () => {
    const sent: string[] = [];
    const spying: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push(await request.clone().text());
      return fetch(request);
    };
    const spy = createSpinClient({ baseUrl: sim.url, tpn: TPN, authkey: KEY, proxyTimeoutSeconds: 30 }, { fetch: spying });
    await spy.call('Status', example('Status', { ReferenceId: 'ANY', SPInProxyTimeout: undefined })).catch(() => undefined);
    expect(JSON.parse(sent[0] ?? '{}')).toMatchObject({ Tpn: TPN, Authkey: KEY, SPInProxyTimeout: 30 });
    await spy.call('Sale', example('Sale', { ReferenceId: 'x'.repeat(51) })).catch(() => undefined);
    expect(sent).toHaveLength(1);
  });
});
