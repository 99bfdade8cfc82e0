import { Agent } from 'undici';

// The SPIn client's HTTP stack in plain Node (the browser host, the CLI, the tests): Node's own
// fetch, its connections from undici Agents. Electron's main passes its `net.fetch` instead
// (electron/main/index.ts). Fetch itself keeps the wire's promises that need no SPIn knowledge:
// it refuses the Fetch standard's bad ports before connecting, and with `redirect: 'manual'` (ky's
// setting in spin-client.ts) Node's fetch hands back the 3xx, Location included, unfollowed.
//
// Why our own Agents and not fetch's default one: that one gives up on any answer whose headers
// take longer than 300 s (headersTimeout, UND_ERR_HEADERS_TIMEOUT) and on any body that pauses for
// 300 s (bodyTimeout), while a SPIn request may be held for up to 720 s (SPInProxyTimeout; Settle
// defaults to 420 s). Both are off here: one timer per exchange (deadline.ts) covers connecting,
// the headers and the body, because a shared Agent cannot follow each request's SPInProxyTimeout.
//
// Why a POST never rides a kept-alive connection: a service may close an idle connection just as
// the next request goes out on it. The request then fails with UND_ERR_SOCKET or ECONNRESET after
// its bytes were written, so it may have been carried out: the sale becomes "unknown" and a Status
// lookup, for nothing but a stale socket. Every SPIn request that moves money is a POST; a
// connection of its own costs a connect (one round trip, ~0.1 ms on a LAN; on https a resumed TLS
// session adds one more) against a payment the terminal takes seconds over, and removes that race.
// GETs (TerminalStatus, the connection check) may be repeated, so they keep their connections open.

export interface NodeFetchOptions {
  /** TCP connect plus TLS handshake (undici: UND_ERR_CONNECT_TIMEOUT). Nothing is sent before it succeeds. */
  connectTimeoutMs?: number;
  /** Extra trusted roots, for tests against a loopback TLS server; the app never sets it. */
  ca?: string[];
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** Methods HTTP calls idempotent that the client or the connection check sends. */
const REUSES_CONNECTIONS = new Set(['GET', 'HEAD']);

/** Node's fetch over undici Agents without the 300 s caps: POSTs on a connection each, GETs on kept-alive ones. */
export function createNodeFetch(options: NodeFetchOptions = {}): typeof fetch {
  const agent = (keepAlive: boolean) =>
    new Agent({
      headersTimeout: 0,
      bodyTimeout: 0,
      // undici: "Set to 0 to disable keep-alive connections" (each request says `connection: close`).
      pipelining: keepAlive ? 1 : 0,
      connect: {
        timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
        ...(options.ca ? { ca: options.ca } : {}),
      },
    });
  const pooled = agent(true);
  const single = agent(false);
  return (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    // `dispatcher` is Node's fetch extension (undici's RequestInit); the DOM typing does not list it.
    return fetch(input, { ...init, dispatcher: REUSES_CONNECTIONS.has(method) ? pooled : single } as RequestInit);
  };
}

/** The plain-Node default of the SPIn client: one pair of Agents (and their connections) per process. */
let shared: typeof fetch | undefined;
export function nodeFetch(): typeof fetch {
  shared ??= createNodeFetch();
  return shared;
}
