// The plain-Node HTTP stack (spin/undici-fetch.ts: Node's fetch over undici Agents) on loopback: it
// sends ky's Request as it is, streams large answers whole, ends at once on a Stop at every stage,
// lets go of connections it no longer needs, opens one per POST and keeps GET ones, and fails the
// way fetch fails.
// Credentials are obviously fake.
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestExamples, responseExamples } from '../support/spin-examples';
import { createNodeFetch } from '../../electron/services/spin/undici-fetch';
import { createSpinClient, type SpinClientOptions, type SpinRequest } from '../../electron/services/spin/spin-client';
import { json, scriptedServicePair, stall, type Reply } from '../support/scripted-service';
import { failure, signal } from '../support/spin-test-kit';

const TPN = 'NODETRANS1';
const KEY = 'FAKEKEY4NT';

const hosts = scriptedServicePair();

const sale = (): SpinRequest<'Sale'> => {
  const { Tpn: _t, Authkey: _a, RegisterId: _r, ...rest } = requestExamples.Sale as Record<string, unknown>;
  return rest as SpinRequest<'Sale'>;
};

const client = (options: SpinClientOptions = {}, base = hosts.service.url) =>
  createSpinClient({ baseUrl: base, tpn: TPN, authkey: KEY, proxyTimeoutSeconds: 60 }, options);

/** `size` bytes of JSON-ish text in 64 KiB chunked writes (no Content-Length), then `closed` when the client goes away. */
function bigAnswer(size: number, closed?: () => void): Reply {
  return (_request, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.on('close', () => closed?.());
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    const more = () => {
      while (sent < size) {
        const piece = chunk.slice(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!res.write(piece)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  };
}

describe('what goes out', () => {
  it("sends ky's request as it is: method, path, JSON body and the client's headers", async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    hosts.service.on('Sale', (request, res) => {
      seen.push(res.req.headers);
      json(responseExamples.Sale)(request, res, res.socket!);
    });
    await client().call('Sale', sale());
    const [request] = hosts.service.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/Payment/Sale' });
    expect(request?.body).toMatchObject({ ...sale(), Tpn: TPN, Authkey: KEY });
    expect(seen[0]).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      'content-length': String(Buffer.byteLength(request!.raw)),
    });
  });

  it('keeps its connections open: twenty exchanges in a row share one or two', async () => {
    const sockets = new Set<Socket>();
    hosts.service.on('Sale', (request, res, socket) => {
      sockets.add(socket);
      json(responseExamples.Sale)(request, res, socket);
    });
    const mine = client({ fetch: createNodeFetch() });
    for (let i = 0; i < 20; i += 1) await mine.call('Sale', sale());
    // undici's pool may open a second connection while the first is being handed back (Node's own fetch does the same).
    expect(sockets.size).toBeLessThanOrEqual(2);
  });
});

describe('what comes back', () => {
  it('a large answer arrives whole, however it is cut into chunks', async () => {
    hosts.service.on('Daily', bigAnswer(6 * 1024 * 1024 + 7));
    const response = await createNodeFetch()(`${hosts.service.url}/v2/Payment/Daily`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(6 * 1024 * 1024 + 7);
  });

  it('an answer over the size limit is BAD_RESPONSE, and its connection is closed', async () => {
    const closed = signal();
    hosts.service.on('Sale', bigAnswer(8 * 1024 * 1024, closed.fire));
    const error = await failure(client({ maxResponseBytes: 1024 * 1024 }).call('Sale', sale()));
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', httpStatus: 200 });
    expect(error.message).toMatch(/larger than 1 MiB/);
    await closed.promise;
  });

  it('an answer without a body (204, HEAD) is a Response without one', async () => {
    hosts.service.on('Ping', (_request, res) => void res.writeHead(204, { 'x-seen': 'yes' }).end());
    const fetch = createNodeFetch();
    const empty = await fetch(`${hosts.service.url}/Ping`);
    expect(empty.status).toBe(204);
    expect(empty.headers.get('x-seen')).toBe('yes');
    expect(empty.body).toBeNull();
    hosts.service.on('Head', json({ ignored: true }));
    const head = await fetch(`${hosts.service.url}/Head`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('a connection broken in the middle of the body is NETWORK after the status: it may have been processed', async () => {
    hosts.service.on('Sale', (_request, res, socket) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"GeneralResponse":', () => socket.destroy());
    });
    const error = await failure(client().call('Sale', sale()));
    expect(error).toMatchObject({ code: 'NETWORK', httpStatus: 200, notSent: false });
    expect(error.message).toMatch(/broke while the answer was arriving/);
  });
});

describe('a Stop ends the exchange at every stage', () => {
  let silent: TcpServer;
  let silentUrl = '';
  const silentSockets = new Set<Socket>();
  const connected = new Set<() => void>();
  beforeAll(async () => {
    // Accepts TCP and never says a word: a TLS handshake with it hangs until the connect timeout.
    silent = createTcpServer((socket) => {
      silentSockets.add(socket);
      for (const tell of connected) tell();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `https://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of silentSockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('while the connection is being opened: at once, long before the connect timeout', async () => {
    const reached = signal();
    connected.add(reached.fire);
    const stop = new AbortController();
    const call = failure(
      client({ fetch: createNodeFetch({ connectTimeoutMs: 60_000 }), signal: stop.signal }, silentUrl).call('Sale', sale()),
    );
    await reached.promise;
    connected.delete(reached.fire);
    const stoppedAt = performance.now();
    stop.abort();
    const error = await call;
    expect(performance.now() - stoppedAt).toBeLessThan(5000);
    expect(error).toMatchObject({ code: 'ABORTED' });
    expect(error.message).toMatch(/before its answer arrived/);
  });

  it('while waiting for the headers: at once, and the connection is closed', async () => {
    const arrived = signal();
    const closed = signal();
    hosts.service.on('Sale', (_request, res) => {
      arrived.fire();
      res.on('close', closed.fire);
    });
    const stop = new AbortController();
    const call = failure(client({ signal: stop.signal }).call('Sale', sale()));
    await arrived.promise;
    stop.abort();
    expect(await call).toMatchObject({ code: 'ABORTED', notSent: false });
    await closed.promise;
  });

  it('while the body is arriving, through fetch alone: the read fails with the reason', async () => {
    const closed = signal();
    hosts.service.on('Sale', stall(closed.fire));
    const stop = new AbortController();
    const response = await createNodeFetch()(`${hosts.service.url}/v2/Payment/Sale`, { method: 'POST', body: '{}', signal: stop.signal });
    const reading = response.text().then(
      () => undefined,
      (e: unknown) => e,
    );
    stop.abort(new Error('FAKE STOP'));
    expect(await reading).toMatchObject({ message: 'FAKE STOP' });
    await closed.promise;
  });
});

describe('failures read as fetch failures', () => {
  it('a port web requests may not use is refused before connecting: never sent', async () => {
    const error = await failure(client({}, 'http://127.0.0.1:6000').call('Sale', sale()));
    expect(error).toMatchObject({ code: 'NETWORK', notSent: true });
    expect(error.message).toMatch(/port is one web requests may not use/);
  });

  it('a refused connection is a TypeError whose cause carries the code', async () => {
    const closedPort = createTcpServer();
    await new Promise<void>((resolve) => closedPort.listen(0, '127.0.0.1', resolve));
    const { port } = closedPort.address() as AddressInfo;
    await new Promise((resolve) => closedPort.close(resolve));
    const error = await createNodeFetch()(`http://127.0.0.1:${port}/`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });
});
