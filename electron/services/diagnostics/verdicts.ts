import type { Verdict } from '@shared/ipc/diagnostics-views';
import { explainCode } from '@shared/spin/codes';

// The connection check's verdicts: a few plain words for the person at the counter, why, and the
// next thing to try. SPIn codes take their explanation and remedy from the code catalogue.

type Where = { host: string; port: number };

export const verdicts = {
  ready: (): Verdict => ({
    ok: true,
    kind: 'ready',
    title: 'The terminal is online and ready',
    explanation: 'The payment service answered, accepted the TPN and Authkey, and the terminal replied.',
    remedy: 'Nothing to fix here. If a payment still fails, open the request log below to see what the terminal answered.',
  }),
  noAuthkey: (name: string): Verdict => ({
    ok: false,
    kind: 'no-authkey',
    title: 'This terminal has no Authkey',
    explanation: `"${name}" cannot be used until its Authkey is saved.`,
    remedy: 'Open Terminals and enter the Authkey from the iPOSpays portal.',
  }),
  settings: (message: string): Verdict => ({
    ok: false,
    kind: 'settings',
    title: 'The terminal settings are not usable',
    explanation: message,
    remedy: 'Open Terminals and check the environment and base URL.',
  }),
  dns: ({ host }: Where, code: string): Verdict => ({
    ok: false,
    kind: 'dns',
    title: 'The payment service’s address could not be found',
    explanation:
      code === 'ENOTFOUND'
        ? `No computer is known by the name ${host}.`
        : `The name ${host} could not be looked up (${code}); this computer may have no internet connection.`,
    remedy: 'Check that this computer is online (open any web site), then check the environment or base URL of the terminal for typos.',
  }),
  refused: ({ host, port }: Where): Verdict => ({
    ok: false,
    kind: 'refused',
    title: 'Nothing is answering at that address',
    explanation: `${host} refused the connection on port ${port}: no service is listening there.`,
    remedy: 'Check the base URL and its port. If the service runs on this computer or in the store, make sure it is started.',
  }),
  timeout: ({ host, port }: Where, step: string): Verdict => ({
    ok: false,
    kind: 'timeout',
    title: 'The payment service did not answer in time',
    explanation: `${step} with ${host}:${port} took too long; the network, a firewall or a proxy may be holding it up.`,
    remedy: 'Check this computer’s network connection and firewall, then run the check again.',
  }),
  unreachable: ({ host }: Where, code: string): Verdict => ({
    ok: false,
    kind: 'unreachable',
    title: 'This computer cannot reach the payment service',
    explanation: `There is no network route to ${host} (${code}).`,
    remedy: 'Check the network cable or Wi-Fi of this computer, then run the check again.',
  }),
  network: ({ host }: Where, message: string): Verdict => ({
    ok: false,
    kind: 'network',
    title: 'The connection to the payment service failed',
    explanation: `Talking to ${host} failed: ${message}.`,
    remedy: 'Check this computer’s network connection, then run the check again.',
  }),
  tls: (problem: TlsProblem, { host }: Where, detail: string): Verdict => {
    const text = TLS[problem](host);
    return { ok: false, ...text, explanation: `${text.explanation} (${detail})` };
  },
  http: ({ host }: Where, message: string): Verdict => ({
    ok: false,
    kind: 'http',
    title: 'The address does not answer like a web service',
    explanation: `${host} accepted the connection but gave no HTTP answer: ${message}.`,
    remedy: 'Check the base URL: it must be the SPIn service’s address, including https://.',
  }),
  /** The address answers SPIn requests with a redirect; `to` is scheme://host/path when the HTTP stack reveals it. */
  redirect: ({ host }: Where, to: string | undefined): Verdict => {
    const target = to ? new URL(to) : undefined;
    return {
      ok: false,
      kind: 'redirect',
      title: target ? `The address redirects to ${target.host}` : 'The address redirects somewhere else',
      explanation: `${host} answered the test request with a redirect${to ? ` to ${to}` : ''}. spin-desk never follows a redirect: every request carries the Authkey, which goes only to the address in the terminal profile.`,
      remedy: target
        ? `Use the final address in the terminal profile (often https://), here ${target.protocol}//${target.host}, once your provider confirms it is theirs.`
        : 'Use the final address in the terminal profile (often the same address with https://); ask your provider for it.',
    };
  },
  notSpin: (message: string): Verdict => ({
    ok: false,
    kind: 'not-spin',
    title: 'The address answers, but not as a SPIn service',
    explanation: message,
    remedy: 'Check the base URL (environment) of the terminal; it must point at the SPIn service.',
  }),
  terminalTimeout: (seconds: number): Verdict => ({
    ok: false,
    kind: 'timeout',
    title: 'The payment service did not answer in time',
    explanation: `No answer to a simple status question within ${seconds} s.`,
    remedy: 'Check the network, then run the check again. If it keeps happening, contact your provider.',
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
          title: 'The terminal is offline',
          remedy: `Check the terminal’s power and network. ${info.remedy}`,
        };
      case '2002':
        return {
          ...base,
          kind: 'wrong-authkey',
          title: 'The Authkey is wrong',
          remedy: `Enter the Authkey again on the Terminals screen. ${info.remedy}`,
        };
      case '2003':
        return {
          ...base,
          kind: 'wrong-tpn',
          title: 'Wrong TPN or wrong environment',
          remedy: `Check the TPN on the Terminals screen, and whether the terminal is a test (Sandbox) or live (Production) one. ${info.remedy}`,
        };
      case '2008': {
        const seconds = Math.max(1, Math.ceil(delaySeconds ?? 5));
        return {
          ...base,
          kind: 'busy',
          title: 'The terminal is busy',
          retryAfterSeconds: seconds,
          remedy: `Wait ${seconds} s, then run the check again. ${info.remedy}`,
        };
      }
      default:
        return { ...base, kind: 'service', title: `${info.label} (${statusCode})`, remedy: info.remedy };
    }
  },
};

export type TlsProblem = 'self-signed' | 'expired' | 'hostname' | 'untrusted' | 'handshake';

type TlsText = Pick<Verdict, 'kind' | 'title' | 'explanation' | 'remedy'>;
const NEVER_BYPASS = 'spin-desk never skips this check, because the Authkey travels in every request.';

const TLS: Record<TlsProblem, (host: string) => TlsText> = {
  'self-signed': (host) => ({
    kind: 'tls-self-signed',
    title: 'The service’s certificate is self-signed',
    explanation: `${host} presented a certificate that no trusted authority issued, so it cannot prove it is the payment service.`,
    remedy: `Check the base URL: it may point at the wrong server, or a network device may be intercepting the connection. ${NEVER_BYPASS}`,
  }),
  expired: (host) => ({
    kind: 'tls-expired',
    title: 'The service’s certificate has expired',
    explanation: `The certificate of ${host} is outside its validity dates.`,
    remedy: `Check that this computer’s date and time are right. If they are, the service must renew its certificate: contact your provider. ${NEVER_BYPASS}`,
  }),
  hostname: (host) => ({
    kind: 'tls-hostname',
    title: 'The certificate is for a different address',
    explanation: `The certificate presented does not name ${host}.`,
    remedy: `Check the base URL for a typo; use the exact address your provider gave. ${NEVER_BYPASS}`,
  }),
  untrusted: (host) => ({
    kind: 'tls-untrusted',
    title: 'The service’s certificate is not trusted',
    explanation: `The certificate of ${host} could not be traced to an authority this computer trusts.`,
    remedy: `Check the base URL; if a company proxy inspects traffic, ask IT to allow this address. ${NEVER_BYPASS}`,
  }),
  handshake: (host) => ({
    kind: 'tls',
    title: 'A secure connection could not be set up',
    explanation: `The secure (TLS) handshake with ${host} failed.`,
    remedy: 'Check the base URL (https:// and the port), and that no proxy or firewall interferes, then run the check again.',
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
