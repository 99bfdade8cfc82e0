// Which transport failures prove that the request never left this computer. Before the TCP
// connection is open and, for https, before the TLS handshake has verified the service, not one
// byte of the request (and so no Authkey, no amount) has been written: the service cannot have
// processed it. Any failure after that point (a reset, a closed socket, a timeout while waiting)
// may come after the service received the whole request, so it proves nothing.

import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { Language } from '@shared/i18n/languages';

/** Node / undici codes, found on the error or somewhere in its `cause` chain. */
const NODE_CONNECT_PHASE = new Set([
  // The name could not be resolved.
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'EAI_NODATA',
  // The TCP connection could not be opened.
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  // undici's connect timeout covers TCP connect and the TLS handshake, before the request is written.
  'UND_ERR_CONNECT_TIMEOUT',
  // Certificate checks fail during the handshake.
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_REJECTED',
  'EPROTO',
]);

/**
 * OpenSSL failures that only a handshake raises: the other side does not speak TLS (https to a
 * plain-http port: WRONG_VERSION_NUMBER), no version or cipher in common, a certificate or name
 * refused. Not any ERR_SSL_ code: a record that fails to decrypt (DECRYPTION_FAILED_OR_BAD_RECORD_MAC)
 * breaks a connection whose request is already out, and is raised as such (tests/fault/tls-record-failure.test.ts).
 */
const SSL_HANDSHAKE =
  /^ERR_SSL_\w*(WRONG_VERSION_NUMBER|UNSUPPORTED_PROTOCOL|NO_PROTOCOLS_AVAILABLE|UNKNOWN_PROTOCOL|PROTOCOL_VERSION|HANDSHAKE_FAILURE|NO_SHARED_CIPHER|NO_CIPHERS_AVAILABLE|CERTIFICATE|UNKNOWN_CA|KEY_TOO_SMALL|MD_TOO_WEAK|UNSAFE_LEGACY_RENEGOTIATION_DISABLED|UNRECOGNIZED_NAME)/;

/**
 * Chromium's net errors as Electron's net.fetch reports them ("net::ERR_CONNECTION_REFUSED"): the
 * ones raised before a request is sent (name resolution, connect, proxy tunnel, TLS handshake).
 * Its TLS alerts about records and renegotiation can come after the request went out: not these.
 */
const CHROMIUM_CONNECT_PHASE =
  /net::(ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED|ERR_INTERNET_DISCONNECTED|ERR_ADDRESS_UNREACHABLE|ERR_ADDRESS_INVALID|ERR_CONNECTION_REFUSED|ERR_CONNECTION_TIMED_OUT|ERR_PROXY_CONNECTION_FAILED|ERR_TUNNEL_CONNECTION_FAILED|ERR_MANDATORY_PROXY_CONFIGURATION_FAILED|ERR_CERT_[A-Z_]+|ERR_SSL_(?!BAD_RECORD_MAC_ALERT|DECRYPT_ERROR_ALERT|DECOMPRESSION_FAILURE_ALERT|RENEGOTIATION_REQUESTED|NO_RENEGOTIATION|SERVER_CERT_CHANGED)[A-Z_]+|ERR_BAD_SSL_CLIENT_AUTH_CERT)\b/;

/** WHATWG fetch (Node's and Chromium's alike) refuses the standard's bad ports before opening anything. */
const BAD_PORT = /^bad port$/;

/** The errno-style code somewhere in an error's cause chain (fetch wraps it: TypeError -> cause). */
export function transportCode(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    const chromium = /net::(ERR_[A-Z_]+)/.exec(messageOf(link));
    if (chromium) return chromium[1];
  }
  return undefined;
}

/**
 * The code that proves the request was never sent, or undefined when the failure may have come
 * after the request was written.
 */
export function neverSentCode(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string' && (NODE_CONNECT_PHASE.has(code) || SSL_HANDSHAKE.test(code))) return code;
    const message = messageOf(link);
    const chromium = CHROMIUM_CONNECT_PHASE.exec(message);
    if (chromium) return chromium[1];
    if (BAD_PORT.test(message)) return 'bad port';
  }
  return undefined;
}

/** Electron's net.fetch refuses to follow a redirect with an error that hides where it pointed. */
export function isHiddenRedirect(error: unknown): boolean {
  return causeChain(error).some((link) =>
    /^(Redirect was cancelled|Attempted to redirect, but redirect policy was 'error')$/.test(messageOf(link)),
  );
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  // Bounded: a cause chain is a few links; a cycle must not hang the client.
  for (let current = error; current && chain.length < 6; current = (current as { cause?: unknown }).cause) chain.push(current);
  return chain;
}

function messageOf(value: unknown): string {
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

type Sentence = (inputs: { where: string }, options: { locale?: Language }) => string;

/** Why a connection could not be opened, in words a cashier can act on, keyed by the never-sent code. */
const UNREACHABLE_WORDS: readonly [RegExp, Sentence][] = [
  [/^(ECONNREFUSED|ERR_CONNECTION_REFUSED)$/, m.diag_unreachable_refused],
  [/^(ENOTFOUND|EAI_NONAME|EAI_NODATA|EAI_FAIL|ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED)$/, m.diag_unreachable_unknown_name],
  [/^EAI_AGAIN$/, m.diag_unreachable_lookup_failed],
  [/^(UND_ERR_CONNECT_TIMEOUT|ERR_CONNECTION_TIMED_OUT)$/, m.diag_unreachable_connect_timeout],
  [
    /^(EHOSTUNREACH|ENETUNREACH|ENETDOWN|EHOSTDOWN|EADDRNOTAVAIL|ERR_ADDRESS_UNREACHABLE|ERR_INTERNET_DISCONNECTED)$/,
    m.diag_unreachable_no_route,
  ],
  [/^bad port$/, m.diag_unreachable_bad_port],
  [/CERT|ERR_SSL_|EPROTO|UNABLE_TO/, m.diag_unreachable_tls],
];

/**
 * "Could not connect to 10.0.0.5:8443: nothing is listening there (connection refused)": what a
 * never-sent failure means for the address the profile names, in `language` (else the one main
 * speaks). The error name itself (ECONNREFUSED) is not in it: the caller hands it on as the
 * detail, shown under Details.
 */
export function unreachableMessage(url: string, code: string, language?: Language): string {
  let where = url;
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || (parsed.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    // An address the client could not parse never reaches here; keep it whole if it does.
  }
  const options = { locale: language };
  const sentence = UNREACHABLE_WORDS.find(([pattern]) => pattern.test(code))?.[1];
  return sentence ? sentence({ where }, options) : m.diag_unreachable_other({ where, code }, options);
}
