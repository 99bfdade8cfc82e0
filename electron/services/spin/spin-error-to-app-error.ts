import type { AppError } from '@shared/ipc/envelope';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { explainCode } from '@shared/spin/codes';
import { redactCardData, type Redactor } from '../security/redactor';
import { notOfferedRemedy } from './not-offered';
import type { SpinError } from './spin-error';

/** What each kind of failure means, worded in the language of the answer; `detail` is what went wrong. */
const PLAIN_WORDS: Record<SpinError['code'], (inputs: { detail: string }) => string> = {
  NETWORK: m.main_spin_network,
  TIMEOUT: m.main_spin_timeout,
  HTTP_STATUS: m.main_spin_http_status,
  REDIRECT: m.main_spin_redirect,
  ABORTED: m.main_spin_aborted,
  BAD_RESPONSE: m.main_spin_bad_response,
  TERMINAL: m.main_spin_terminal,
  PROXY: m.main_spin_proxy,
  BAD_INPUT: m.main_spin_bad_input,
};

const REMEDIES: Partial<Record<SpinError['code'], () => string>> = {
  REDIRECT: m.main_spin_redirect_remedy,
};

/** Card masking only, for callers without the app's Redactor (its Authkeys were scrubbed when the answer arrived). */
const CARD_ONLY: Pick<Redactor, 'text'> = { text: redactCardData };

/**
 * Turns a SpinError into the envelope's error, with the code catalogue's explanation and remedy.
 * The message can quote the service ("2002 Active authKey not found - key ABC..."): it passes
 * through the Redactor, so an echoed Authkey or card number never reaches the renderer.
 */
export function spinErrorToAppError(error: SpinError, redactor: Pick<Redactor, 'text'> = CARD_ONLY): AppError {
  const statusCode = error.generalResponse?.StatusCode;
  const fields = error.fields ? { fields: error.fields.map((f) => ({ path: f.path, message: redactor.text(f.message) })) } : {};
  // Before the status code: a missing route's body may carry 2004, whose catalogue entry (a TPN
  // without SPIn) would send the cashier the wrong way. The message already names the endpoint.
  if (error.notOffered)
    return {
      code: 'NOT_OFFERED',
      message: error.shownMessage(),
      remedy: notOfferedRemedy(error.endpoint),
      ...(error.detail ? { detail: redactor.text(error.detail) } : {}),
    };
  if (statusCode) {
    const info = explainCode(statusCode, error.endpoint);
    // The code and the service's own words go to Details (statusCode, detail); the message is ours.
    const said = serviceWords(error);
    return {
      code: error.code,
      message: m.main_code_message({ label: info.label, explanation: info.explanation }),
      statusCode,
      remedy: info.remedy,
      ...(said ? { detail: redactor.text(said) } : {}),
      ...fields,
    };
  }
  if (error.code === 'NETWORK' && error.notSent)
    return {
      code: error.code,
      message: redactor.text(error.shownMessage()),
      // A connection that was never opened: the message names the address and why (transport-failure.ts).
      remedy: m.main_spin_unreachable_remedy(),
      notSent: true,
      ...(error.detail ? { detail: error.detail } : {}),
      ...fields,
    };
  const remedy = REMEDIES[error.code]?.();
  return {
    code: error.code,
    message: redactor.text(PLAIN_WORDS[error.code]({ detail: error.shownMessage() })),
    ...(remedy ? { remedy } : {}),
    ...fields,
  };
}

/** "Active authKey not found · key ABC…": what the service itself said, for support. */
function serviceWords(error: SpinError): string | undefined {
  const said = [error.generalResponse?.Message, error.generalResponse?.DetailedMessage].filter(
    (words, index, all): words is string => !!words && all.indexOf(words) === index,
  );
  return said.length > 0 ? said.join(' · ') : undefined;
}
