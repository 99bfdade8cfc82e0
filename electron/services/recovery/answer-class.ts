import { explainCode } from '../../../shared/spin/codes';
import type { GeneralResponseLike, SpinError } from '../spin/spin-error';

// What the answer to a money-moving request (the ORIGINAL, not a Status lookup) means for the
// money. The rules, from REFERENCE §1.4, §7 item 10, §8.2 and the addendum:
//
// - final: 0xxx approved/partial; 1xxx codes in DECLINES: the terminal answered about this
//   request and moved no money.
// - resend (nothing was processed, the same request with the SAME ReferenceId may go again, capped):
//   2008 terminal in use (the proxy refused before the terminal; wait DelayBeforeNextRequest),
//   2001 terminal not connected to the proxy (it never reached the terminal), 1000 terminal busy
//   (the terminal refused it unprocessed). Reusing the ReferenceId keeps even a wrong guess safe:
//   a second copy of a processed request is refused as 1011, never charged.
// - refused (final, nothing processed, no point resending): credential/route/parse/validation
//   refusals of the proxy (2002-2006, 2101, 2102, 2201), HTTP 4xx, our own validation, and a
//   connection that was never opened (refused, unknown host).
// - duplicate: 1011 on a request the app sent itself: the transaction exists; look it up.
// - unknown: everything else, above all 2007 timeout, 2010 communication error, any other 20xx,
//   HTTP 5xx, a timeout, a connection lost after the request went out, an unreadable answer, and
//   1xxx codes that may come after the money moved (1006 printer/internal, 1014 host
//   communication, 1018, 1030, 1500, 1999, unlisted). Recovery asks Status; never resends.

export type AnswerClass =
  | { kind: 'final'; result: 'declined' }
  | { kind: 'duplicate'; why: string }
  | { kind: 'resend'; code: string; busy: boolean; delaySeconds: number | null; why: string }
  | { kind: 'refused'; why: string }
  | { kind: 'unknown'; why: string };

export const RESEND_CODES: ReadonlySet<string> = new Set(['2008', '2001', '1000']);
export const REFUSED_CODES: ReadonlySet<string> = new Set(['2002', '2003', '2004', '2005', '2006', '2101', '2102', '2201']);
export const DECLINE_CODES: ReadonlySet<string> = new Set([
  ...['1001', '1002', '1003', '1004', '1005', '1007', '1008', '1009', '1010', '1012', '1013'],
  ...['1015', '1016', '1017', '1019', '1020', '1021', '1022', '1023', '1024', '1025'],
]);
/** The connection was never opened, so the request cannot have been sent. */
const NOT_SENT_NETWORK_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** approved / partial for a ResultCode 0 answer. */
export function successResult(gr: GeneralResponseLike): 'approved' | 'partial' {
  return gr.StatusCode === '0001' ? 'partial' : 'approved';
}

export function classifyAnswer(error: SpinError): AnswerClass {
  switch (error.code) {
    case 'BAD_INPUT':
      return { kind: 'refused', why: 'the request was invalid and was not sent' };
    case 'TIMEOUT':
      return { kind: 'unknown', why: 'no answer arrived in time' };
    case 'BAD_RESPONSE':
      return { kind: 'unknown', why: 'the answer could not be read' };
    case 'NETWORK': {
      const code = networkCode(error);
      if ((code && NOT_SENT_NETWORK_CODES.has(code)) || causeMessage(error) === 'bad port') return { kind: 'refused', why: `the terminal service could not be reached (${code})` };
      return { kind: 'unknown', why: `the connection dropped before the answer arrived${code ? ` (${code})` : ''}` };
    }
    case 'HTTP_STATUS': {
      const status = error.httpStatus ?? 0;
      if (status >= 400 && status < 500) return { kind: 'refused', why: `the service refused the request (HTTP ${status})` };
      return { kind: 'unknown', why: `the service answered HTTP ${status}` };
    }
    case 'TERMINAL':
    case 'PROXY':
      return classifyCode(error.generalResponse);
  }
}

function classifyCode(gr: GeneralResponseLike | undefined): AnswerClass {
  const code = gr?.StatusCode ?? '';
  const label = `${explainCode(code).label} (${code || 'no code'})`;
  if (code === '1011') return { kind: 'duplicate', why: 'the terminal already had this reference (1011)' };
  if (RESEND_CODES.has(code)) {
    const delay = code === '2008' ? gr?.DelayBeforeNextRequest : null;
    return { kind: 'resend', code, busy: code !== '2001', delaySeconds: typeof delay === 'number' && delay > 0 ? delay : null, why: label };
  }
  if (REFUSED_CODES.has(code)) return { kind: 'refused', why: label };
  if (DECLINE_CODES.has(code)) return { kind: 'final', result: 'declined' };
  if (code === '2007') return { kind: 'unknown', why: 'the terminal did not answer in time (2007)' };
  return { kind: 'unknown', why: `the service answered ${label}` };
}

/** The errno-style code somewhere in an error's cause chain (fetch wraps it: TypeError -> cause). */
export function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'NETWORK') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** fetch refuses some ports outright ("bad port", WHATWG fetch spec) before opening anything. */
function causeMessage(error: unknown): string | undefined {
  let current: unknown = (error as { cause?: unknown }).cause;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const next = (current as { cause?: unknown }).cause;
    if (!next) return current instanceof Error ? current.message : undefined;
    current = next;
  }
  return undefined;
}
