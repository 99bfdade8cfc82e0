// A kept-alive connection the service closes just as the next money-moving POST goes out on it.
// The service may have read that POST (and carried it out) before closing, so the failure must read
// as "may have gone through" (unknown, looked up by Status), never as "nothing was sent" (notSent,
// which lets the app say "not processed" without a lookup); on both stacks that keep POST
// connections alive: the plain-Node one (spin/undici-fetch.ts) and Node's default pool, as
// Electron's net.fetch keeps them.
//
// The service is a bare TCP server speaking just enough HTTP/1.1, so the test decides the exact
// moment the connection closes. It answers the first request on each connection with an approved
// Sale and keeps the connection open without announcing any idle timeout (as many servers do);
// the next request on that connection is closed on instead of answered. Credentials are fake.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestExamples, responseExamples } from '../support/spin-examples';
import { createNodeFetch } from '../../electron/services/spin/undici-fetch';
import { createSpinClient, type SpinRequest } from '../../electron/services/spin/spin-client';
import { SpinError } from '../../electron/services/spin/spin-error';
import { transportCode } from '../../electron/services/spin/transport-failure';
import { classifyAnswer } from '../../electron/services/recovery/answer-class';

/** When the service closes a kept-alive connection on the request that arrives on it. */
type ClosesOn = 'the whole request read' | 'its first bytes';

interface StaleService {
  url: string;
  /** Requests the service read whole, with the connection each came on (1, 2, ...). */
  read: { connection: number; referenceId: unknown }[];
  /** Connections opened to it. */
  connections(): number;
  close(): Promise<void>;
}

const APPROVED = Buffer.from(JSON.stringify(responseExamples.Sale));
const ANSWER = Buffer.concat([
  Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${APPROVED.length}\r\nconnection: keep-alive\r\n\r\n`),
  APPROVED,
]);

let running: StaleService | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function startStaleService(closesOn: ClosesOn): Promise<StaleService> {
  const read: StaleService['read'] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const connection = sockets.size;
    let answered = 0;
    let pending = Buffer.alloc(0);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      // Closing with the request unread in the socket's buffer: the kernel answers with a reset.
      if (answered > 0 && closesOn === 'its first bytes') return void socket.destroy();
      pending = Buffer.concat([pending, chunk]);
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/^content-length:\s*(\d+)/im.exec(pending.subarray(0, end).toString('latin1'))?.[1] ?? 0);
      if (pending.length < end + 4 + length) return;
      const body = JSON.parse(pending.subarray(end + 4, end + 4 + length).toString('utf8')) as { ReferenceId?: unknown };
      pending = pending.subarray(end + 4 + length);
      read.push({ connection, referenceId: body.ReferenceId });
      // The idle connection's time is up just as this request came in: closed, not answered.
      if (answered > 0) return void socket.destroy();
      answered += 1;
      socket.write(ANSWER);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    read,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function sale(referenceId: string): SpinRequest<'Sale'> {
  const { Tpn: _t, Authkey: _a, RegisterId: _r, ...rest } = requestExamples.Sale as Record<string, unknown>;
  return { ...rest, ReferenceId: referenceId } as SpinRequest<'Sale'>;
}

const clientOf = (service: StaleService, fetch: typeof globalThis.fetch) =>
  createSpinClient({ baseUrl: service.url, tpn: 'STALETPN01', authkey: 'FAKEKEY5KA', proxyTimeoutSeconds: 5 }, { fetch });

/** How many Sales to send before a keep-alive pool must have reused a connection (it opens a second one at most). */
const SALES = 20;
const reference = (n: number) => `STALE${String(n).padStart(4, '0')}`;

const STACKS: [string, () => typeof globalThis.fetch][] = [
  ['the plain-Node stack', () => createNodeFetch()],
  ["Node's default pool (as Electron's net.fetch)", () => globalThis.fetch],
];

describe.each<ClosesOn>(['the whole request read', 'its first bytes'])('a kept-alive connection closed on %s', (closesOn) => {
  it.each(STACKS)('on %s, the Sale may have gone through: unknown, never "not sent"', async (_stack, fetchOf) => {
    const service = (running = await startStaleService(closesOn));
    // Sales go out until one rides a connection that has answered before (the pool may open a
    // second one while the first is being handed back): that one the service closes.
    const client = clientOf(service, fetchOf());
    let failed: SpinError | undefined;
    let sent = 0;
    while (!failed && sent < SALES) {
      sent += 1;
      failed = await client.call('Sale', sale(reference(sent))).then(
        () => undefined,
        (error: unknown) => error as SpinError,
      );
    }
    expect(failed).toBeInstanceOf(SpinError);
    const error = failed!;
    // Fewer connections than Sales: the last one went out on a kept-alive connection.
    expect(service.connections()).toBeLessThan(sent);
    if (closesOn === 'the whole request read') {
      const last = service.read.at(-1)!;
      expect(last.referenceId).toBe(reference(sent));
      expect(service.read.filter((r) => r.connection === last.connection).length).toBe(2);
    }
    expect(transportCode(error.cause)).toMatch(/^(UND_ERR_SOCKET|ECONNRESET|EPIPE)$/);
    expect(error).toMatchObject({ code: 'NETWORK', notSent: false });
    expect(classifyAnswer(error)).toMatchObject({ kind: 'unknown' });
  });
});
