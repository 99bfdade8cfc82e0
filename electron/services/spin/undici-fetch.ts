import { Agent } from 'undici';
import { fetchOver } from './dispatch-fetch';

// The SPIn client's HTTP stack in plain Node (the browser host, the CLI, the tests). Electron's
// main process passes its own `net.fetch` instead (electron/main/index.ts).
//
// Why not Node's built-in fetch as it comes: its default dispatcher gives up on any answer whose
// headers take longer than 300 s (undici's default headersTimeout, UND_ERR_HEADERS_TIMEOUT) and on
// any body that pauses for 300 s (bodyTimeout), whatever the caller asks, while a SPIn request may legitimately be held for up to
// 720 s (SPInProxyTimeout; Settle defaults to 420 s). Here both undici timeouts are off: one timer
// per exchange (spin/deadline.ts) covers connecting, the headers and the body instead, because a
// shared Agent cannot follow each request's own SPInProxyTimeout.
//
// Why not Node's fetch at all, even with this Agent as its `dispatcher`: the WHATWG fetch around the
// dispatch (Node 20's built-in and undici 7's alike: they measured the same) cost more per round
// trip than the whole SPIn client on top of it. dispatch-fetch.ts hands the request to the Agent
// itself and keeps of fetch what the client reads (the Response, fetch's failures, no redirects).

export interface NodeFetchOptions {
  /** TCP connect plus TLS handshake (undici: UND_ERR_CONNECT_TIMEOUT). Nothing is sent before it succeeds. */
  connectTimeoutMs?: number;
  /** Extra trusted roots, for tests against a loopback TLS server; the app never sets it. */
  ca?: string[];
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * A fetch whose connections come from one undici Agent without the 300 s caps, dispatched to
 * directly (dispatch-fetch.ts). The SPIn client sends through ky, which hands over a global
 * Request: it is read as it is, not copied into another; a plain URL and init (the diagnostics
 * probe) become a Request first.
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
  return (input, init) => fetchOver(agent, input, init);
}

/** The plain-Node default of the SPIn client: one Agent (and its connection pool) per process. */
let shared: typeof fetch | undefined;
export function nodeFetch(): typeof fetch {
  shared ??= createNodeFetch();
  return shared;
}
