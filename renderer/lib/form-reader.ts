import type { z } from '@shared/zod-mini';
import { parseMoney, parseSignedMoney } from '@shared/spin/money';
import { ApiError } from './api';
import { sentence } from './field-errors';
import { m } from './i18n/messages';

/** Dotted field path (the contract's, e.g. "items.0.priceCents") -> the message shown at that field. */
export type PathErrors = Partial<Record<string, string>>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: PathErrors };

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message for each field path, capitalised to stand alone under the field. */
export function issuesToPathErrors(issues: readonly IssueLike[]): PathErrors {
  const errors: PathErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= sentence(issue.message);
  return errors;
}

/** The errors under `prefix` ("invoice."), with paths relative to it, for a form that edits that part. */
export function relativeTo(errors: PathErrors, prefix: string): PathErrors {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([path, message]) => (path.startsWith(prefix) ? [[path.slice(prefix.length), message]] : [])),
  );
}

/** Field errors the main process sent back (BAD_INPUT), under `prefix` ("cart.") and relative to it. */
export function apiPathErrors(error: unknown, prefix = ''): PathErrors {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return relativeTo(issuesToPathErrors(error.fields.map((field) => ({ path: field.path.split('.'), message: field.message }))), prefix);
}

const DECIMAL = /^\d+(?:\.\d+)?$/;
const WHOLE = /^\d+$/;

/**
 * Reads what was typed into a form: numbers and amounts from text, remembering at which field the
 * text could not be read. check() then applies the contract's schema (the same rules main applies);
 * a field that could not be read keeps its own message ("Enter a whole number") over the schema's.
 */
export class FormReader {
  readonly errors: PathErrors = {};

  /** Blank is undefined; otherwise a whole number, or an error at `path`. */
  whole(path: string, text: string): number | undefined {
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
    if (WHOLE.test(trimmed) && trimmed.length <= 9) return Number(trimmed);
    this.errors[path] = m.lib_enter_whole_like();
    return undefined;
  }

  /** Blank is undefined unless `required`; otherwise a number with at most `places` decimals, or an error. */
  decimal(path: string, text: string, places: number, options: { required?: boolean } = {}): number | undefined {
    const trimmed = text.trim();
    if (trimmed === '' && options.required) this.errors[path] = m.lib_enter_number_like();
    if (trimmed === '') return undefined;
    const [, fraction = ''] = trimmed.split('.');
    if (DECIMAL.test(trimmed) && trimmed.length <= 12 && fraction.length <= places) return Number(trimmed);
    this.errors[path] = places > 0 ? m.lib_enter_decimals({ places }) : m.lib_enter_whole();
    return undefined;
  }

  /** Integer cents. Blank is undefined unless `required`; a leading minus only where `signed`. */
  cents(path: string, text: string, options: { required?: boolean; signed?: boolean } = {}): number | undefined {
    if (text.trim() === '' && !options.required) return undefined;
    const parsed = options.signed === true ? parseSignedMoney(text) : parseMoney(text);
    if (parsed.ok) return parsed.cents;
    this.errors[path] = parsed.error;
    return undefined;
  }

  check<S extends z.ZodMiniType>(schema: S, candidate: unknown): Checked<z.output<S>> {
    const parsed = schema.safeParse(candidate);
    const errors = { ...(parsed.success ? {} : issuesToPathErrors(parsed.error.issues)), ...this.errors };
    if (parsed.success && Object.keys(this.errors).length === 0) return { ok: true, value: parsed.data };
    return { ok: false, errors };
  }
}
