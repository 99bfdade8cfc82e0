import type { Verdict } from '@shared/ipc/diagnostics-views';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { explainCode } from '@shared/spin/codes';

// The connection check's verdicts: a few plain words for the person at the counter, why, and the
// next thing to try. SPIn codes take their explanation and remedy from the code catalogue. Worded
// in the language main speaks when the check is run (verdict_* and diag_* messages).

type Where = { host: string; port: number };

export const verdicts = {
  ready: (): Verdict => ({
    ok: true,
    kind: 'ready',
    title: m.verdict_ready_title(),
    explanation: m.verdict_ready_explanation(),
    remedy: m.verdict_ready_remedy(),
  }),
  noAuthkey: (name: string): Verdict => ({
    ok: false,
    kind: 'no-authkey',
    title: m.verdict_no_authkey_title(),
    explanation: m.verdict_no_authkey_explanation({ name }),
    remedy: m.verdict_no_authkey_remedy(),
  }),
  settings: (message: string): Verdict => ({
    ok: false,
    kind: 'settings',
    title: m.verdict_settings_title(),
    explanation: message,
    remedy: m.verdict_settings_remedy(),
  }),
  dns: ({ host }: Where, code: string): Verdict => ({
    ok: false,
    kind: 'dns',
    title: m.verdict_dns_title(),
    explanation: code === 'ENOTFOUND' ? m.verdict_dns_not_found({ host }) : m.verdict_dns_failed({ host, code }),
    remedy: m.verdict_dns_remedy(),
  }),
  refused: ({ host, port }: Where): Verdict => ({
    ok: false,
    kind: 'refused',
    title: m.verdict_refused_title(),
    explanation: m.verdict_refused_explanation({ host, port }),
    remedy: m.verdict_refused_remedy(),
  }),
  timeout: ({ host, port }: Where, step: string): Verdict => ({
    ok: false,
    kind: 'timeout',
    title: m.verdict_timeout_title(),
    explanation: m.verdict_timeout_explanation({ step, host, port }),
    remedy: m.verdict_timeout_remedy(),
  }),
  unreachable: ({ host }: Where, code: string): Verdict => ({
    ok: false,
    kind: 'unreachable',
    title: m.verdict_unreachable_title(),
    explanation: m.verdict_unreachable_explanation({ host, code }),
    remedy: m.verdict_unreachable_remedy(),
  }),
  network: ({ host }: Where, message: string): Verdict => ({
    ok: false,
    kind: 'network',
    title: m.verdict_network_title(),
    explanation: m.verdict_network_explanation({ host, message }),
    remedy: m.verdict_network_remedy(),
  }),
  tls: (problem: TlsProblem, { host }: Where, detail: string): Verdict => {
    const text = TLS[problem](host);
    return { ok: false, ...text, explanation: m.verdict_tls_detail({ explanation: text.explanation, detail }) };
  },
  http: ({ host }: Where, message: string): Verdict => ({
    ok: false,
    kind: 'http',
    title: m.verdict_http_title(),
    explanation: m.verdict_http_explanation({ host, message }),
    remedy: m.verdict_http_remedy(),
  }),
  /** The address answers SPIn requests with a redirect; `to` is scheme://host/path when the HTTP stack reveals it. */
  redirect: ({ host }: Where, to: string | undefined): Verdict => {
    const target = to ? new URL(to) : undefined;
    return {
      ok: false,
      kind: 'redirect',
      title: target ? m.diag_redirect_title_to({ host: target.host }) : m.diag_redirect_title(),
      explanation: to ? m.diag_redirect_explanation_to({ host, to }) : m.diag_redirect_explanation({ host }),
      remedy: target ? m.diag_redirect_remedy_to({ address: `${target.protocol}//${target.host}` }) : m.diag_redirect_remedy(),
    };
  },
  notSpin: (message: string): Verdict => ({
    ok: false,
    kind: 'not-spin',
    title: m.verdict_not_spin_title(),
    explanation: message,
    remedy: m.verdict_not_spin_remedy(),
  }),
  terminalTimeout: (seconds: number): Verdict => ({
    ok: false,
    kind: 'timeout',
    title: m.verdict_timeout_title(),
    explanation: m.verdict_terminal_timeout_explanation({ seconds }),
    remedy: m.verdict_terminal_timeout_remedy(),
  }),
  /** A SPIn code from the proxy (20xx, 22xx ...) or an unexpected terminal code. */
  code: (statusCode: string, delaySeconds?: number): Verdict => {
    const info = explainCode(statusCode);
    const base = { ok: false, statusCode, explanation: info.explanation };
    switch (statusCode) {
      case '2001':
        return {
          ...base,
          kind: 'offline',
          title: m.verdict_offline_title(),
          remedy: m.verdict_offline_remedy({ remedy: info.remedy }),
        };
      case '2002':
        return {
          ...base,
          kind: 'wrong-authkey',
          title: m.verdict_wrong_authkey_title(),
          remedy: m.verdict_wrong_authkey_remedy({ remedy: info.remedy }),
        };
      case '2003':
        return {
          ...base,
          kind: 'wrong-tpn',
          title: m.verdict_wrong_tpn_title(),
          remedy: m.verdict_wrong_tpn_remedy({ remedy: info.remedy }),
        };
      case '2008': {
        const seconds = Math.max(1, Math.ceil(delaySeconds ?? 5));
        return {
          ...base,
          kind: 'busy',
          title: m.verdict_busy_title(),
          retryAfterSeconds: seconds,
          remedy: m.verdict_busy_remedy({ seconds, remedy: info.remedy }),
        };
      }
      default:
        return { ...base, kind: 'service', title: m.verdict_service_title({ label: info.label, code: statusCode }), remedy: info.remedy };
    }
  },
};

export type TlsProblem = 'self-signed' | 'expired' | 'hostname' | 'untrusted' | 'handshake';

type TlsText = Pick<Verdict, 'kind' | 'title' | 'explanation' | 'remedy'>;

/** Each problem's words, read when the verdict is made so they are in the language main speaks then. */
const TLS: Record<TlsProblem, (host: string) => TlsText> = {
  'self-signed': (host) => ({
    kind: 'tls-self-signed',
    title: m.diag_tls_self_signed_title(),
    explanation: m.diag_tls_self_signed_explanation({ host }),
    remedy: m.diag_tls_self_signed_remedy({ neverBypass: m.diag_tls_never_bypass() }),
  }),
  expired: (host) => ({
    kind: 'tls-expired',
    title: m.diag_tls_expired_title(),
    explanation: m.diag_tls_expired_explanation({ host }),
    remedy: m.diag_tls_expired_remedy({ neverBypass: m.diag_tls_never_bypass() }),
  }),
  hostname: (host) => ({
    kind: 'tls-hostname',
    title: m.diag_tls_hostname_title(),
    explanation: m.diag_tls_hostname_explanation({ host }),
    remedy: m.diag_tls_hostname_remedy({ neverBypass: m.diag_tls_never_bypass() }),
  }),
  untrusted: (host) => ({
    kind: 'tls-untrusted',
    title: m.diag_tls_untrusted_title(),
    explanation: m.diag_tls_untrusted_explanation({ host }),
    remedy: m.diag_tls_untrusted_remedy({ neverBypass: m.diag_tls_never_bypass() }),
  }),
  handshake: (host) => ({
    kind: 'tls',
    title: m.diag_tls_handshake_title(),
    explanation: m.diag_tls_handshake_explanation({ host }),
    remedy: m.diag_tls_handshake_remedy(),
  }),
};

/** Node's certificate error codes, sorted into what a person can act on. */
export function tlsProblemOf(code: string | undefined): TlsProblem {
  switch (code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return 'self-signed';
    case 'CERT_HAS_EXPIRED':
    case 'CERT_NOT_YET_VALID':
      return 'expired';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'hostname';
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'CERT_UNTRUSTED':
    case 'CERT_REVOKED':
    case 'CERT_SIGNATURE_FAILURE':
      return 'untrusted';
    default:
      return 'handshake';
  }
}
