import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { resolve } from 'node:path';
import type { Dispatch } from '../services/handlers/dispatch';
import type { Downloads } from '../services/handlers/downloads';
import { contentSecurityPolicy } from '../services/security/csp';
import { HostGuard, TOKEN_COOKIE } from './host-guard';
import { HostLog } from './host-log';
import { STALE_ADDRESS_CSP, staleAddressPage } from './stale-address-page';
import { readStatic } from './static-files';

export interface HostOptions {
  dispatch: Dispatch;
  /** The built renderer (out/renderer). */
  staticDir: string;
  port?: number;
  log?: HostLog;
  /** Fixed only in tests; a fresh random token per launch otherwise. */
  token?: string;
  /** Files the page downloads by address (GET /download/...), written as they are read. */
  downloads?: Downloads;
}

export interface RunningHost {
  /** Open this in a browser: it carries the token once, then a cookie takes over. */
  url: string;
  origin: string;
  token: string;
  log: HostLog;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
const CSP = contentSecurityPolicy("'self'");

/**
 * Serves the renderer and the IPC contract over loopback HTTP for machines where Electron cannot
 * run (and for the e2e tests). POST /api/<channel> goes through the same dispatch() as ipcMain.
 */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const log = options.log ?? new HostLog();
  const root = resolve(options.staticDir);
  // Known only once the server listens (it needs the port); requests before that are refused.
  const gate: { guard?: HostGuard } = {};

  const server = createServer((request, response) => {
    const started = Date.now();
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    response.on('finish', () => {
      log.add({
        time: new Date(started).toISOString(),
        method: request.method ?? '?',
        path,
        status: response.statusCode,
        durationMs: Date.now() - started,
      });
    });
    handle(request, response, path).catch((error: unknown) => {
      log.error('host request failed', error instanceof Error ? error.message : String(error));
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'Internal error');
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const guard = gate.guard;
    if (!guard || !guard.hostAllowed(request) || !guard.originAllowed(request)) return forbid(response);
    const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
    if (request.method === 'GET' && path === '/' && guard.tokenMatches(query.get('token') ?? undefined)) {
      // Trade the token in the URL for a cookie the page cannot read and other sites cannot send.
      response.setHeader('Set-Cookie', `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      response.setHeader('Location', '/');
      return send(response, 303, 'text/plain; charset=utf-8', 'See /');
    }
    if (!guard.requestHasToken(request)) {
      // A person opening an old address gets words and the way to the current one; scripts and
      // other sites still get a bare 403 (nothing here names the token or the app's state).
      if (request.method === 'GET' && !path.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html')) {
        response.setHeader('Content-Security-Policy', STALE_ADDRESS_CSP);
        response.setHeader('Cache-Control', 'no-store');
        return send(response, 403, 'text/html; charset=utf-8', staleAddressPage());
      }
      return forbid(response);
    }
    if (path.startsWith('/api/')) {
      const channel = decodedChannel(path.slice('/api/'.length));
      if (channel === undefined)
        return sendJson(response, 400, { ok: false, error: { code: 'BAD_INPUT', message: m.sys_host_malformed_channel() } });
      return api(request, response, channel);
    }
    if (path.startsWith('/download/') && request.method === 'GET') return download(response, path, query);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(response, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    const file = await readStatic(root, path);
    if (!file) return send(response, 404, 'text/plain; charset=utf-8', 'Not found');
    if (file.type.startsWith('text/html')) response.setHeader('Content-Security-Policy', CSP);
    return send(response, 200, file.type, file.body);
  }

  async function api(request: IncomingMessage, response: ServerResponse, channel: string): Promise<void> {
    response.setHeader('Cache-Control', 'no-store');
    if (request.method !== 'POST') return send(response, 405, 'text/plain; charset=utf-8', 'Use POST');
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return send(response, 415, 'text/plain; charset=utf-8', 'Send application/json');
    }
    const body = await readBody(request);
    if (body === 'too-large') return send(response, 413, 'text/plain; charset=utf-8', 'Body too large');
    let input: unknown;
    try {
      input = body === '' ? undefined : JSON.parse(body);
    } catch {
      return sendJson(response, 400, { ok: false, error: { code: 'BAD_INPUT', message: m.sys_host_not_json() } });
    }
    sendJson(response, 200, await options.dispatch(channel, input));
  }

  /**
   * A download as a chunked response, written a piece at a time: each write waits while the
   * browser has not taken the last one in ('drain'), so an export never builds up in memory, and
   * between pieces the event loop serves the payments (the journal's stream yields to it).
   */
  async function download(response: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    response.setHeader('Cache-Control', 'no-store');
    const answer = options.downloads?.(path, query) ?? { ok: false, status: 404, message: m.sys_download_not_found() };
    if (!answer.ok) return send(response, answer.status, 'text/plain; charset=utf-8', answer.message);
    const { filename, type, chunks } = answer.download;
    response.writeHead(200, {
      ...SAFE_HEADERS,
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
    for await (const chunk of chunks) {
      if (response.destroyed) return;
      if (!response.write(chunk)) await drainedOrClosed(response);
    }
    response.end();
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const port = (server.address() as AddressInfo).port;
  gate.guard = new HostGuard(token, port);
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    log,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

/** The channel named by the address, or undefined when its percent-encoding is malformed (decodeURIComponent throws). */
function decodedChannel(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

function readBody(request: IncomingMessage): Promise<string | 'too-large'> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners('data');
        request.resume();
        resolveBody('too-large');
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function forbid(response: ServerResponse): void {
  send(response, 403, 'text/plain; charset=utf-8', 'Forbidden');
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

/** Resolves when the response can take more, or when the browser went away (then nothing more is written). */
function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolveWait) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolveWait();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

const SAFE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { 'Content-Type': type, ...SAFE_HEADERS });
  response.end(body);
}
