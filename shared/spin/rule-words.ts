import * as m from '../i18n/paraglide/messages/_index.js';
import { formatCents, formatNumber } from '../i18n/format';
import { moreThanZero } from './money';

// The words of the field rules every schema in shared/ applies ("must be at most 20 characters").
// A schema is built once, when its module loads, but the person may switch language any time
// after: so a rule never holds its words, only how to say them. zod calls a params object's
// `error` function when the check fails, and by then the words are read in the language of that
// moment. The field's name is added by whoever shows it (validation.ts, the renderer's forms).

/** zod's params for a check, a schema or a refinement: its message, worded when the check fails. */
export interface RuleWords {
  error: () => string;
}

/** Any catalogue message as a rule's words (for a rule only one field has). */
export function ruleWords(say: () => string): RuleWords {
  return { error: say };
}

/** A catalogue message with its parameters as a rule's words: `ruleWith(m.rule_at_most_lines, { max: 20 })`. */
export function ruleWith<Inputs>(say: (inputs: Inputs) => string, inputs: Inputs): RuleWords {
  return { error: () => say(inputs) };
}

/** The rules several fields share, with their limits as parameters. */
export const rule = {
  required: () => ruleWords(() => m.rule_required()),
  notEmpty: () => ruleWords(() => m.rule_not_empty()),
  notNegative: () => ruleWords(() => m.rule_not_negative()),
  whole: () => ruleWords(() => m.rule_whole()),
  wholeCents: () => ruleWords(() => m.rule_whole_cents()),
  wholeSeconds: () => ruleWords(() => m.rule_whole_seconds()),
  aNumber: () => ruleWords(() => m.rule_a_number()),
  atLeast: (min: number) => ruleWords(() => m.rule_at_least({ min })),
  atMost: (max: number) => ruleWords(() => m.rule_at_most({ max })),
  /** A limit large enough to be grouped as the language groups figures: "99,999". */
  atMostFigure: (max: number) => ruleWords(() => m.rule_at_most({ max: formatNumber(max) })),
  between: (min: number, max: number) => ruleWords(() => m.rule_between({ min, max })),
  greaterThan: (min: number) => ruleWords(() => m.rule_greater_than({ min })),
  /** Money limits are cents, said as dollars in the language's way: "must be at most $99,999,999.99". */
  atLeastMoney: (cents: number) => ruleWords(() => m.rule_at_least({ min: formatCents(cents) })),
  atMostMoney: (cents: number) => ruleWords(() => m.rule_at_most({ max: formatCents(cents) })),
  /** The amount box says the same sentence (money.ts), so a schema and the box never word it apart. */
  moreThanZero: () => ruleWords(moreThanZero),
  atLeastChars: (min: number) => ruleWords(() => (min === 1 ? m.rule_at_least_one_char() : m.rule_at_least_chars({ min }))),
  atMostChars: (max: number) => ruleWords(() => (max === 1 ? m.rule_at_most_one_char() : m.rule_at_most_chars({ max }))),
  exactlyChars: (count: number) => ruleWords(() => (count === 1 ? m.rule_exactly_one_char() : m.rule_exactly_chars({ count }))),
  charsBetween: (min: number, max: number) => ruleWords(() => m.rule_chars_between({ min, max })),
  atMostDecimals: (places: number) => ruleWords(() => m.rule_at_most_decimals({ places })),
  exactlyDigits: (count: number) => ruleWords(() => m.rule_exactly_digits({ count })),
  either: (first: string, second: string) => ruleWords(() => m.rule_either({ first, second })),
} as const;
