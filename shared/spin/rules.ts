import { z } from 'zod';
import * as m from '../i18n/paraglide/messages/_index.js';
import { MAX_CENTS, hasAtMostTwoDecimals } from './money';
import { rule } from './rule-words';

// Every schema in this folder passes `ruleMessage` as its `error`. zod applies a schema's error map
// to the issues of its checks too, so one function turns every failure into a phrase that names the
// rule ("must be at most 50 characters"). The issue path names the field; validation.ts joins the
// two into "ReferenceId must be at most 50 characters".

// What each zod kind is called, and said again with "not null" (a separate message each: a
// sentence is never put together from pieces). A kind not listed is named as zod names it.
const EXPECTED: Record<string, { plain: () => string; notNull: () => string }> = {
  string: { plain: () => m.rule_a_string(), notNull: () => m.rule_a_string_not_null() },
  number: { plain: () => m.rule_a_number(), notNull: () => m.rule_a_number_not_null() },
  int: { plain: () => m.rule_whole(), notNull: () => m.rule_whole_not_null() },
  boolean: { plain: () => m.rule_true_or_false(), notNull: () => m.rule_true_or_false_not_null() },
  object: { plain: () => m.rule_an_object(), notNull: () => m.rule_an_object_not_null() },
  record: { plain: () => m.rule_an_object(), notNull: () => m.rule_an_object_not_null() },
  array: { plain: () => m.rule_a_list(), notNull: () => m.rule_a_list_not_null() },
  null: { plain: () => m.rule_null(), notNull: () => m.rule_kind_not_null({ kind: 'null' }) },
};

function expected(kind: string, input: unknown): string {
  const words = EXPECTED[kind];
  if (input === null) return words ? words.notNull() : m.rule_kind_not_null({ kind });
  return words ? words.plain() : m.rule_kind({ kind });
}

type Origin = string;
const isList = (origin: Origin) => origin === 'array' || origin === 'set';

function exactly(count: number | bigint, origin: Origin): string {
  const n = Number(count);
  if (origin === 'string') return n === 1 ? m.rule_exactly_one_char() : m.rule_exactly_chars({ count: String(count) });
  if (isList(origin)) return n === 1 ? m.rule_exactly_one_item() : m.rule_exactly_items({ count: String(count) });
  return m.rule_exactly({ count: String(count) });
}

function tooSmall(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall>): string {
  const { minimum, origin } = issue;
  const min = String(minimum);
  if (issue.exact) return exactly(minimum, origin);
  if (origin === 'string' && Number(minimum) === 1) return m.rule_not_empty();
  if (isList(origin)) return Number(minimum) === 1 ? m.rule_at_least_one_item() : m.rule_at_least_items({ min });
  if (issue.inclusive === false) return m.rule_greater_than({ min });
  if (origin === 'string') return m.rule_at_least_chars({ min });
  return m.rule_at_least({ min });
}

function tooBig(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig>): string {
  const { maximum, origin } = issue;
  const max = String(maximum);
  if (issue.exact) return exactly(maximum, origin);
  if (isList(origin)) return Number(maximum) === 1 ? m.rule_at_most_one_item() : m.rule_at_most_items({ max });
  if (issue.inclusive === false) return m.rule_less_than({ max });
  if (origin === 'string') return Number(maximum) === 1 ? m.rule_at_most_one_char() : m.rule_at_most_chars({ max });
  return m.rule_at_most({ max });
}

/**
 * zod error map: raw issue -> rule phrase without the field name, worded when the issue is made
 * (rule-words.ts), so in the language main speaks at that moment.
 */
export const ruleMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return m.rule_required();
      const received = (issue as { received?: unknown }).received;
      if (received === 'Infinity' || received === 'NaN') return m.rule_finite();
      return expected(issue.expected, issue.input);
    }
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_value':
      // zod reports a missing enum field as a wrong value; say what actually happened.
      if (issue.input === undefined) return m.rule_required();
      return m.rule_one_of({ values: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return m.rule_unknown_fields({ keys: issue.keys.join(', ') });
    case 'invalid_format':
      return m.rule_format({ format: issue.format });
    default:
      return undefined; // custom issues and unions carry their own message
  }
};

/** Params object for any zod constructor in this folder. */
export const withRules = { error: ruleMessage } as const;

// ---- request field builders: strict types, no coercion -------------------------------------

export function text(limits: { min?: number; max?: number } = {}) {
  let schema = z.string(withRules);
  if (limits.min !== undefined) schema = schema.min(limits.min);
  if (limits.max !== undefined) schema = schema.max(limits.max);
  return schema;
}

export function exactText(length: number) {
  return z.string(withRules).length(length);
}

/** Whole number in [min, max]; max defaults to the largest safe integer. */
export function wholeNumber(min: number, max?: number) {
  const schema = z.int(withRules).min(min);
  return max === undefined ? schema : schema.max(max);
}

export const bool = () => z.boolean(withRules);

/** Any dollar figure (display prices, discounts): finite, at most 2 decimals, within the app's range. */
export function dollars() {
  return z
    .number(withRules)
    .min(-MAX_CENTS / 100)
    .max(MAX_CENTS / 100)
    .refine(hasAtMostTwoDecimals, rule.atMostDecimals(2));
}

/** An amount that must move money: > 0 (a zero amount is a 1013 Bad Request on the terminal). */
export const positiveAmount = () => dollars().positive();

/** Tips, fees and the like: zero is a legitimate value, negative is not. */
export const nonNegativeAmount = () => dollars().nonnegative();

/**
 * A union whose failure message names the alternatives (`mustBe`: "must be text or a number",
 * worded when it fails). zod cannot phrase that itself, since it only knows each branch failed.
 */
export function unionOf<const T extends readonly [z.core.SomeType, ...z.core.SomeType[]]>(options: T, mustBe: () => string) {
  return z.union(options, {
    error: (issue) => (issue.input === undefined ? m.rule_required() : mustBe()),
  });
}

/** A request object that rejects unknown keys: the live service answers 2201 to fields it does not know. */
export function strictRequest<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, withRules);
}
