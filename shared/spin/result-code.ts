// ResultCode and StatusCode arrive in several spellings (docs/PROTOCOL.md §3.1): the digit
// string "0", the number 0, or the schema's enum name "Ok". Everything downstream compares against
// the digit strings, so they are normalised here, once.

/** '0' success, '1' terminal error, '2' proxy error; any other value is kept as sent. */
export type ResultCode = '0' | '1' | '2' | (string & {});

export type ResultFamily = 'success' | 'terminal' | 'proxy';

const NAMED: Record<string, ResultCode> = { ok: '0', terminalerror: '1', apierror: '2' };
const FAMILY_BY_DIGIT: Record<string, ResultFamily> = { '0': 'success', '1': 'terminal', '2': 'proxy' };

export function normalizeResultCode(value: string | number): ResultCode {
  const trimmed = String(value).trim();
  const named = NAMED[trimmed.toLowerCase()];
  if (named) return named;
  // "00" or 0.0 still mean success; only the three families collapse to one digit.
  if (/^\d+$/.test(trimmed) && Number(trimmed) <= 2) return String(Number(trimmed));
  return trimmed;
}

/** Numbers are padded to the documented four digits (1011 stays "1011", 0 becomes "0000"). */
export function normalizeStatusCode(value: string | number): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value).padStart(4, '0');
  return String(value).trim();
}

/** Family of a ResultCode in any accepted spelling; undefined when it is not one of the three. */
export function resultFamily(resultCode: string | number | null | undefined): ResultFamily | undefined {
  if (resultCode === null || resultCode === undefined) return undefined;
  return FAMILY_BY_DIGIT[normalizeResultCode(resultCode)];
}

/** The family a StatusCode belongs to by its first digit (docs/PROTOCOL.md §8.1: 0xxx, 1xxx, 2xxx). */
export function statusFamily(statusCode: string): ResultFamily | undefined {
  return /^\d{4}$/.test(statusCode) ? FAMILY_BY_DIGIT[statusCode.charAt(0)] : undefined;
}
