import { z } from '../zod-mini';
import * as m from '../i18n/paraglide/messages/_index.js';
import { rule, ruleWith, ruleWords, type RuleWords } from '../spin/rule-words';
import { LocalTaxFlag, PaymentType, UserInputType } from '../spin/enums';
import { MAX_CENTS } from '../spin/money';
import { ReferenceId } from './payment-result-views';

// Inputs and answers of the requests that move no money: pay-at-table invoices, customer prompts,
// the cart on the customer display and Level 3 line items. Money is integer cents, converted to
// dollars only in main. Where no source gives a length (docs/PROTOCOL.md §13.3), the caps below are what a
// terminal screen can show, so a typo cannot send a paragraph; they are not service rules.

const tooLarge = () => rule.atMostMoney(MAX_CENTS);
/** `missing` is the rule for no number at all (null, left out), where a field needs its own. */
const cents = (missing?: RuleWords) => z.number(missing).check(z.int(rule.wholeCents()));
const NonNegativeCents = cents().check(z.nonnegative(rule.notNegative()), z.maximum(MAX_CENTS, tooLarge()));
/** Cart lines may be negative (a discount line); nothing on the cart is charged. */
const signedCents = (missing?: RuleWords) =>
  cents(missing).check(z.minimum(-MAX_CENTS, rule.atLeastMoney(-MAX_CENTS)), z.maximum(MAX_CENTS, tooLarge()));
const SignedCents = signedCents();

/** Defaults to the active profile, as for a sale. */
const ProfileId = z.optional(z.string().check(z.minLength(1)));

const required = (max: number) => z.string().check(z.trim(), z.minLength(1, rule.notEmpty()), z.maxLength(max, rule.atMostChars(max)));
const optionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max, rule.atMostChars(max)));

function hasAtMostDecimals(places: number) {
  return (value: number) => Number(value.toFixed(places)) === value;
}

/** Item counts may be fractional (1.5 kg), at most 3 decimals. */
const Quantity = z
  .number(rule.aNumber())
  .check(
    z.positive(rule.greaterThan(0)),
    z.maximum(99_999, rule.atMostFigure(99_999)),
    z.refine(hasAtMostDecimals(3), rule.atMostDecimals(3)),
  );

/** Seconds a prompt waits; SPInProxyTimeout's own range, since the proxy stops waiting at 720 s. */
const Seconds = z.number().check(z.int(rule.wholeSeconds()), z.minimum(1, rule.atLeast(1)), z.maximum(720, rule.atMost(720)));

/** Reports duplicates at the item that repeats an earlier one, so the form can mark that row. */
function unique<T>(key: (item: T) => string, field: string | undefined, say: () => string) {
  return (items: T[], ctx: z.core.$RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const value = key(item).toLowerCase();
      if (seen.has(value)) ctx.addIssue({ code: 'custom', path: field ? [index, field] : [index], message: say() });
      seen.add(value);
    });
  };
}

/** What the terminal said when it accepted a display request. */
export const TerminalAck = z.object({ statusCode: z.string(), message: z.string() });
export type TerminalAck = z.infer<typeof TerminalAck>;

// ---- cart (customer display) ------------------------------------------------------------------

const NamedValue = z.strictObject({ name: required(60), valueCents: z.nullable(SignedCents) });
const CartOption = z.strictObject({ name: required(60), priceCents: z.nullable(SignedCents), quantity: z.nullable(Quantity) });
const CartModifier = z.strictObject({
  name: required(60),
  options: z.array(CartOption).check(z.maxLength(20, ruleWith(m.rule_at_most_options, { max: 20 }))),
});
const CustomInfo = z.strictObject({ name: required(60), value: optionalText(100) });

// The schema lets an item's Price and the Amounts list be left out, but live services refuse both
// with 2201 (docs/PROTOCOL.md §4.12): the app refuses them first, so the cashier fixes the cart at
// the form instead of reading the service's refusal after it was sent.
const cartPriceRequired = () => ruleWords(() => m.rule_cart_price_required());
const cartTotalRequired = () => ruleWords(() => m.rule_cart_total_required());

export const CartItemInput = z.strictObject({
  name: required(100),
  priceCents: signedCents(cartPriceRequired()),
  unitPriceCents: z.nullable(SignedCents),
  quantity: z.nullable(Quantity),
  additionalInfo: optionalText(200),
  customInfos: z.array(CustomInfo).check(z.maxLength(20, ruleWith(m.rule_at_most_entries, { max: 20 }))),
  modifiers: z.array(CartModifier).check(z.maxLength(20, ruleWith(m.rule_at_most_modifiers, { max: 20 }))),
});
export type CartItemInput = z.infer<typeof CartItemInput>;

/** The wire's Cart (docs/PROTOCOL.md §4.12) with cents instead of dollars. */
export const CartInput = z.strictObject({
  amounts: z.array(NamedValue).check(z.minLength(1, cartTotalRequired()), z.maxLength(20, ruleWith(m.rule_at_most_lines, { max: 20 }))),
  cashPrices: z.array(NamedValue).check(z.maxLength(20, ruleWith(m.rule_at_most_lines, { max: 20 }))),
  items: z.array(CartItemInput).check(z.maxLength(100, ruleWith(m.rule_at_most_items, { max: 100 }))),
});
export type CartInput = z.infer<typeof CartInput>;

export const CartForm = z.strictObject({
  profileId: ProfileId,
  cart: CartInput,
});
export type CartForm = z.input<typeof CartForm>;

// ---- pay at table (TableApp) ------------------------------------------------------------------

/** Becomes the Sale's InvoiceNumber when the invoice is paid, hence its 50-character limit. */
const InvoiceId = required(50);

const InvoiceGood = z.strictObject({ name: required(100), amountCents: NonNegativeCents, quantity: Quantity });
const InvoicePayment = z.strictObject({
  referenceId: ReferenceId,
  name: optionalText(60),
  amountCents: NonNegativeCents,
  tipCents: NonNegativeCents,
});

export const InvoiceInput = z
  .strictObject({
    id: InvoiceId,
    name: optionalText(100),
    totalCents: NonNegativeCents,
    paidCents: NonNegativeCents,
    goods: z.array(InvoiceGood).check(z.maxLength(100, ruleWith(m.rule_at_most_lines, { max: 100 }))),
    payments: z.array(InvoicePayment).check(z.maxLength(50, ruleWith(m.rule_at_most_payments, { max: 50 }))),
  })
  .check(
    z.refine((invoice) => invoice.paidCents <= invoice.totalCents, {
      path: ['paidCents'],
      ...ruleWords(() => m.rule_not_more_than_total()),
    }),
  );
export type InvoiceInput = z.infer<typeof InvoiceInput>;

export const PaymentInvoiceForm = z.strictObject({
  profileId: ProfileId,
  /** A fresh reference per display, so the request can be found in the terminal's log. */
  referenceId: ReferenceId,
  invoice: InvoiceInput,
});
export type PaymentInvoiceForm = z.input<typeof PaymentInvoiceForm>;

export const InvoiceChoice = z.strictObject({
  id: InvoiceId,
  name: optionalText(100),
  /** What is still due; the amount a Sale is prefilled with once the customer picks it. */
  amountCents: NonNegativeCents,
  /** Only "Open" has been observed (docs/PROTOCOL.md §4.16), so any short text is accepted. */
  type: required(50),
});
export type InvoiceChoice = z.infer<typeof InvoiceChoice>;

export const SelectInvoiceForm = z.strictObject({
  profileId: ProfileId,
  title: required(250),
  invoices: z.array(InvoiceChoice).check(
    z.minLength(
      1,
      ruleWords(() => m.rule_at_least_one_invoice()),
    ),
    z.maxLength(50, ruleWith(m.rule_at_most_invoices, { max: 50 })),
    z.superRefine(
      unique(
        (invoice: InvoiceChoice) => invoice.id,
        'id',
        () => m.rule_invoice_id_repeated(),
      ),
    ),
  ),
});
export type SelectInvoiceForm = z.input<typeof SelectInvoiceForm>;

export const SelectedInvoice = z.object({ selectedInvoiceId: z.string() });
export type SelectedInvoice = z.infer<typeof SelectedInvoice>;

// ---- customer prompts -------------------------------------------------------------------------

export const UserInputForm = z.strictObject({
  profileId: ProfileId,
  title: required(250),
  type: UserInputType,
  timeoutSeconds: z.optional(Seconds),
  maxLength: z.optional(z.number().check(z.int(rule.whole()), z.minimum(1, rule.atLeast(1)), z.maximum(100, rule.atMost(100)))),
  /** The terminal masks what the customer types; the app masks the answer until revealed. */
  hiddenInput: z._default(z.boolean(), false),
});
export type UserInputForm = z.input<typeof UserInputForm>;

export const UserInputAnswer = z.object({ value: z.string(), hidden: z.boolean() });
export type UserInputAnswer = z.infer<typeof UserInputAnswer>;

export const UserChoiceForm = z.strictObject({
  profileId: ProfileId,
  title: required(250),
  options: z.array(required(100)).check(
    z.minLength(
      1,
      ruleWords(() => m.rule_at_least_one_option()),
    ),
    z.maxLength(20, ruleWith(m.rule_at_most_options, { max: 20 })),
    z.superRefine(
      unique(
        (option: string) => option,
        undefined,
        () => m.rule_option_repeated(),
      ),
    ),
  ),
});
export type UserChoiceForm = z.input<typeof UserChoiceForm>;

export const UserChoiceAnswer = z.object({ selectedOption: z.string() });
export type UserChoiceAnswer = z.infer<typeof UserChoiceAnswer>;

export const GetCardForm = z.strictObject({
  profileId: ProfileId,
  prompt: z.optional(optionalText(100)),
  timeoutSeconds: z.optional(Seconds),
});
export type GetCardForm = z.input<typeof GetCardForm>;

const FourDigits = z.string().check(z.regex(/^\d{4}$/, ruleWith(m.rule_digits, { count: 4 })));
/**
 * A card read, reduced in main to what may be shown: never track data, never more of the account
 * than its first and last four digits. The regexes are a second guard at the boundary.
 */
export const CardRead = z.object({
  first4: z.optional(FourDigits),
  last4: z.optional(FourDigits),
  entryType: z.string(),
  brand: z.optional(z.string()),
});
export type CardRead = z.infer<typeof CardRead>;

/**
 * How long a prompt can keep the request open: the profile's SPInProxyTimeout, stretched to cover
 * the prompt's own Timeout (plus a few seconds for the terminal to answer) up to the 720 s maximum.
 * Main sends it as SPInProxyTimeout; the screen counts against the same number.
 */
export function promptWaitSeconds(profileSeconds: number, promptTimeoutSeconds?: number): number {
  if (promptTimeoutSeconds === undefined) return profileSeconds;
  return Math.min(720, Math.max(profileSeconds, promptTimeoutSeconds + 5));
}

// ---- Level 3 line items -----------------------------------------------------------------------

// Field sizes follow the card networks' usual Level 3 formats; the service's own are undocumented.
const Level3Header = z.strictObject({
  /**
   * The transaction's own figures, for a processor that wants them with the lines (schema only,
   * docs/PROTOCOL.md §4.15); Frequency's meaning is not published, so it is sent as typed.
   */
  /** The wire's Amount follows the amount rule when sent: above zero. */
  amountCents: z.optional(cents().check(z.minimum(1, rule.moreThanZero()), z.maximum(MAX_CENTS, tooLarge()))),
  tipCents: z.optional(NonNegativeCents),
  cashbackCents: z.optional(NonNegativeCents),
  customFeeCents: z.optional(NonNegativeCents),
  frequency: z.optional(optionalText(20)),
  taxCents: z.optional(NonNegativeCents),
  localTaxFlag: z.optional(LocalTaxFlag),
  nationalTaxCents: z.optional(NonNegativeCents),
  custRef: z.optional(optionalText(25)),
  destZipCode: z.optional(optionalText(10)),
  customerVatReg: z.optional(optionalText(20)),
  summaryCommodityCode: z.optional(optionalText(4)),
  freightCents: z.optional(NonNegativeCents),
  dutyCents: z.optional(NonNegativeCents),
  shipFromZipCode: z.optional(optionalText(10)),
  destCountryCode: z.optional(optionalText(3)),
});
export type Level3Header = z.infer<typeof Level3Header>;

export const Level3LineInput = z.strictObject({
  /** Required here (the wire allows none) so each staged line can be recognised in the list. */
  description: required(35),
  commodityCode: z.optional(optionalText(12)),
  productCode: z.optional(optionalText(12)),
  quantity: z.optional(Quantity),
  unitOfMeasure: z.optional(optionalText(12)),
  unitCostCents: z.optional(NonNegativeCents),
  vatTaxCents: z.optional(NonNegativeCents),
  /** Percent, e.g. 8.875. */
  vatTaxRate: z.optional(
    z
      .number(rule.aNumber())
      .check(z.minimum(0, rule.notNegative()), z.maximum(100, rule.atMost(100)), z.refine(hasAtMostDecimals(3), rule.atMostDecimals(3))),
  ),
  discountCents: z.optional(NonNegativeCents),
  totalCents: z.optional(NonNegativeCents),
});
export type Level3LineInput = z.infer<typeof Level3LineInput>;

/** The transaction the lines belong to: its AuthCode, and the envelope the wire requires. */
const level3Target = {
  profileId: ProfileId,
  authCode: required(20),
  referenceId: ReferenceId,
  paymentType: z._default(PaymentType, 'Credit'),
};

export const AddLevel3Form = z.strictObject({
  ...level3Target,
  header: z._default(Level3Header, {}),
  items: z.array(Level3LineInput).check(
    z.minLength(
      1,
      ruleWords(() => m.rule_at_least_one_line_item()),
    ),
    z.maxLength(99, ruleWith(m.rule_at_most_line_items, { max: 99 })),
  ),
});
export type AddLevel3Form = z.input<typeof AddLevel3Form>;

export const RemoveLevel3Form = z.strictObject({
  ...level3Target,
  /** Counted from 1; without it every staged line of the AuthCode is removed. */
  lineItemNumber: z.optional(z.number().check(z.int(rule.whole()), z.minimum(1, rule.atLeast(1)), z.maximum(999, rule.atMost(999)))),
});
export type RemoveLevel3Form = z.input<typeof RemoveLevel3Form>;

export const Level3Result = z.object({
  authCode: z.string(),
  referenceId: z.string(),
  /** How many lines the terminal now holds for the AuthCode; null when it did not say. */
  lineItemCount: z.nullable(z.number().check(z.int())),
});
export type Level3Result = z.infer<typeof Level3Result>;
