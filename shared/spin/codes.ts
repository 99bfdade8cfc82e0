import { proxyCodes } from './proxy-codes';
import { normalizeStatusCode, resultFamily, statusFamily, type ResultFamily } from './result-code';
import { terminalCodes, wordsForOperation, type CodeText } from './terminal-codes';

// The StatusCode catalogue (docs/PROTOCOL.md §8.3) with words a cashier or store manager can act on.

export interface CodeInfo {
  code: string;
  label: string;
  family: ResultFamily;
  explanation: string;
  remedy: string;
  /** In the vendor SDK's recoverable set: worth retrying after checking Status (docs/PROTOCOL.md §8.5). */
  retryable: boolean;
}

/**
 * The catalogue's cancel (docs/PROTOCOL.md §8.3): the customer or the cashier cancelled on the
 * terminal, or AbortTransaction ended the request. No money moved, but nothing refused the card
 * either, so it is an outcome of its own, never a decline. Only this code: the service also words
 * 1011 (a duplicate reference, §6.2) and a busy 1000 "Canceled", and neither is a cancel.
 */
export const CANCELED_CODE = '1012';

/** Codes Dejavoo's own SDK retries (after asking Status with the same ReferenceId). */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set(['1000', '1006', '1014', '1018', '2001', '2007', '2008', '2010']);

function toInfo(code: string, text: CodeText): CodeInfo {
  // Every catalogued code is four digits, so its family always resolves.
  const family = statusFamily(code) ?? 'proxy';
  return Object.freeze({ code, family, retryable: RETRYABLE_CODES.has(code), ...text });
}

export const codeCatalogue: Readonly<Record<string, CodeInfo>> = Object.freeze(
  Object.fromEntries(Object.entries({ ...terminalCodes, ...proxyCodes }).map(([code, text]) => [code, toInfo(code, text)])),
);

/** Fallback wording for codes the catalogue does not list, by family. */
const GENERIC: Record<ResultFamily | 'none', CodeText & { family: ResultFamily }> = {
  success: {
    family: 'success',
    label: 'Completed',
    explanation: 'The terminal reported success with a code this app does not know.',
    remedy: 'Check the receipt or look the transaction up (Status) to confirm the details.',
  },
  terminal: {
    family: 'terminal',
    label: 'Terminal error',
    explanation: 'The terminal refused or could not finish the request, with a code this app does not know.',
    remedy: 'Read the message on the terminal screen, look the transaction up (Status) before retrying, and contact support if it repeats.',
  },
  proxy: {
    family: 'proxy',
    label: 'Payment service error',
    explanation: 'The payment service reported a problem with a code this app does not know; the terminal may not have been reached.',
    remedy: 'Check that the terminal is online, look the transaction up (Status) before retrying, and contact support if it repeats.',
  },
  none: {
    family: 'proxy',
    label: 'No status code',
    explanation: 'The answer did not say what happened.',
    remedy: 'Look the transaction up (Status) with the same reference before trying again.',
  },
};

/** Accepts "1011", 1011, " 1011 ", 0 ("0000"); numeric text shorter than four digits is padded too. */
function canonicalCode(statusCode: string | number): string {
  const code = normalizeStatusCode(statusCode);
  return /^\d{1,3}$/.test(code) ? code.padStart(4, '0') : code;
}

/**
 * Explanation and remedy for any StatusCode; unknown codes get a generic entry for their family.
 * With the operation it answered (the endpoint's name), words that fit that call where the
 * catalogue's would not (terminal-codes.ts, wordsForOperation: a busy Settle or report read).
 */
export function explainCode(statusCode: string | number | null | undefined, operation?: string): CodeInfo {
  if (statusCode === null || statusCode === undefined || String(statusCode).trim() === '') {
    return { code: '', retryable: false, ...GENERIC.none };
  }
  const code = canonicalCode(statusCode);
  const known = codeCatalogue[code] ?? { code, retryable: false, ...GENERIC[statusFamily(code) ?? 'none'] };
  const fitting = wordsForOperation(code, operation);
  return fitting ? { ...known, ...fitting } : known;
}

export { resultFamily };
export type { ResultFamily };
