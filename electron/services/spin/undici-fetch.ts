import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';

// The SPIn client's HTTP stack in plain Node (the browser host, the CLI, the tests). Electron's
// main process passes its own `net.fetch` instead (electron/main/index.ts).
//
// Why not Node's built-in fetch: it gives up on any answer whose headers take longer than 300 s
// (undici's default headersTimeout, UND_ERR_HEADERS_TIMEOUT) and on any body that pauses for 300 s
// (bodyTimeout), whatever the caller asks, while a SPIn request may legitimately be held for up to
// 720 s (SPInProxyTimeout; Settle defaults to 420 s). Here both undici timeouts are off: one timer
// per exchange (spin/deadline.ts) covers connecting, the headers and the body instead, because a
// shared Agent cannot follow each request's own SPInProxyTimeout.

export interface NodeFetchOptions {
  /** TCP connect plus TLS handshake (undici: UND_ERR_CONNECT_TIMEOUT). Nothing is sent before it succeeds. */
  connectTimeoutMs?: number;
  /** Extra trusted roots, for tests against a loopback TLS server; the app never sets it. */
  ca?: string[];
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * A fetch on undici's own fetch and an Agent without the 300 s caps. A URL with plain init (what
 * the SPIn client sends) goes straight through; undici's fetch only accepts its own Request
 * class, so a global Request is taken apart (method, headers, body, signal, redirect mode) and
 * sent again, which costs a copy of the body and is kept off the client's path.
 */
export function createNodeFetch(options: NodeFetchOptions = {}): typeof fetch {
  const agent = new Agent({
    headersTimeout: 0,
    bodyTimeout: 0,
    connect: {
      timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      ...(options.ca ? { ca: options.ca } : {}),
    },
  });
  return async (input, init) => {
    if (!(input instanceof Request)) {
      // undici's Response implements the same Fetch standard as the global one.
      return (await undiciFetch(input, { ...(init as UndiciRequestInit), dispatcher: agent })) as unknown as Response;
    }
    const request = new Request(input, init);
    const body = request.body ? await request.arrayBuffer() : undefined;
    const forwarded: UndiciRequestInit = {
      method: request.method,
      headers: [...request.headers],
      redirect: request.redirect,
      signal: request.signal,
      dispatcher: agent,
      ...(body === undefined ? {} : { body }),
    };
    return (await undiciFetch(request.url, forwarded)) as unknown as Response;
  };
}

/** The plain-Node default of the SPIn client: one Agent (and its connection pool) per process. */
let shared: typeof fetch | undefined;
export function nodeFetch(): typeof fetch {
  shared ??= createNodeFetch();
  return shared;
}
