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
// Why POSTs, too, ride kept-alive connections: a service may close an idle connection just as the
// next request goes out on it; the request then fails with UND_ERR_SOCKET or ECONNRESET after its
// bytes were written, which transport-failure.ts reads as "may have gone through" (a Status lookup
// settles it; tests/fault/stale-keep-alive.test.ts), never as "nothing was sent". A connection of
// its own per POST would remove that rare lookup but cost every Sale a connect (and on https a TLS
// resumption): measured, it put a Sale's own overhead past its 5 ms budget (BENCHMARKS.md, issue
// 40's budget table). undici drops a connection idle for 4 s, so after a cashier's usual pause a
// Sale starts on a fresh one anyway. Electron's net.fetch keeps POSTs alive too: one behaviour.

export interface NodeFetchOptions {
  /** TCP connect plus TLS handshake (undici: UND_ERR_CONNECT_TIMEOUT). Nothing is sent before it succeeds. */
  connectTimeoutMs?: number;
  /** Extra trusted roots, for tests against a loopback TLS server; the app never sets it. */
  ca?: string[];
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** Node's fetch over one undici Agent without the 300 s caps, its connections kept alive. */
export function createNodeFetch(options: NodeFetchOptions = {}): typeof fetch {
  const agent = new Agent({
    headersTimeout: 0,
    bodyTimeout: 0,
    connect: {
      timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      ...(options.ca ? { ca: options.ca } : {}),
    },
  });
  // `dispatcher` is Node's fetch extension (undici's RequestInit); the DOM typing does not list it.
  return (input, init) => fetch(input, { ...init, dispatcher: agent } as RequestInit);
}

/** The plain-Node default of the SPIn client: one Agent (and its connection pool) per process. */
let shared: typeof fetch | undefined;
export function nodeFetch(): typeof fetch {
  shared ??= createNodeFetch();
  return shared;
}
