// A loopback HTTP proxy in front of the SPIn simulator that breaks chosen requests the ways real
// networks do. Every fault except drop-before-forward lets the simulator receive and carry out the
// request first, so the client cannot know whether money moved. It also counts requests per
// endpoint and ReferenceId, which is how the tests prove a Sale was never sent twice.
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { busy } from '../../simulator/replies';

export const FAULTS = ['drop-after-forward', 'hold', 'http-500', 'truncate', 'reset', 'drop-before-forward'] as const;
export type Fault = (typeof FAULTS)[number];
/**
 * Not a broken network but a busy proxy: 'busy' answers 2008 Terminal in use itself (the
 * simulator's own body, simulator/replies.ts) and forwards nothing. Kept out of FAULTS, whose every
 * fault leaves the client unsure whether money moved.
 */
export type ProxyAction = Fault | 'busy';

export interface FaultPlan {
  fault: ProxyAction;
  /** drop-after-forward: ms to wait after forwarding before cutting the connection. */
  delayMs?: number;
  /** truncate / reset: how many bytes of the real answer get through (at least 1, less than all). */
  cutBytes?: number;
}

export interface SeenRequest {
  index: number;
  /** Last path segment: Sale, Status, ... */
  endpoint: string;
  /** The body's Tpn, or a GET's request.tpn query parameter (TerminalStatus). */
  tpn: string;
  referenceId: string;
  fault: ProxyAction | null;
  /** When it reached the proxy (performance.now() of this process), for counting requests over a window. */
  at: number;
}

export interface FaultProxy {
  url: string;
  seen: SeenRequest[];
  /** How many requests of `endpoint` with `referenceId` reached the proxy. */
  count(endpoint: string, referenceId: string): number;
  /** While down, every request for the TPN (or all, without one) is dropped before forwarding. */
  setDown(down: boolean, tpn?: string): void;
  close(): Promise<void>;
}

/** `choose` decides each request's fault (null: pass it through untouched). */
export async function startFaultProxy(upstream: string, choose: (request: SeenRequest) => FaultPlan | null): Promise<FaultProxy> {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true });
  const seen: SeenRequest[] = [];
  const down = new Set<string>();
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.socket?.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readAll(req);
    const parsed = safeJson(body) as { Tpn?: string; ReferenceId?: string };
    const info: SeenRequest = {
      index: seen.length,
      endpoint: (req.url ?? '').split('?')[0]?.split('/').pop() ?? '',
      tpn: parsed.Tpn ?? queryTpn(req.url ?? ''),
      referenceId: parsed.ReferenceId ?? '',
      fault: null,
      at: performance.now(),
    };
    const isDown = down.has('*') || down.has(info.tpn);
    const plan = isDown ? { fault: 'drop-before-forward' as const } : choose(info);
    info.fault = plan?.fault ?? null;
    seen.push(info);
    if (plan?.fault === 'drop-before-forward') return void req.socket.destroy();
    if (plan?.fault === 'busy') {
      const answer = Buffer.from(JSON.stringify(busy(1)));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length }).end(answer);
      return;
    }

    const forwarded = forward(req, body);
    if (plan?.fault === 'drop-after-forward') {
      await forwarded.sent;
      await sleep(plan.delayMs ?? 0);
      req.socket.destroy();
      await forwarded.answer.catch(() => undefined);
      return;
    }
    const answer = await forwarded.answer;
    const cut = Math.max(1, Math.min(plan?.cutBytes ?? 1, answer.body.length - 1));
    switch (plan?.fault) {
      case 'hold':
        // Never answer: the client's HTTP timeout fires and it hangs up.
        return;
      case 'http-500':
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      case 'truncate':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': cut }).end(answer.body.subarray(0, cut));
        return;
      case 'reset':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.body.length });
        res.write(answer.body.subarray(0, cut), () => (req.socket as Socket).resetAndDestroy());
        return;
      default:
        res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': answer.body.length }).end(answer.body);
    }
  }

  /** Sends the request on; `sent` resolves once the whole body is written upstream. */
  function forward(req: IncomingMessage, body: Buffer) {
    let markSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (markSent = resolve));
    const answer = new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const upstreamReq = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          agent,
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (upstreamRes) => readAll(upstreamRes).then((buf) => resolve({ status: upstreamRes.statusCode ?? 502, body: buf }), reject),
      );
      upstreamReq.on('error', reject);
      upstreamReq.end(body, markSent);
    });
    return { sent, answer };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    count: (endpoint, referenceId) => seen.filter((s) => s.endpoint === endpoint && s.referenceId === referenceId).length,
    setDown(isDown, tpn = '*') {
      if (isDown) down.add(tpn);
      else down.delete(tpn);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function safeJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) ?? {};
  } catch {
    return {};
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A GET's TPN (TerminalStatus carries it in the query as request.tpn, docs/PROTOCOL.md §4.20), its name matched case-insensitively. */
function queryTpn(url: string): string {
  for (const [name, value] of new URL(url, 'http://proxy.invalid').searchParams) if (name.toLowerCase() === 'request.tpn') return value;
  return '';
}
