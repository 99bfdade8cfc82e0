import type { AppError } from '../../../shared/ipc/envelope';
import { explainCode } from '../../../shared/spin/codes';
import type { SpinError } from '../spin/spin-error';

const PLAIN_WORDS: Record<SpinError['code'], string> = {
  NETWORK: 'The terminal service could not be reached. Check the network and the base URL.',
  TIMEOUT: 'The terminal service did not answer in time.',
  HTTP_STATUS: 'The terminal service answered with an error.',
  BAD_RESPONSE: 'The terminal service answered something spin-desk cannot read.',
  TERMINAL: 'The terminal refused the request.',
  PROXY: 'The SPIn service refused the request.',
  BAD_INPUT: 'The request is not valid.',
};

/** Turns a SpinError into the envelope's error, with the code catalogue's explanation and remedy. */
export function spinErrorToAppError(error: SpinError): AppError {
  const statusCode = error.generalResponse?.StatusCode;
  if (statusCode) {
    const info = explainCode(statusCode);
    return {
      code: error.code,
      message: `${info.label} (${statusCode}): ${info.explanation}`,
      statusCode,
      remedy: info.remedy,
      ...(error.fields ? { fields: error.fields } : {}),
    };
  }
  return {
    code: error.code,
    message: `${PLAIN_WORDS[error.code]} ${error.message}`,
    ...(error.fields ? { fields: error.fields } : {}),
  };
}
