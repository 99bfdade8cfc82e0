import { BASE_LANGUAGE } from '@shared/i18n/languages';
import { CANCELED_CODE, explainCode } from '@shared/spin/codes';
import { because, said, type Said } from '@shared/ipc/said';
import type { GeneralResponseLike, SpinError } from '../spin/spin-error';
import { neverSentCode, transportCode } from '../spin/transport-failure';

// What the answer to a money-moving request (the ORIGINAL, not a Status lookup) means for the
// money. The rules (docs/PROTOCOL.md §12 has each fact with its public source):
//
// - final: 0xxx approved/partial; 1012 canceled; 1xxx codes in DECLINE_CODES: the terminal
//   answered about this request and moved no money.
// - resend (nothing was processed, the same request with the SAME ReferenceId may go again, capped):
//   2008 terminal in use (the proxy refused before the terminal; wait DelayBeforeNextRequest),
//   2001 terminal not connected to the proxy (it never reached the terminal), 1000 terminal busy
//   (the terminal refused it unprocessed). Reusing the ReferenceId keeps even a wrong guess safe:
//   a second copy of a processed request is refused as 1011, never charged.
// - refused (final, nothing processed, no point resending): credential/route/parse/validation
//   refusals of the proxy (2002-2006, 2101, 2102, 2201), the HTTP statuses that refuse a request
//   before anything is done with it (400, 401, 403, 404, 405, 415, 422), our own validation, and
//   a request that provably never left this computer (name not resolved, connection refused,
//   connect timeout, TLS handshake or certificate failure: nothing is written before those).
// - duplicate: 1011 on a request the app sent itself: the transaction exists; look it up.
// - unknown: everything else, above all 2007 timeout, 2010 communication error, any other 20xx,
//   HTTP 408, 429 and 5xx (a gateway or a rate limiter may answer after the request went through),
//   a redirect (never followed; the profile's own address is asked with Status), a timeout, a
//   connection lost or stopped after the request was written, an unreadable answer, and 1xxx
//   codes that may come after the money moved (1006 printer/internal, 1014 host communication,
//   1018, 1030, 1500, 1999, unlisted). Recovery asks Status; never resends.

// Each `why` is kept in English (the journal, the CSV) with its `said`, the same in the catalogue's
// words, for the page to word in its language (shared/ipc/said.ts). because() makes both from the
// Said; only the English that names a code's label is written beside its Said by hand.
export type AnswerClass =
  | { kind: 'final'; result: NoMoneyResult }
  | { kind: 'duplicate'; why: string; said: Said }
  | { kind: 'resend'; code: string; busy: boolean; delaySeconds: number | null; why: string; said: Said }
  | { kind: 'refused'; why: string; said: Said }
  /** `retryAfterSeconds`: the service asked for a pause (429 Retry-After) before the first lookup. */
  | { kind: 'unknown'; why: string; said: Said; retryAfterSeconds?: number };

export const RESEND_CODES: ReadonlySet<string> = new Set(['2008', '2001', '1000']);
export const REFUSED_CODES: ReadonlySet<string> = new Set(['2002', '2003', '2004', '2005', '2006', '2101', '2102', '2201']);
export const DECLINE_CODES: ReadonlySet<string> = new Set([
  ...['1001', '1002', '1003', '1004', '1005', '1007', '1008', '1009', '1010', '1013'],
  ...['1015', '1016', '1017', '1019', '1020', '1021', '1022', '1023', '1024', '1025'],
]);

/** A terminal's final answer that moved no money: a cancel (1012) or a decline. */
export type NoMoneyResult = 'declined' | 'canceled';

/** What a 1xxx code says when it is final and moved no money; undefined when it is not such a code. */
export function noMoneyResult(code: string): NoMoneyResult | undefined {
  if (code === CANCELED_CODE) return 'canceled';
  return DECLINE_CODES.has(code) ? 'declined' : undefined;
}
/** HTTP statuses that refuse the request itself: malformed, unauthorised, no such route or method, wrong media type. */
export const REFUSED_HTTP: ReadonlySet<number> = new Set([400, 401, 403, 404, 405, 415, 422]);

/** approved / partial for a ResultCode 0 answer. */
export function successResult(gr: GeneralResponseLike): 'approved' | 'partial' {
  return gr.StatusCode === '0001' ? 'partial' : 'approved';
}

export function classifyAnswer(error: SpinError): AnswerClass {
  switch (error.code) {
    case 'BAD_INPUT':
      return { kind: 'refused', ...because(said('said_why_invalid_not_sent')) };
    case 'TIMEOUT':
      return { kind: 'unknown', ...because(said('said_why_no_answer_in_time')) };
    case 'BAD_RESPONSE':
      return { kind: 'unknown', ...because(said('said_why_unreadable')) };
    case 'REDIRECT': {
      const host = error.redirectTo ? new URL(error.redirectTo).host : undefined;
      return { kind: 'unknown', ...because(host ? said('said_why_redirect_to', { host }) : said('said_why_redirect')) };
    }
    case 'ABORTED':
      return error.notSent
        ? { kind: 'refused', ...because(said('said_why_stopped_before_sent')) }
        : { kind: 'unknown', ...because(said('said_why_stopped_before_answer')) };
    case 'NETWORK': {
      const code = transportCode(error.cause);
      if (error.notSent || neverSentCode(error.cause) !== undefined)
        return { kind: 'refused', ...because(code ? said('said_why_unreachable_code', { code }) : said('said_why_unreachable')) };
      return { kind: 'unknown', ...because(code ? said('said_why_dropped_code', { code }) : said('said_why_dropped')) };
    }
    case 'HTTP_STATUS':
      return classifyHttp(error);
    case 'TERMINAL':
    case 'PROXY':
      return classifyCode(error.generalResponse);
  }
}

function classifyHttp(error: SpinError): AnswerClass {
  const status = error.httpStatus ?? 0;
  const code = error.generalResponse?.StatusCode ?? '';
  // A proxy refusal code proves nothing was processed, whatever HTTP status carried it.
  // The English names the code's label, as it always has; the Said names the code, which the page's
  // words explain elsewhere (a label is English words, never a Said's parameter). So not because().
  if (REFUSED_CODES.has(code))
    return {
      kind: 'refused',
      why: `${explainCode(code, undefined, BASE_LANGUAGE).label} (${code}, HTTP ${status})`,
      said: said('said_why_refused_code_http', { code, status }),
    };
  if (REFUSED_HTTP.has(status)) return { kind: 'refused', ...because(said('said_why_refused_http', { status })) };
  const wait = status === 429 || status === 503 ? error.retryAfterSeconds : undefined;
  return {
    kind: 'unknown',
    ...because(said('said_why_http', { status })),
    ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
  };
}

function classifyCode(gr: GeneralResponseLike | undefined): AnswerClass {
  const code = gr?.StatusCode ?? '';
  const label = `${explainCode(code, undefined, BASE_LANGUAGE).label} (${code || 'no code'})`;
  // The English names the code's label; the Said names the code, which the page's words explain
  // elsewhere: the two differ on purpose, so these pairs are made by hand, not with because().
  const answered = code ? said('said_why_code', { code }) : said('said_why_no_code');
  if (code === '1011') return { kind: 'duplicate', ...because(said('said_why_already_had_reference')) };
  if (RESEND_CODES.has(code)) {
    const delay = code === '2008' ? gr?.DelayBeforeNextRequest : null;
    const delaySeconds = typeof delay === 'number' && delay > 0 ? delay : null;
    return { kind: 'resend', code, busy: code !== '2001', delaySeconds, why: label, said: answered };
  }
  if (REFUSED_CODES.has(code)) return { kind: 'refused', why: label, said: answered };
  const final = noMoneyResult(code);
  if (final) return { kind: 'final', result: final };
  if (code === '2007') return { kind: 'unknown', ...because(said('said_why_timeout_2007')) };
  return { kind: 'unknown', why: `the service answered ${label}`, said: answered };
}
