import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { explainCode } from '@shared/spin/codes';
import type { TerminalTarget } from '../profiles/profile-service';
import { createSpinClient, type SpinClient, type SpinClientOptions } from '../spin/spin-client';
import { SpinError } from '../spin/spin-error';
import type { CheckTimeouts, Endpoint, ProbeResult } from './probes';
import { verdicts } from './verdicts';

/**
 * The last step: one real, harmless request that needs the right TPN and the right Authkey.
 * First TerminalStatus, which the proxy answers at once from what it knows of the connection, so
 * a terminal busy with a customer does not hold the check up (docs/PROTOCOL.md §4.20): Online is
 * the good answer, Offline and NotFound are verdicts of their own. A service that does not know
 * TerminalStatus (HTTP 404, an older one) gets the older probe: Status of a reference that cannot
 * exist, where "not found" is the good answer, from the terminal (1001) or from the proxy's own
 * records (2009): either proves the path, the TPN and the Authkey work. Neither moves money, so
 * neither is journaled; both appear in the request log.
 */
export async function probeTerminal(
  target: TerminalTarget,
  where: Endpoint,
  clientOptions: SpinClientOptions,
  timeouts: CheckTimeouts,
): Promise<ProbeResult> {
  const client = createSpinClient(target, { ...clientOptions, httpGraceMs: timeouts.terminalGraceMs });
  try {
    const answer = await client.call('TerminalStatus', {});
    return connectionResult(answer.TerminalStatus ?? '', target.tpn);
  } catch (error) {
    if (!(error instanceof SpinError)) throw error;
    if (!(error.code === 'HTTP_STATUS' && error.httpStatus === 404)) return failureOf(error, where, timeouts);
  }
  return probeByStatus(client, where, timeouts);
}

function connectionResult(status: string, tpn: string): ProbeResult {
  if (status === 'Online') return { ok: true, detail: m.diag_terminal_online() };
  if (status === 'Offline') return { ok: false, detail: m.diag_terminal_status_said({ status }), verdict: verdicts.code('2001') };
  if (status === 'NotFound') return { ok: false, detail: m.diag_terminal_not_found({ tpn }), verdict: verdicts.code('2003') };
  return {
    ok: false,
    detail: `TerminalStatus ${status || '(empty)'}`,
    verdict: verdicts.notSpin(m.diag_terminal_status_answered({ status })),
  };
}

/** The older probe, for a service without TerminalStatus: Status of a made-up reference. */
async function probeByStatus(client: SpinClient, where: Endpoint, timeouts: CheckTimeouts): Promise<ProbeResult> {
  // Letters and digits only, and no long run of digits (which the redactor would mask as a card).
  const referenceId = `CHECK${Date.now().toString(36).toUpperCase()}`;
  try {
    const answer = await client.call('Status', {
      PaymentType: 'Credit',
      ReferenceId: referenceId,
      SPInProxyTimeout: timeouts.terminalProxySeconds,
    });
    return { ok: true, detail: m.diag_terminal_answered_reference({ code: answer.GeneralResponse.StatusCode, reference: referenceId }) };
  } catch (error) {
    if (!(error instanceof SpinError)) throw error;
    return failureOf(error, where, timeouts, referenceId);
  }
}

/** 2009 "Transaction not found": the proxy looked the reference up in its own records. */
const NOT_FOUND_BY_PROXY = '2009';

/** `reference`: the made-up reference asked about by Status; none when TerminalStatus was asked. */
function failureOf(error: SpinError, where: Endpoint, timeouts: CheckTimeouts, reference?: string): ProbeResult {
  const statusCode = error.statusCode;
  const detail = statusCode ? `${statusCode} ${explainCode(statusCode).label}` : error.shownMessage();
  // Some services send 2009 with an HTTP error status; it still proves the path works.
  if (statusCode === NOT_FOUND_BY_PROXY && (error.code === 'PROXY' || error.code === 'HTTP_STATUS')) {
    return {
      ok: true,
      detail: reference ? m.diag_service_accepted_reference({ detail, reference }) : m.diag_service_accepted_status({ detail }),
    };
  }
  switch (error.code) {
    case 'TERMINAL':
      // The terminal itself answered (1001 "not found" for our made-up reference): all is well.
      return {
        ok: true,
        detail: reference ? m.diag_terminal_accepted_reference({ detail, reference }) : m.diag_terminal_accepted_status({ detail }),
      };
    case 'PROXY':
      return { ok: false, detail, verdict: verdicts.code(statusCode ?? '', error.generalResponse?.DelayBeforeNextRequest ?? undefined) };
    case 'HTTP_STATUS':
      return statusCode
        ? { ok: false, detail: `HTTP ${error.httpStatus}: ${detail}`, verdict: verdicts.code(statusCode) }
        : { ok: false, detail, verdict: verdicts.notSpin(m.diag_not_spin_http({ status: String(error.httpStatus) })) };
    case 'TIMEOUT':
      return {
        ok: false,
        detail,
        verdict: verdicts.terminalTimeout(timeouts.terminalProxySeconds + Math.round(timeouts.terminalGraceMs / 1000)),
      };
    case 'BAD_RESPONSE':
      return { ok: false, detail, verdict: verdicts.notSpin(error.shownMessage()) };
    case 'BAD_INPUT':
      return { ok: false, detail, verdict: verdicts.settings(error.shownMessage()) };
    case 'REDIRECT':
      return { ok: false, detail, verdict: verdicts.redirect(where, error.redirectTo) };
    case 'ABORTED':
    case 'NETWORK':
      return { ok: false, detail, verdict: verdicts.network(where, error.shownMessage()) };
  }
}
