import { z } from '../zod-mini';
import { MORE_THAN_ZERO } from '../spin/money';

// The money rules of the view schemas: integer cents (the wire's dollars stay in main), refused
// with the rule a cashier can act on.

const Cents = z.number().check(z.int('must be a whole number of cents'));
export const PositiveCents = Cents.check(z.positive(MORE_THAN_ZERO), z.maximum(9_999_999_999, 'must be at most $99,999,999.99'));
export const NonNegativeCents = Cents.check(
  z.nonnegative('must not be negative'),
  z.maximum(9_999_999_999, 'must be at most $99,999,999.99'),
);
/** Money the terminal may leave unsaid. */
export const OptionalCents = z.nullable(Cents);
