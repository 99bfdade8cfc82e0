import * as m from '../i18n/paraglide/messages/_index.js';
import type { Language } from '../i18n/languages';

// StatusCodes reported by the terminal application (docs/PROTOCOL.md §8.2: 0xxx success, 1xxx errors).
// Written for the person at the counter: what happened, then what to do about it. The words are
// the message catalogue's (code_<code>_label, _explanation, _remedy in i18n/messages/), read in the
// language of the moment they are shown: a code answered in English is shown in Spanish after a switch.

export interface CodeText {
  label: string;
  explanation: string;
  remedy: string;
}

/**
 * A code's words, worded when read: in the language of that moment, or in the one named (what is
 * stored, such as the journal's outcome line, stays in English whatever the screen speaks).
 */
export type CodeWords = (language?: Language) => CodeText;

/** A message of the catalogue (i18n/messages/), in the language named or else the current one. */
type Words = (inputs: Record<string, never>, options: { locale?: Language }) => string;

/** The three messages of a code, read together. */
export function words(label: Words, explanation: Words, remedy: Words): CodeWords {
  return (language) => {
    const options = { locale: language };
    return { label: label({}, options), explanation: explanation({}, options), remedy: remedy({}, options) };
  };
}

/**
 * The catalogue's remedies are written for a payment at the counter. A batch call (Settle, or a
 * report read: Summary, Daily) answered busy has no payment to look up and no customer: what fits
 * it is to let the other request end and call again. Chosen per operation by explainCode.
 */
const BATCH_CALLS: Record<string, Words> = {
  Settle: m.code_busy_settle_remedy,
  Summary: m.code_busy_report_remedy,
  Daily: m.code_busy_report_remedy,
};

/** Busy answers: the terminal (1000) or the service (2008 "Terminal in use") is working on another request. */
const BUSY_CODES = new Set(['1000', '2008']);

/** Words for `code` answered to `operation` that replace the catalogue's, where its words do not fit the call. */
export function wordsForOperation(code: string, operation: string | undefined, language?: Language): Partial<CodeText> | undefined {
  const again = operation ? BATCH_CALLS[operation] : undefined;
  if (!again || !BUSY_CODES.has(code)) return undefined;
  const options = { locale: language };
  return { explanation: m.code_busy_batch_explanation({}, options), remedy: again({}, options) };
}

/** Codes seen only in schema enums, with no label or description anywhere (docs/PROTOCOL.md §8.4). */
function undocumented(code: string): CodeWords {
  return words((_, options) => m.code_undocumented_label({ code }, options), m.code_undocumented_explanation, m.code_undocumented_remedy);
}

export const terminalCodes: Record<string, CodeWords> = {
  '0000': words(m.code_0000_label, m.code_0000_explanation, m.code_0000_remedy),
  '0001': words(m.code_0001_label, m.code_0001_explanation, m.code_0001_remedy),
  '1000': words(m.code_1000_label, m.code_1000_explanation, m.code_1000_remedy),
  '1001': words(m.code_1001_label, m.code_1001_explanation, m.code_1001_remedy),
  '1002': words(m.code_1002_label, m.code_1002_explanation, m.code_1002_remedy),
  '1003': words(m.code_1003_label, m.code_1003_explanation, m.code_1003_remedy),
  '1004': words(m.code_1004_label, m.code_1004_explanation, m.code_1004_remedy),
  '1005': words(m.code_1005_label, m.code_1005_explanation, m.code_1005_remedy),
  '1006': words(m.code_1006_label, m.code_1006_explanation, m.code_1006_remedy),
  '1007': words(m.code_1007_label, m.code_1007_explanation, m.code_1007_remedy),
  '1008': words(m.code_1008_label, m.code_1008_explanation, m.code_1008_remedy),
  '1009': words(m.code_1009_label, m.code_1009_explanation, m.code_1009_remedy),
  '1010': words(m.code_1010_label, m.code_1010_explanation, m.code_1010_remedy),
  '1011': words(m.code_1011_label, m.code_1011_explanation, m.code_1011_remedy),
  '1012': words(m.code_1012_label, m.code_1012_explanation, m.code_1012_remedy),
  '1013': words(m.code_1013_label, m.code_1013_explanation, m.code_1013_remedy),
  '1014': words(m.code_1014_label, m.code_1014_explanation, m.code_1014_remedy),
  '1015': words(m.code_1015_label, m.code_1015_explanation, m.code_1015_remedy),
  '1016': words(m.code_1016_label, m.code_1016_explanation, m.code_1016_remedy),
  '1017': words(m.code_1017_label, m.code_1017_explanation, m.code_1017_remedy),
  '1018': words(m.code_1018_label, m.code_1018_explanation, m.code_1018_remedy),
  '1019': words(m.code_1019_label, m.code_1019_explanation, m.code_1019_remedy),
  '1020': words(m.code_1020_label, m.code_1020_explanation, m.code_1020_remedy),
  '1021': words(m.code_1021_label, m.code_1021_explanation, m.code_1021_remedy),
  '1022': words(m.code_1022_label, m.code_1022_explanation, m.code_1022_remedy),
  '1023': words(m.code_1023_label, m.code_1023_explanation, m.code_1023_remedy),
  '1024': words(m.code_1024_label, m.code_1024_explanation, m.code_1024_remedy),
  '1025': words(m.code_1025_label, m.code_1025_explanation, m.code_1025_remedy),
  '1030': words(m.code_1030_label, m.code_1030_explanation, m.code_1030_remedy),
  '1040': undocumented('1040'),
  '1100': undocumented('1100'),
  '1101': undocumented('1101'),
  '1500': words(m.code_1500_label, m.code_1500_explanation, m.code_1500_remedy),
  '1999': words(m.code_1999_label, m.code_1999_explanation, m.code_1999_remedy),
};
