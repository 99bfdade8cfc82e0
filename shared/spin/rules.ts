import { z } from 'zod';
import { MAX_CENTS, hasAtMostTwoDecimals } from './money';

// Every schema in this folder passes `ruleMessage` as its `error`. zod applies a schema's error map
// to the issues of its checks too, so one function turns every failure into a phrase that names the
// rule ("must be at most 50 characters"). The issue path names the field; validation.ts joins the
// two into "ReferenceId must be at most 50 characters".

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  record: 'an object',
  array: 'a list',
  null: 'null',
};

function quantity(count: number | bigint, origin: string): string {
  if (origin === 'string') return `${count} character${count === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${count} item${count === 1 ? '' : 's'}`;
  return String(count);
}

/** zod error map: raw issue -> rule phrase without the field name. */
export const ruleMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required';
      const received = (issue as { received?: unknown }).received;
      if (received === 'Infinity' || received === 'NaN') return 'must be a finite number';
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      return issue.input === null ? `must be ${expected}, not null` : `must be ${expected}`;
    }
    case 'too_small': {
      const { minimum, origin } = issue;
      if (issue.exact) return `must be exactly ${quantity(minimum, origin)}`;
      if (origin === 'string' && minimum === 1) return 'must not be empty';
      if (origin === 'array' || origin === 'set') return `must contain at least ${quantity(minimum, origin)}`;
      if (issue.inclusive === false) return `must be greater than ${minimum}`;
      return `must be at least ${quantity(minimum, origin)}`;
    }
    case 'too_big': {
      const { maximum, origin } = issue;
      if (issue.exact) return `must be exactly ${quantity(maximum, origin)}`;
      if (origin === 'array' || origin === 'set') return `must contain at most ${quantity(maximum, origin)}`;
      if (issue.inclusive === false) return `must be less than ${maximum}`;
      return `must be at most ${quantity(maximum, origin)}`;
    }
    case 'invalid_value':
      // zod reports a missing enum field as a wrong value; say what actually happened.
      if (issue.input === undefined) return 'is required';
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `has fields this endpoint does not accept (${issue.keys.join(', ')}); the service rejects unknown fields`;
    case 'invalid_format':
      return `must match the ${issue.format} format`;
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
    .refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimal places' });
}

/** An amount that must move money: > 0 (a zero amount is a 1013 Bad Request on the terminal). */
export const positiveAmount = () => dollars().positive();

/** Tips, fees and the like: zero is a legitimate value, negative is not. */
export const nonNegativeAmount = () => dollars().nonnegative();

/**
 * A union whose failure message names the alternatives ("must be <description>"). zod cannot
 * phrase that itself, since it only knows each branch failed.
 */
export function unionOf<const T extends readonly [z.core.SomeType, ...z.core.SomeType[]]>(options: T, description: string) {
  return z.union(options, {
    error: (issue) => (issue.input === undefined ? 'is required' : `must be ${description}`),
  });
}

/** A request object that rejects unknown keys: the live service answers 2201 to fields it does not know. */
export function strictRequest<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, withRules);
}
