import { ApiError } from './api';

/** Form field path (the contract's input key, e.g. "tpn") -> message shown at that field. */
export type FieldErrors = Partial<Record<string, string>>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message for each top-level field, so a field shows one clear sentence. */
export function issuesToFieldErrors(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= sentence(issue.message);
  }
  return errors;
}

/**
 * Field errors the main process sent back (BAD_INPUT with fields): they belong at the field, not
 * in a toast. Empty when the error has none.
 */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return issuesToFieldErrors(error.fields.map((field) => ({ path: [field.path.split('.')[0] ?? ''], message: field.message })));
}

/** Schema messages are phrases ("must be 10 to 12 characters"); shown alone they need a capital. */
export function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/**
 * The errors left once the person has fixed some fields: an error goes as soon as its field holds
 * something else than when the error was shown and the form's own check no longer objects to it.
 * New errors are never added here (no scolding while typing; submit checks everything again).
 */
export function withoutFixed<F extends Record<string, unknown>>(
  errors: FieldErrors,
  shownFor: F,
  current: F,
  recheck: FieldErrors,
): FieldErrors {
  const left = Object.entries(errors).filter(([key]) => current[key] === shownFor[key] || recheck[key] !== undefined);
  return left.length === Object.keys(errors).length ? errors : Object.fromEntries(left);
}
