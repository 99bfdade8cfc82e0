import { z } from 'zod';
import * as m from '../i18n/paraglide/messages/_index.js';
import { dollars, strictRequest, text, unionOf, withRules } from './rules';

// The Cart object shown on the customer-facing screen (docs/PROTOCOL.md §4.12).
// Values are dollars for display only — nothing here is charged — so prices may be negative
// (discount lines) but keep the 2-decimal money rule. Nested objects are strict like the request
// around them: a misspelt key would otherwise vanish from the screen without a word.

const nullableDollars = () => dollars().nullable().optional();
const quantity = () => z.number(withRules).nonnegative().nullable().optional();
const list = <T extends z.ZodType>(item: T) => z.array(item, withRules);

/** { Name, Value } pairs: totals lines ("Subtotal", "Tax") and dual-pricing cash prices. */
const NamedValue = strictRequest({ Name: text(), Value: nullableDollars() });

const ModifierOption = strictRequest({
  Name: text(),
  Price: nullableDollars(),
  Quantity: quantity(),
});

const Modifier = strictRequest({
  Name: text(),
  Options: list(ModifierOption).optional(),
});

/** The schema types a CustomInfos Value only as "nullable" (docs/PROTOCOL.md §4.12); text, numbers and booleans are accepted. */
const CustomInfo = strictRequest({
  Name: text(),
  Value: unionOf([z.string(), z.number(), z.boolean()], () => m.rule_text_number_bool_null())
    .nullable()
    .optional(),
});

export const CartItem = strictRequest({
  Name: text(),
  Price: nullableDollars(),
  UnitPrice: nullableDollars(),
  Quantity: quantity(),
  AdditionalInfo: text().optional(),
  CustomInfos: list(CustomInfo).optional(),
  Modifiers: list(Modifier).optional(),
});

/** Integrators mark Amounts and Items required and CashPrices optional (docs/PROTOCOL.md §4.12). */
export const Cart = strictRequest({
  Amounts: list(NamedValue),
  CashPrices: list(NamedValue).optional(),
  Items: list(CartItem),
});

export type Cart = z.input<typeof Cart>;
