import { lookup } from 'node:dns/promises';
import { STATUS_CODES } from 'node:http';
import { connect as connectTcp, isIP } from 'node:net';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import type { Verdict } from '@shared/ipc/diagnostics-views';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { nodeFetch } from '../spin/undici-fetch';
import { isHiddenRedirect } from '../spin/transport-failure';
import { tlsProblemOf, verdicts } from './verdicts';

// The network steps of the connection check, each with its own short deadline: at the counter an
// answer within seconds beats a precise one after two minutes. Certificates are verified exactly as
// the SPIn client verifies them (Node's trusted roots, hostname check); nothing is ever bypassed.

export type ProbeResult = { ok: true; detail: string } | { ok: false; detail: string; verdict: Verdict };

export interface Endpoint {
  /** Host name or IP literal as written in the URL, without IPv6 brackets. */
  host: string;
  port: number;
  https: boolean;
  /** The base URL, for the HTTP step. */
  url: string;
}

export function endpointOf(baseUrl: string): Endpoint {
  const url = new URL(baseUrl);
  const https = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : https ? 443 : 80;
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port, https, url: baseUrl };
}

export const isIpLiteral = (host: string): boolean => isIP(host) !== 0;

class Timeout extends Error {}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

const codeOf = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;

/** DNS: resolves the host name; the caller skips this step for IP literals. */
export async function probeDns(where: Endpoint, timeoutMs: number): Promise<ProbeResult & { address?: string }> {
  try {
    const addresses = await withDeadline(lookup(where.host, { all: true }), timeoutMs);
    const first = addresses[0];
    if (!first) return { ok: false, detail: m.diag_dns_no_addresses(), verdict: verdicts.dns(where, 'ENODATA') };
    return {
      ok: true,
      detail: m.diag_dns_found({
        host: where.host,
        addresses: addresses
          .map((a) => a.address)
          .slice(0, 3)
          .join(', '),
      }),
      address: first.address,
    };
  } catch (error) {
    if (error instanceof Timeout)
      return {
        ok: false,
        detail: m.diag_no_answer_within({ ms: timeoutMs }),
        verdict: verdicts.timeout(where, m.diag_timeout_looking_up()),
      };
    const code = codeOf(error) ?? 'ERROR';
    return { ok: false, detail: code, verdict: verdicts.dns(where, code) };
  }
}

/** TCP: opens and closes one connection to the resolved address. */
export async function probeTcp(where: Endpoint, address: string, timeoutMs: number): Promise<ProbeResult> {
  const socket = connectTcp({ host: address, port: where.port });
  const timedOut: ProbeResult = {
    ok: false,
    detail: m.diag_no_answer_within({ ms: timeoutMs }),
    verdict: verdicts.timeout(where, m.diag_timeout_connecting()),
  };
  return firstOnSocket(socket, timeoutMs, timedOut, (finish) => {
    socket.once('connect', () => finish({ ok: true, detail: m.diag_tcp_connected({ address, port: where.port }) }));
    socket.once('error', (error) => finish(tcpFailure(where, error)));
  });
}

/**
 * A probe's result from one socket: the first that `watch` finishes with, else `timedOut` after
 * `timeoutMs`. Either way the socket is destroyed and the timer cleared, once.
 */
function firstOnSocket(
  socket: { destroy(): void },
  timeoutMs: number,
  timedOut: ProbeResult,
  watch: (finish: (result: ProbeResult) => void) => void,
): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(timedOut), timeoutMs);
    function finish(result: ProbeResult): void {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    }
    watch(finish);
  });
}

function tcpFailure(where: Endpoint, error: Error): ProbeResult {
  const code = codeOf(error) ?? 'ERROR';
  if (code === 'ECONNREFUSED') return { ok: false, detail: code, verdict: verdicts.refused(where) };
  if (code === 'ETIMEDOUT') return { ok: false, detail: code, verdict: verdicts.timeout(where, m.diag_timeout_connecting()) };
  if (['EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN', 'EHOSTDOWN'].includes(code)) {
    return { ok: false, detail: code, verdict: verdicts.unreachable(where, code) };
  }
  return { ok: false, detail: code, verdict: verdicts.network(where, error.message) };
}

/**
 * TLS: a full handshake with certificate and hostname verification. `ca` replaces the trusted
 * roots; only tests set it (to trust a certificate they made), never the app.
 */
export async function probeTls(where: Endpoint, address: string, timeoutMs: number, ca?: string[]): Promise<ProbeResult> {
  const options: ConnectionOptions = { host: address, port: where.port, rejectUnauthorized: true, ...(ca ? { ca } : {}) };
  // SNI and the hostname check use the name from the URL; an IP literal is checked as itself.
  if (!isIpLiteral(where.host)) options.servername = where.host;
  else options.host = where.host;
  const socket = connectTls(options);
  const timedOut: ProbeResult = {
    ok: false,
    detail: m.diag_no_handshake_within({ ms: timeoutMs }),
    verdict: verdicts.timeout(where, m.diag_timeout_handshake()),
  };
  return firstOnSocket(socket, timeoutMs, timedOut, (finish) => {
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      const subject = cert.subject?.CN ?? where.host;
      finish({ ok: true, detail: m.diag_tls_ok({ protocol: socket.getProtocol() ?? 'TLS', subject, until: cert.valid_to }) });
    });
    socket.once('error', (error) => {
      const code = codeOf(error);
      if (code === 'ECONNRESET' || code === 'ECONNREFUSED') return finish(tcpFailure(where, error));
      finish({ ok: false, detail: code ?? error.message, verdict: verdicts.tls(tlsProblemOf(code), where, code ?? error.message) });
    });
  });
}

/**
 * HTTP: any HTTP answer at all proves a web service is there (its status does not matter here).
 * A redirect is an answer too: a GET of the base URL may well redirect (to documentation, say)
 * while SPIn requests are served; the terminal step's real request tells whether those redirect.
 */
export async function probeHttp(where: Endpoint, timeoutMs: number, fetchImpl: typeof fetch = nodeFetch()): Promise<ProbeResult> {
  try {
    const response = await fetchImpl(where.url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    const location = response.status >= 300 && response.status < 400 ? hostOf(response.headers.get('location'), where.url) : undefined;
    // The status with its standard words ("404 Not Found"): the step passes on any answer, and a bare
    // "HTTP 404" beside "OK" read as a contradiction.
    const status = `HTTP ${response.status} ${STATUS_CODES[response.status] ?? response.statusText}`.trim();
    return {
      ok: true,
      detail: location
        ? m.diag_http_answered_redirecting({ status, url: where.url, location })
        : m.diag_http_answered({ status, url: where.url }),
    };
  } catch (error) {
    // Electron's net.fetch reports a redirect it was told not to follow as an error.
    if (isHiddenRedirect(error)) return { ok: true, detail: m.diag_http_redirects({ url: where.url }) };
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, detail: m.diag_no_answer_within({ ms: timeoutMs }), verdict: verdicts.timeout(where, m.diag_timeout_http()) };
    }
    const cause = (error as { cause?: Error }).cause;
    const code = codeOf(cause);
    if (code === 'ECONNREFUSED' && cause) return tcpFailure(where, cause);
    return {
      ok: false,
      detail: code ?? cause?.message ?? String(error),
      verdict: verdicts.http(where, code ?? cause?.message ?? m.diag_no_answer()),
    };
  }
}

/** The host a Location header points to; never its path or query, which may carry secrets. */
function hostOf(location: string | null, base: string): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, base).host;
  } catch {
    return undefined;
  }
}

/** How long each step of the connection check may take (the terminal step: its Status request). */
export interface CheckTimeouts {
  dnsMs: number;
  tcpMs: number;
  tlsMs: number;
  httpMs: number;
  /** SPInProxyTimeout of the Status request (s) and the extra HTTP allowance on top (ms). */
  terminalProxySeconds: number;
  terminalGraceMs: number;
}
