// A scripted stand-in for a real, imperfect SPIn service on loopback: each endpoint answers what
// the test scripts (odd shapes, redirects, slow or dripping bodies, resets), and every request that
// reaches it is recorded, so a test can prove what was, and was not, sent. Credentials in the
// tests that use it are obviously fake.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  /** Last path segment: Sale, Status, Summary ... */
  endpoint: string;
  method: string;
  path: string;
  /** The query string as sent (without "?"), where TerminalStatus carries the Tpn and the Authkey. */
  query: string;
  body: Record<string, unknown>;
  raw: string;
  /** performance.now() when the request had fully arrived. */
  at: number;
}

/** Answers one request. It may take its time; `res` closes when the client goes away. */
export type Reply = (request: SeenRequest, res: ServerResponse, socket: Socket) => void | Promise<void>;

export interface ScriptedService {
  url: string;
  requests: SeenRequest[];
  /** Queues replies for an endpoint; the last one repeats for every later request. */
  on(endpoint: string, ...replies: Reply[]): void;
  count(endpoint: string): number;
  close(): Promise<void>;
}

export async function startScriptedService(): Promise<ScriptedService> {
  const scripts = new Map<string, Reply[]>();
  const requests: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => res.socket?.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readAll(req);
    const [path = '', query = ''] = (req.url ?? '').split('?');
    const seen: SeenRequest = {
      endpoint: path.split('/').pop() ?? '',
      method: req.method ?? '',
      path,
      query,
      body: safeJson(raw),
      raw,
      at: performance.now(),
    };
    requests.push(seen);
    const queue = scripts.get(seen.endpoint);
    const reply = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!reply) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no such route');
    await reply(seen, res, req.socket);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    on: (endpoint, ...replies) => scripts.set(endpoint, replies),
    count: (endpoint) => requests.filter((r) => r.endpoint === endpoint).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON answer, HTTP 200 unless told otherwise. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Reply {
  return (_request, res) => void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** An answer body given as it goes on the wire (a huge or malformed JSON text built once), HTTP 200. */
export function rawJson(body: Buffer): Reply {
  return (_request, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
}

/** A redirect to `location`, with a small body as real servers send. */
export function redirect(status: number, location: string): Reply {
  return (_request, res) => void res.writeHead(status, { location, 'content-type': 'text/html' }).end('<a href="elsewhere">moved</a>');
}

/**
 * Headers at once, then the body one byte every `everyMs` and never the end: the "dripping"
 * answer of a broken proxy. Stops when the client goes away. `started` runs after the first byte.
 */
export function drip(everyMs: number, started?: () => void): Reply {
  return (_request, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    started?.();
    const timer = setInterval(() => res.write(' '), everyMs);
    res.on('close', () => clearInterval(timer));
  };
}

/** Headers and the start of a body, then silence until the client goes away; `closed` reports that. */
export function stall(closed?: () => void): Reply {
  return (_request, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"GeneralResponse":');
    res.on('close', () => closed?.());
  };
}

/** Reads the whole request, then resets the connection without a word: the request arrived, the answer never will. */
export const resetAfterBody: Reply = (_request, _res, socket) => void socket.resetAndDestroy();

/** Answers after `ms` (the exchange stays open that long). */
export function after(ms: number, reply: Reply): Reply {
  return (request, res, socket) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => resolve(reply(request, res, socket)), ms);
      res.on('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
}

/** A SPIn answer with only a GeneralResponse. */
export function general(resultCode: string | number, statusCode: string | number, message = '', extra: Record<string, unknown> = {}) {
  return { GeneralResponse: { ResultCode: resultCode, StatusCode: statusCode, Message: message, DetailedMessage: message, ...extra } };
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The profile's service and another host (where a redirect points), started once per test file
 * and with their request logs cleared before each test. Call at the top level of a test file.
 */
export function scriptedServicePair(): { readonly service: ScriptedService; readonly elsewhere: ScriptedService } {
  let service: ScriptedService;
  let elsewhere: ScriptedService;
  beforeAll(async () => {
    service = await startScriptedService();
    elsewhere = await startScriptedService();
  });
  afterAll(async () => {
    await service.close();
    await elsewhere.close();
  });
  beforeEach(() => {
    service.requests.length = 0;
    elsewhere.requests.length = 0;
  });
  return {
    get service() {
      return service;
    },
    get elsewhere() {
      return elsewhere;
    },
  };
}
