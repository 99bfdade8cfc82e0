import { z } from '../zod-mini';
import { LocalTaxFlag, PaymentType, UserInputType } from '../spin/enums';
import { MAX_CENTS } from '../spin/money';
import { ReferenceId } from './payment-result-views';

// Inputs and answers of the requests that move no money: pay-at-table invoices, customer prompts,
// the cart on the customer display and Level 3 line items. Money is integer cents, converted to
// dollars only in main. Where no source gives a length (docs/PROTOCOL.md §13.3), the caps below are what a
// terminal screen can show, so a typo cannot send a paragraph; they are not service rules.

const TOO_LARGE = 'must be at most $99,999,999.99';
/** `missing` is the message for no number at all (null, left out), where a field needs its own. */
const cents = (missing?: string) => z.number(missing).check(z.int('must be a whole number of cents'));
const NonNegativeCents = cents().check(z.nonnegative('must not be negative'), z.maximum(MAX_CENTS, TOO_LARGE));
/** Cart lines may be negative (a discount line); nothing on the cart is charged. */
const signedCents = (missing?: string) =>
  cents(missing).check(z.minimum(-MAX_CENTS, 'must be at least -$99,999,999.99'), z.maximum(MAX_CENTS, TOO_LARGE));
const SignedCents = signedCents();

/** Defaults to the active profile, as for a sale. */
const ProfileId = z.optional(z.string().check(z.minLength(1)));

const required = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(max, `must be at most ${max} characters`));
const optionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max, `must be at most ${max} characters`));

function hasAtMostDecimals(places: number) {
  return (value: number) => Number(value.toFixed(places)) === value;
}

/** Item counts may be fractional (1.5 kg), at most 3 decimals. */
const Quantity = z
  .number('must be a number')
  .check(
    z.positive('must be greater than 0'),
    z.maximum(99_999, 'must be at most 99,999'),
    z.refine(hasAtMostDecimals(3), 'must have at most 3 decimal places'),
  );

/** Seconds a prompt waits; SPInProxyTimeout's own range, since the proxy stops waiting at 720 s. */
const Seconds = z
  .number()
  .check(z.int('must be a whole number of seconds'), z.minimum(1, 'must be at least 1'), z.maximum(720, 'must be at most 720'));

/** Reports duplicates at the item that repeats an earlier one, so the form can mark that row. */
function unique<T>(key: (item: T) => string, field: string | undefined, message: string) {
  return (items: T[], ctx: z.core.$RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const value = key(item).toLowerCase();
      if (seen.has(value)) ctx.addIssue({ code: 'custom', path: field ? [index, field] : [index], message });
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
  options: z.array(CartOption).check(z.maxLength(20, 'must contain at most 20 options')),
});
const CustomInfo = z.strictObject({ name: required(60), value: optionalText(100) });

// The schema lets an item's Price and the Amounts list be left out, but live services refuse both
// with 2201 (docs/PROTOCOL.md §4.12): the app refuses them first, so the cashier fixes the cart at
// the form instead of reading the service's refusal after it was sent.
export const CART_PRICE_REQUIRED = 'must be given: the SPIn service refuses a cart item without a price';
export const CART_TOTAL_REQUIRED = 'must contain at least 1 total line: the SPIn service refuses a cart without one';

export const CartItemInput = z.strictObject({
  name: required(100),
  priceCents: signedCents(CART_PRICE_REQUIRED),
  unitPriceCents: z.nullable(SignedCents),
  quantity: z.nullable(Quantity),
  additionalInfo: optionalText(200),
  customInfos: z.array(CustomInfo).check(z.maxLength(20, 'must contain at most 20 entries')),
  modifiers: z.array(CartModifier).check(z.maxLength(20, 'must contain at most 20 modifiers')),
});
export type CartItemInput = z.infer<typeof CartItemInput>;

/** The wire's Cart (docs/PROTOCOL.md §4.12) with cents instead of dollars. */
export const CartInput = z.strictObject({
  amounts: z.array(NamedValue).check(z.minLength(1, CART_TOTAL_REQUIRED), z.maxLength(20, 'must contain at most 20 lines')),
  cashPrices: z.array(NamedValue).check(z.maxLength(20, 'must contain at most 20 lines')),
  items: z.array(CartItemInput).check(z.maxLength(100, 'must contain at most 100 items')),
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
    goods: z.array(InvoiceGood).check(z.maxLength(100, 'must contain at most 100 lines')),
    payments: z.array(InvoicePayment).check(z.maxLength(50, 'must contain at most 50 payments')),
  })
  .check(
    z.refine((invoice) => invoice.paidCents <= invoice.totalCents, { path: ['paidCents'], message: 'must not be more than the total' }),
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
  invoices: z
    .array(InvoiceChoice)
    .check(
      z.minLength(1, 'must contain at least 1 invoice'),
      z.maxLength(50, 'must contain at most 50 invoices'),
      z.superRefine(unique((invoice: InvoiceChoice) => invoice.id, 'id', 'is already used by another invoice in the list')),
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
  maxLength: z.optional(
    z.number().check(z.int('must be a whole number'), z.minimum(1, 'must be at least 1'), z.maximum(100, 'must be at most 100')),
  ),
  /** The terminal masks what the customer types; the app masks the answer until revealed. */
  hiddenInput: z._default(z.boolean(), false),
});
export type UserInputForm = z.input<typeof UserInputForm>;

export const UserInputAnswer = z.object({ value: z.string(), hidden: z.boolean() });
export type UserInputAnswer = z.infer<typeof UserInputAnswer>;

export const UserChoiceForm = z.strictObject({
  profileId: ProfileId,
  title: required(250),
  options: z
    .array(required(100))
    .check(
      z.minLength(1, 'must contain at least 1 option'),
      z.maxLength(20, 'must contain at most 20 options'),
      z.superRefine(unique((option: string) => option, undefined, 'is the same as an earlier option')),
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

const FourDigits = z.string().check(z.regex(/^\d{4}$/, 'must be 4 digits'));
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
  amountCents: z.optional(cents().check(z.minimum(1, 'must be more than $0.00'), z.maximum(MAX_CENTS, TOO_LARGE))),
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
      .number('must be a number')
      .check(
        z.minimum(0, 'must not be negative'),
        z.maximum(100, 'must be at most 100'),
        z.refine(hasAtMostDecimals(3), 'must have at most 3 decimal places'),
      ),
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
  items: z
    .array(Level3LineInput)
    .check(z.minLength(1, 'must contain at least 1 line item'), z.maxLength(99, 'must contain at most 99 line items')),
});
export type AddLevel3Form = z.input<typeof AddLevel3Form>;

export const RemoveLevel3Form = z.strictObject({
  ...level3Target,
  /** Counted from 1; without it every staged line of the AuthCode is removed. */
  lineItemNumber: z.optional(
    z.number().check(z.int('must be a whole number'), z.minimum(1, 'must be at least 1'), z.maximum(999, 'must be at most 999')),
  ),
});
export type RemoveLevel3Form = z.input<typeof RemoveLevel3Form>;

export const Level3Result = z.object({
  authCode: z.string(),
  referenceId: z.string(),
  /** How many lines the terminal now holds for the AuthCode; null when it did not say. */
  lineItemCount: z.nullable(z.number().check(z.int())),
});
export type Level3Result = z.infer<typeof Level3Result>;
