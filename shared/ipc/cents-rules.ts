import { z } from '../zod-mini';
import { rule } from '../spin/rule-words';
import { MAX_CENTS } from '../spin/money';

// The money rules of the view schemas: integer cents (the wire's dollars stay in main), refused
// with the rule a cashier can act on.

const Cents = z.number().check(z.int(rule.wholeCents()));
export const PositiveCents = Cents.check(z.positive(rule.moreThanZero()), z.maximum(MAX_CENTS, rule.atMostMoney(MAX_CENTS)));
export const NonNegativeCents = Cents.check(z.nonnegative(rule.notNegative()), z.maximum(MAX_CENTS, rule.atMostMoney(MAX_CENTS)));
/** Money the terminal may leave unsaid. */
export const OptionalCents = z.nullable(Cents);
