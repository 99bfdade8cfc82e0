// The SPIn client against a scripted, imperfect service on loopback: redirects, dripping and
// stalled bodies, the user's Stop, odd answer shapes, echoed keys, HTTP statuses, and the
// connection failures that prove nothing was sent. Credentials are obviously fake.
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@shared/spin/endpoints';
import { requestExamples, responseExamples } from '../support/spin-examples';
import { createNodeFetch } from '../../electron/services/spin/undici-fetch';
import { createSpinClient, type SpinClientOptions, type SpinRequest } from '../../electron/services/spin/spin-client';
import type { SpinError } from '../../electron/services/spin/spin-error';
import { classifyAnswer } from '../../electron/services/recovery/answer-class';
import { closedPortUrl } from '../support/money-move-kit';
import { makeSelfSignedCert } from '../support/self-signed-cert';
import { drip, general, json, redirect, resetAfterBody, stall, scriptedServicePair } from '../support/scripted-service';
import { failure, signal } from '../support/spin-test-kit';

const TPN = 'WIRETERM01';
const KEY = 'FAKEKEY7QZ';

const hosts = scriptedServicePair();

function example<N extends EndpointName>(name: N, overrides: Record<string, unknown> = {}): SpinRequest<N> {
  const { Tpn: _t, Authkey: _a, RegisterId: _r, ...rest } = requestExamples[name] as Record<string, unknown>;
  return { ...rest, ...overrides } as SpinRequest<N>;
}

const client = (options: SpinClientOptions = {}, base = hosts.service.url, proxyTimeoutSeconds = 5) =>
  createSpinClient({ baseUrl: base, tpn: TPN, authkey: KEY, proxyTimeoutSeconds }, options);

describe('redirects are never followed', () => {
  it.each([301, 302, 303, 307, 308])('HTTP %i is REDIRECT naming the host; nothing (no Authkey) goes there', async (status) => {
    hosts.service.on('Sale', redirect(status, `${hosts.elsewhere.url}/spin/v2/Payment/Sale?token=SECRETQUERY&x=1`));
    const error = await failure(client().call('Sale', example('Sale')));
    const host = new URL(hosts.elsewhere.url).host;
    expect(error).toMatchObject({ code: 'REDIRECT', httpStatus: status, redirectTo: `${hosts.elsewhere.url}/spin/v2/Payment/Sale` });
    expect(error.message).toContain(host);
    expect(error.message).not.toContain('SECRETQUERY');
    expect(hosts.service.count('Sale')).toBe(1);
    expect(hosts.elsewhere.requests).toEqual([]);
    // For a money move the outcome is unknown: it is looked up with Status at the profile's address.
    expect(classifyAnswer(error)).toMatchObject({ kind: 'unknown', why: expect.stringContaining(host) });
  });

  it('resolves a relative Location against the request, and says so when there is none', async () => {
    hosts.service.on('Status', redirect(302, '/login?next=%2F'), (_request, res) => void res.writeHead(307).end());
    expect(await failure(client().call('Status', example('Status')))).toMatchObject({
      code: 'REDIRECT',
      redirectTo: `${hosts.service.url}/login`,
    });
    const bare = await failure(client().call('Status', example('Status')));
    expect(bare.code).toBe('REDIRECT');
    expect(bare.redirectTo).toBeUndefined();
    expect(bare.message).toMatch(/did not reveal/);
  });
});

describe('one deadline for the whole exchange', () => {
  it('a dripping body (headers at once, a byte every 50 ms) ends at the deadline with TIMEOUT', async () => {
    hosts.service.on('Sale', drip(50));
    const started = performance.now();
    // SPInProxyTimeout 1 s, grace -400 ms: the deadline is 600 ms after the request started.
    const error = await failure(client({ httpGraceMs: -400 }, hosts.service.url, 1).call('Sale', example('Sale', { SPInProxyTimeout: 1 })));
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ code: 'TIMEOUT', httpStatus: 200 });
    expect(error.message).toMatch(/did not finish arriving/);
    expect(elapsed).toBeGreaterThanOrEqual(590);
    expect(elapsed).toBeLessThan(3000);
    expect(classifyAnswer(error).kind).toBe('unknown');
  });

  it("the user's Stop during the body read ends the call at once, and the connection is released", async () => {
    const closed = signal();
    hosts.service.on('Sale', stall(closed.fire));
    const headers = signal();
    const base = createNodeFetch();
    // Tells the test the moment the headers are in, so the Stop lands in the body read.
    const watching: typeof fetch = async (input, init) => {
      const response = await base(input, init);
      headers.fire();
      return response;
    };
    const stop = new AbortController();
    const call = failure(
      client({ fetch: watching, signal: stop.signal }, hosts.service.url, 60).call('Sale', example('Sale', { SPInProxyTimeout: 60 })),
    );
    await headers.promise;
    const stoppedAt = performance.now();
    stop.abort();
    const error = await call;
    // Far below the 60 s deadline: only the Stop can have ended it.
    expect(performance.now() - stoppedAt).toBeLessThan(5000);
    expect(error).toMatchObject({ code: 'ABORTED', notSent: false });
    expect(error.message).toMatch(/while its answer was arriving/);
    await closed.promise;
    expect(classifyAnswer(error).kind).toBe('unknown');
  });

  it('a Stop before sending proves nothing was sent', async () => {
    hosts.service.on('Sale', json(responseExamples.Sale));
    const stop = new AbortController();
    stop.abort();
    const error = await failure(client({ signal: stop.signal }).call('Sale', example('Sale')));
    expect(error).toMatchObject({ code: 'ABORTED', notSent: true });
    expect(hosts.service.count('Sale')).toBe(0);
    expect(classifyAnswer(error).kind).toBe('refused');
  });
});

describe('tolerant answers: only GeneralResponse must parse', () => {
  const odd = {
    ...responseExamples.Sale,
    GeneralResponse: { ResultCode: 0, StatusCode: 0, Message: 'Approved', DetailedMessage: null, HostResponseCode: 0 },
    Voided: 'N',
    Receipts: 'CUSTOMER COPY\nTOTAL 43.77',
    MerchantNumber: 'Main store',
    TransactionNumber: 12,
    BatchNumber: 57,
    AuthCode: null,
    CardData: { CardType: 'Visa', Last4: 119, First4: '4761', EntryType: { Chip: true } },
    SomethingNew: { Nested: [1, 2, 3] },
  };

  it('an approved Sale with off-type optional fields stays approved, with a note naming each field left out', async () => {
    hosts.service.on('Sale', json(odd));
    const sale = await client().call('Sale', example('Sale'));
    expect(sale.GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
    expect(sale).toMatchObject({
      Voided: false,
      TransactionNumber: '12',
      BatchNumber: '57',
      AuthCode: null,
      SomethingNew: { Nested: [1, 2, 3] },
    });
    expect(sale.CardData).toMatchObject({ CardType: 'Visa', Last4: '119', First4: '4761' });
    expect(sale.Receipts).toBeUndefined();
    expect(sale.MerchantNumber).toBeUndefined();
    expect(sale.ignoredFields?.map((f) => f.path).sort()).toEqual(['CardData.EntryType', 'MerchantNumber', 'Receipts']);
    expect(sale.ignoredFields?.find((f) => f.path === 'Receipts')?.message).toBe('must be an object; got text, so it was left out');
    // The note says what was wrong, never the value (it may be card data).
    expect(JSON.stringify(sale.ignoredFields)).not.toContain('Main store');
  });

  it('a decline with odd fields is still a TERMINAL decline carrying its record', async () => {
    hosts.service.on('Sale', json({ ...odd, GeneralResponse: { ResultCode: '1', StatusCode: 1015, Message: 'Declined' } }));
    const error = await failure(client().call('Sale', example('Sale')));
    expect(error).toMatchObject({ code: 'TERMINAL', statusCode: '1015' });
    expect(error.ignoredFields?.map((f) => f.path)).toContain('Receipts');
  });

  it('only a GeneralResponse without a readable ResultCode or StatusCode is BAD_RESPONSE, naming the field and the rule', async () => {
    hosts.service.on('Sale', json({ ...responseExamples.Sale, GeneralResponse: { Message: 'Approved' } }));
    const error = await failure(client().call('Sale', example('Sale')));
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.message).toContain('GeneralResponse.ResultCode is required');
  });

  it('a list entry that is not a record is left out of the list, the others kept', async () => {
    hosts.service.on(
      'StatusList',
      json({
        GeneralResponse: general('0', '0000').GeneralResponse,
        Transactions: [responseExamples.Sale, 'garbage', { ...responseExamples.Sale, TransactionNumber: '13', Voided: 'Y' }],
      }),
    );
    const list = await client().call('StatusList', example('StatusList'));
    expect(list.Transactions?.map((t) => [t.TransactionNumber, t.Voided])).toEqual([
      ['12', false],
      ['13', true],
    ]);
    expect(list.ignoredFields).toEqual([{ path: 'Transactions.1', message: 'must be an object; got text, so it was left out' }]);
  });
});

describe('texts from the service are scrubbed of the Authkey', () => {
  it('an answer echoing the key in its messages reaches the caller without it', async () => {
    const echo = `Active authKey ${KEY} not found`;
    hosts.service.on(
      'Sale',
      json({
        ...responseExamples.Sale,
        GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: echo, HostResponseMessage: echo },
      }),
    );
    hosts.service.on('Status', json(general('2', '2002', echo)));
    const sale = await client().call('Sale', example('Sale'));
    expect(JSON.stringify(sale)).not.toContain(KEY);
    expect(sale.GeneralResponse.Message).toBe('Active authKey <AUTH_KEY> not found');
    const error = await failure(client().call('Status', example('Status')));
    expect(error.message).not.toContain(KEY);
    expect(JSON.stringify(error.generalResponse)).not.toContain(KEY);
  });
});

describe('which HTTP answers are definite refusals', () => {
  it.each([400, 401, 403, 404, 405, 415, 422])('HTTP %i refuses the request: nothing was processed', async (status) => {
    hosts.service.on('Sale', json({ error: 'no' }, status));
    expect(classifyAnswer(await failure(client().call('Sale', example('Sale'))))).toMatchObject({ kind: 'refused' });
  });

  it.each([408, 429, 500, 502, 503, 504])('HTTP %i is unknown for a money move', async (status) => {
    hosts.service.on(
      'Sale',
      (_request, res) => void res.writeHead(status, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>'),
    );
    const error = await failure(client().call('Sale', example('Sale')));
    expect(error).toMatchObject({ code: 'HTTP_STATUS', httpStatus: status });
    expect(classifyAnswer(error).kind).toBe('unknown');
  });

  it('429 hands on its Retry-After (seconds or a date) for the next lookup', async () => {
    hosts.service.on(
      'Sale',
      json(general('2', '2008', 'slow down'), 429, { 'retry-after': '7' }),
      json({}, 429, { 'retry-after': new Date(Date.now() + 30_000).toUTCString() }),
    );
    const first = await failure(client().call('Sale', example('Sale')));
    expect(first.retryAfterSeconds).toBe(7);
    expect(classifyAnswer(first)).toMatchObject({ kind: 'unknown', retryAfterSeconds: 7 });
    const second = await failure(client().call('Sale', example('Sale')));
    expect(second.retryAfterSeconds).toBeGreaterThan(25);
    expect(second.retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it('a proxy refusal code proves nothing was processed whatever HTTP status carries it', async () => {
    hosts.service.on('Sale', json(general(2, 2201, 'Invalid request data'), 500));
    const error = await failure(client().call('Sale', example('Sale')));
    expect(error.generalResponse).toMatchObject({ ResultCode: '2', StatusCode: '2201' });
    expect(classifyAnswer(error).kind).toBe('refused');
  });
});

describe('connection failures: never sent (refused) or maybe processed (unknown)', () => {
  let tls: HttpsServer;
  let silent: TcpServer;
  let tlsUrl = '';
  let silentUrl = '';
  const cert = makeSelfSignedCert({ ips: ['127.0.0.1'] });
  const silentSockets = new Set<Socket>();

  beforeAll(async () => {
    tls = createHttpsServer({ cert: cert.cert, key: cert.key }, (_request, response) =>
      response.end(JSON.stringify(responseExamples.Sale)),
    );
    // Accepts TCP and never says a word: a TLS handshake with it can only time out.
    silent = createTcpServer((socket) => silentSockets.add(socket));
    await Promise.all([
      new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve)),
      new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve)),
    ]);
    tlsUrl = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
    silentUrl = `https://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    tls.closeAllConnections();
    await new Promise<void>((resolve) => tls.close(() => resolve()));
    for (const socket of silentSockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  const neverSent = async (error: SpinError, code: RegExp) => {
    expect(error).toMatchObject({ code: 'NETWORK', notSent: true });
    // The error name is the detail (shown under Details); the message says it in words.
    expect(error.detail).toMatch(code);
    expect(error.message).toMatch(/^Could not connect to .+: .+\. Nothing was sent\.$/);
    expect(error.message).not.toMatch(code);
    expect(classifyAnswer(error)).toMatchObject({ kind: 'refused', why: expect.stringMatching(code) });
  };

  it('a closed port (ECONNREFUSED)', async () => {
    await neverSent(await failure(client({}, await closedPortUrl()).call('Sale', example('Sale'))), /ECONNREFUSED/);
  });

  it('a name that does not resolve (ENOTFOUND or EAI_AGAIN)', async () => {
    await neverSent(await failure(client({}, 'https://spin-desk-test.invalid').call('Sale', example('Sale'))), /ENOTFOUND|EAI_AGAIN/);
  });

  it('a self-signed certificate (TLS handshake refused by us)', async () => {
    await neverSent(await failure(client({}, tlsUrl).call('Sale', example('Sale'))), /SELF_SIGNED/);
    // The same server, trusted on purpose, answers: it was the certificate and nothing else.
    const trusting = client({ fetch: createNodeFetch({ ca: [cert.cert] }) }, tlsUrl);
    expect((await trusting.call('Sale', example('Sale'))).GeneralResponse.StatusCode).toBe('0000');
  });

  it('a handshake that never completes (UND_ERR_CONNECT_TIMEOUT)', async () => {
    const error = await failure(client({ fetch: createNodeFetch({ connectTimeoutMs: 300 }) }, silentUrl).call('Sale', example('Sale')));
    await neverSent(error, /UND_ERR_CONNECT_TIMEOUT/);
  });

  it('a reset after the server read the whole request is unknown: it may have been processed', async () => {
    hosts.service.on('Sale', resetAfterBody);
    const error = await failure(client().call('Sale', example('Sale')));
    expect(hosts.service.requests[0]?.body).toMatchObject({ ReferenceId: 'POS7731A0042' });
    expect(error).toMatchObject({ code: 'NETWORK', notSent: false });
    expect(classifyAnswer(error).kind).toBe('unknown');
  });
});
