import { explainCode } from '@shared/spin/codes';
import type { TerminalTarget } from '../profiles/profile-service';
import { createSpinClient, type SpinClientOptions } from '../spin/spin-client';
import { SpinError } from '../spin/spin-error';
import type { CheckTimeouts, Endpoint, ProbeResult } from './probes';
import { verdicts } from './verdicts';

/**
 * The last step: one real, harmless request that needs the right TPN, the right Authkey and an
 * online terminal: Status of a reference that cannot exist. "Not found" is the good answer, from
 * the terminal (1001) or from the proxy's own records (2009 Transaction not found): either one
 * proves the path, the TPN and the Authkey work. Status moves no money, so it is not journaled; it
 * does appear in the request log.
 */
export async function probeTerminal(
  target: TerminalTarget,
  where: Endpoint,
  clientOptions: SpinClientOptions,
  timeouts: CheckTimeouts,
): Promise<ProbeResult> {
  const client = createSpinClient(target, { ...clientOptions, httpGraceMs: timeouts.terminalGraceMs });
  // Letters and digits only, and no long run of digits (which the redactor would mask as a card).
  const referenceId = `CHECK${Date.now().toString(36).toUpperCase()}`;
  try {
    const answer = await client.call('Status', {
      PaymentType: 'Credit',
      ReferenceId: referenceId,
      SPInProxyTimeout: timeouts.terminalProxySeconds,
    });
    return { ok: true, detail: `the terminal answered ${answer.GeneralResponse.StatusCode} for test reference ${referenceId}` };
  } catch (error) {
    if (!(error instanceof SpinError)) throw error;
    return failureOf(error, where, timeouts, referenceId);
  }
}

/** 2009 "Transaction not found": the proxy looked the reference up in its own records. */
const NOT_FOUND_BY_PROXY = '2009';

function failureOf(error: SpinError, where: Endpoint, timeouts: CheckTimeouts, referenceId: string): ProbeResult {
  const statusCode = error.statusCode;
  const detail = statusCode ? `${statusCode} ${explainCode(statusCode).label}` : error.message;
  // Some services send 2009 with an HTTP error status; it still proves the path works.
  if (statusCode === NOT_FOUND_BY_PROXY && (error.code === 'PROXY' || error.code === 'HTTP_STATUS')) {
    return { ok: true, detail: `the service answered ${detail} for test reference ${referenceId}: credentials accepted` };
  }
  switch (error.code) {
    case 'TERMINAL':
      // The terminal itself answered (1001 "not found" for our made-up reference): all is well.
      return { ok: true, detail: `the terminal answered ${detail} for test reference ${referenceId}: credentials accepted` };
    case 'PROXY':
      return { ok: false, detail, verdict: verdicts.code(statusCode ?? '', error.generalResponse?.DelayBeforeNextRequest ?? undefined) };
    case 'HTTP_STATUS':
      return statusCode
        ? { ok: false, detail: `HTTP ${error.httpStatus}: ${detail}`, verdict: verdicts.code(statusCode) }
        : { ok: false, detail, verdict: verdicts.notSpin(`It answered HTTP ${error.httpStatus} to a SPIn request.`) };
    case 'TIMEOUT':
      return {
        ok: false,
        detail,
        verdict: verdicts.terminalTimeout(timeouts.terminalProxySeconds + Math.round(timeouts.terminalGraceMs / 1000)),
      };
    case 'BAD_RESPONSE':
      return { ok: false, detail, verdict: verdicts.notSpin(error.message) };
    case 'BAD_INPUT':
      return { ok: false, detail, verdict: verdicts.settings(error.message) };
    case 'REDIRECT':
      return { ok: false, detail, verdict: verdicts.redirect(where, error.redirectTo) };
    case 'ABORTED':
    case 'NETWORK':
      return { ok: false, detail, verdict: verdicts.network(where, error.message) };
  }
}
