import { proxyCodes } from './proxy-codes';
import { normalizeStatusCode, resultFamily, statusFamily, type ResultFamily } from './result-code';
import * as m from '../i18n/paraglide/messages/_index.js';
import type { Language } from '../i18n/languages';
import { terminalCodes, words, wordsForOperation, type CodeWords } from './terminal-codes';

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

/** A code's entry: its words are read when a field is, so they follow the language shown. */
function toInfo(code: string, family: ResultFamily, retryable: boolean, text: CodeWords): CodeInfo {
  return Object.freeze({
    code,
    family,
    retryable,
    get label() {
      return text().label;
    },
    get explanation() {
      return text().explanation;
    },
    get remedy() {
      return text().remedy;
    },
  });
}

const CODE_WORDS: Readonly<Record<string, CodeWords>> = { ...terminalCodes, ...proxyCodes };

export const codeCatalogue: Readonly<Record<string, CodeInfo>> = Object.freeze(
  Object.fromEntries(
    Object.entries(CODE_WORDS).map(([code, text]) => [
      code,
      // Every catalogued code is four digits, so its family always resolves.
      toInfo(code, statusFamily(code) ?? 'proxy', RETRYABLE_CODES.has(code), text),
    ]),
  ),
);

/** Fallback wording for codes the catalogue does not list, by family. */
const GENERIC: Record<ResultFamily | 'none', { family: ResultFamily; text: CodeWords }> = {
  success: {
    family: 'success',
    text: words(m.code_generic_success_label, m.code_generic_success_explanation, m.code_generic_success_remedy),
  },
  terminal: {
    family: 'terminal',
    text: words(m.code_generic_terminal_label, m.code_generic_terminal_explanation, m.code_generic_terminal_remedy),
  },
  proxy: {
    family: 'proxy',
    text: words(m.code_generic_proxy_label, m.code_generic_proxy_explanation, m.code_generic_proxy_remedy),
  },
  none: { family: 'proxy', text: words(m.code_none_label, m.code_none_explanation, m.code_none_remedy) },
};

/** The generic entry of a family, worded now. */
function generic(code: string, kind: ResultFamily | 'none', language: Language | undefined): CodeInfo {
  const { family, text } = GENERIC[kind];
  return { code, family, retryable: false, ...text(language) };
}

/** Accepts "1011", 1011, " 1011 ", 0 ("0000"); numeric text shorter than four digits is padded too. */
function canonicalCode(statusCode: string | number): string {
  const code = normalizeStatusCode(statusCode);
  return /^\d{1,3}$/.test(code) ? code.padStart(4, '0') : code;
}

/**
 * Explanation and remedy for any StatusCode; unknown codes get a generic entry for their family.
 * With the operation it answered (the endpoint's name), words that fit that call where the
 * catalogue's would not (terminal-codes.ts, wordsForOperation: a busy Settle or report read).
 * Worded in the current language, or in `language`: what is stored (the journal's outcome line,
 * the request log) is worded in English, as it always was.
 */
export function explainCode(statusCode: string | number | null | undefined, operation?: string, language?: Language): CodeInfo {
  if (statusCode === null || statusCode === undefined || String(statusCode).trim() === '') {
    return generic('', 'none', language);
  }
  const code = canonicalCode(statusCode);
  const catalogued = codeCatalogue[code];
  const text = CODE_WORDS[code];
  // Plain fields worded once, in the language asked for (spreading the entry would word each getter in the current one).
  const known =
    catalogued && text
      ? { code, family: catalogued.family, retryable: catalogued.retryable, ...text(language) }
      : generic(code, statusFamily(code) ?? 'none', language);
  const fitting = wordsForOperation(code, operation, language);
  return fitting ? { ...known, ...fitting } : known;
}

export { resultFamily };
export type { ResultFamily };
