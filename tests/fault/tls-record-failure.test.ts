// TLS failures and what they prove about a money-moving request. A failed handshake proves the
// request never went out (nothing is written before it completes). A TLS record that cannot be
// decrypted proves nothing: it can arrive on a connection whose request the service has already
// read and carried out, so it must read as "may have gone through", never as "nothing was sent".
//
// A loopback HTTPS service (a self-signed certificate the client trusts on purpose) sits behind a
// TCP relay. Once the service has read a request whole, the relay slips a garbage TLS record into
// the stream towards the client, as a broken middlebox or a corrupted link would. Credentials are fake.
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { connect as connectTcp, createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestExamples } from '../support/spin-examples';
import { makeSelfSignedCert } from '../support/self-signed-cert';
import { failure, signal } from '../support/spin-test-kit';
import { createNodeFetch } from '../../electron/services/spin/undici-fetch';
import { createSpinClient, type SpinRequest } from '../../electron/services/spin/spin-client';
import { classifyAnswer } from '../../electron/services/recovery/answer-class';

/** An application-data record header (TLS 1.2+) and 32 bytes no key decrypts. */
const GARBAGE_RECORD = Buffer.concat([Buffer.from([0x17, 0x03, 0x03, 0x00, 0x20]), Buffer.alloc(32, 7)]);

const cert = makeSelfSignedCert({ ips: ['127.0.0.1'] });
let service: HttpsServer;
let relay: Server;
let relayUrl = '';
const sockets = new Set<Socket>();
/** Slips the garbage record towards the client on the connection the relay opened last. */
let corrupt: () => void = () => undefined;
/** Fires when the service has read a request whole (it never answers one). */
let requestRead = signal();

beforeAll(async () => {
  service = createHttpsServer({ cert: cert.cert, key: cert.key }, (request) => {
    request.resume();
    request.on('end', () => {
      requestRead.fire();
      corrupt();
    });
  });
  relay = createTcpServer((client) => {
    const upstream = connectTcp((service.address() as AddressInfo).port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    corrupt = () => {
      upstream.unpipe(client);
      client.write(GARBAGE_RECORD);
    };
  });
  await Promise.all([
    new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve)),
    new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve)),
  ]);
  relayUrl = `https://127.0.0.1:${(relay.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  service.closeAllConnections();
  await Promise.all([new Promise((resolve) => service.close(resolve)), new Promise((resolve) => relay.close(resolve))]);
});

function sale(): SpinRequest<'Sale'> {
  const { Tpn: _t, Authkey: _a, RegisterId: _r, ...rest } = requestExamples.Sale as Record<string, unknown>;
  return { ...rest, SPInProxyTimeout: 1 } as SpinRequest<'Sale'>;
}

/** SPInProxyTimeout 1 s and a grace of -400 ms: a deadline 600 ms after the request starts. */
const client = (fetch: typeof globalThis.fetch, baseUrl = relayUrl) =>
  createSpinClient({ baseUrl, tpn: 'TLSTERM001', authkey: 'FAKEKEY8TR', proxyTimeoutSeconds: 1 }, { fetch, httpGraceMs: -400 });

/** The error Node's TLS raises on that record, after a request the service read whole. */
async function tlsRecordError(): Promise<Error & { code?: string }> {
  requestRead = signal();
  return new Promise((resolve) => {
    const socket = connectTls({ host: '127.0.0.1', port: (relay.address() as AddressInfo).port, ca: [cert.cert] }, () => {
      socket.write('POST /v2/Payment/Sale HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}');
    });
    socket.on('error', resolve);
  });
}

describe('a TLS record that cannot be decrypted, after the service read the request', () => {
  it('is a TLS error of its own (an ERR_SSL_ code) that the client reads as "may have gone through"', async () => {
    const error = await tlsRecordError();
    await requestRead.promise;
    expect(error.code).toMatch(/^ERR_SSL_/);
    // The plain-Node stack does not hand this error on (see below), Electron's has its own words for
    // it; what matters is what the code means wherever it surfaces, so a fetch fails with it here.
    const failed = await failure(client(() => Promise.reject(new TypeError('fetch failed', { cause: error }))).call('Sale', sale()));
    expect(failed).toMatchObject({ code: 'NETWORK', notSent: false });
    expect(classifyAnswer(failed).kind).toBe('unknown');
  });

  it('through the plain-Node stack, the exchange ends as unknown (never "not sent")', async () => {
    requestRead = signal();
    const failed = await failure(client(createNodeFetch({ ca: [cert.cert] })).call('Sale', sale()));
    await requestRead.promise;
    // undici 7.30 holds the exchange until the deadline (TIMEOUT) instead of failing it at once.
    expect(failed.notSent).toBe(false);
    expect(classifyAnswer(failed).kind).toBe('unknown');
  });
});

describe('a failed handshake still proves nothing was sent', () => {
  it('https to a plain-http port (the service never speaks TLS)', async () => {
    const plain = createHttpServer((_request, response) => response.end('{}'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(plain.address() as AddressInfo).port}`;
      const failed = await failure(client(createNodeFetch(), url).call('Sale', sale()));
      expect(failed).toMatchObject({ code: 'NETWORK', notSent: true });
      expect(failed.detail).toMatch(/^(ERR_SSL_WRONG_VERSION_NUMBER|EPROTO)$/);
      expect(classifyAnswer(failed).kind).toBe('refused');
    } finally {
      plain.closeAllConnections();
      await new Promise((resolve) => plain.close(resolve));
    }
  });
});
