import type { AppError } from '@shared/ipc/envelope';
import { explainCode } from '@shared/spin/codes';
import { redactCardData, type Redactor } from '../security/redactor';
import { notOfferedRemedy } from './not-offered';
import type { SpinError } from './spin-error';

const PLAIN_WORDS: Record<SpinError['code'], string> = {
  NETWORK: 'The terminal service could not be reached. Check the network and the base URL.',
  TIMEOUT: 'The terminal service did not answer in time.',
  HTTP_STATUS: 'The terminal service answered with an error.',
  REDIRECT: 'The terminal service’s address redirects somewhere else.',
  ABORTED: 'The request was stopped before its answer arrived.',
  BAD_RESPONSE: 'The terminal service answered something spin-desk cannot read.',
  TERMINAL: 'The terminal refused the request.',
  PROXY: 'The SPIn service refused the request.',
  BAD_INPUT: 'The request is not valid.',
};

/** A connection that was never opened: the message names the address and why (transport-failure.ts). */
const UNREACHABLE_REMEDY =
  'Check that the terminal service is running at that address and that the base URL and port in the terminal profile (Terminals) are right, then try again. Troubleshooting > Connection check goes through it step by step.';

const REMEDIES: Partial<Record<SpinError['code'], string>> = {
  REDIRECT:
    'Use the final address in the terminal profile (often the same address with https://); ask your provider for the right one if unsure. spin-desk never follows a redirect, because every request carries the Authkey.',
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
      message: error.message,
      remedy: notOfferedRemedy(error.endpoint),
      ...(error.detail ? { detail: redactor.text(error.detail) } : {}),
    };
  if (statusCode) {
    const info = explainCode(statusCode, error.endpoint);
    // The code and the service's own words go to Details (statusCode, detail); the message is ours.
    const said = serviceWords(error);
    return {
      code: error.code,
      message: `${info.label}: ${info.explanation}`,
      statusCode,
      remedy: info.remedy,
      ...(said ? { detail: redactor.text(said) } : {}),
      ...fields,
    };
  }
  if (error.code === 'NETWORK' && error.notSent)
    return {
      code: error.code,
      message: redactor.text(error.message),
      remedy: UNREACHABLE_REMEDY,
      notSent: true,
      ...(error.detail ? { detail: error.detail } : {}),
      ...fields,
    };
  const remedy = REMEDIES[error.code];
  return {
    code: error.code,
    message: redactor.text(`${PLAIN_WORDS[error.code]} ${error.message}`),
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
