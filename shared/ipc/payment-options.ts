import { z } from '../zod-mini';
import * as m from '../i18n/paraglide/messages/_index.js';
import { rule, ruleWith, ruleWords } from '../spin/rule-words';
import { PaymentType, ReceiptOption } from '../spin/enums';
import { CartInput } from './display-views';

// The one extended option set of a payment request (Sale, Auth, Capture, Return): the envelope
// fields and the customer contact CustomFields (docs/PROTOCOL.md §2.2, §2.3), flat and in the
// app's words so that a form shows each rule at its own field. Main turns them into wire fields
// in electron/services/payments/wire-options.ts; the "More options" panel edits them.

const text = (min: number, max: number) =>
  z.string().check(z.minLength(min, min === 1 ? rule.notEmpty() : rule.atLeastChars(min)), z.maxLength(max, rule.atMostChars(max)));

/** Where the service posts the result; it travels outside this computer, so only HTTPS. */
export const CallbackUrl = text(1, 300).check(
  z.refine(
    isHttpsUrl,
    ruleWords(() => m.rule_https_address()),
  ),
);

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Deliberately simple: one @, something on both sides, a dot in the domain, no spaces. */
export const CustomerEmail = text(3, 254).check(
  z.regex(
    /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/,
    ruleWords(() => m.rule_email()),
  ),
);

/** E.164 allows at most 15 digits; shorter than 7 is not a phone number anywhere. */
export const CustomerMobile = text(7, 24).check(
  z.regex(
    /^\+?[\d\s().-]+$/,
    ruleWords(() => m.rule_phone_characters()),
  ),
  z.refine(
    (value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 7 && digits <= 15;
    },
    ruleWith(m.rule_digits_between, { min: 7, max: 15 }),
  ),
);

/** The three envelope fields every new payment carries (Sale, Auth, Capture, Return), with their defaults. */
export const paymentCoreFields = {
  paymentType: z._default(PaymentType, 'Credit'),
  /** Which receipt copies come back to show and print. */
  getReceipt: z._default(ReceiptOption, 'Both'),
  invoiceNumber: z.optional(z.string().check(z.maxLength(50, rule.atMostChars(50)))),
};

/** Everything under "More options". Absent means the default the comment names. */
export const paymentOptionFields = {
  /** Which copies the terminal prints; default No (the app shows and prints them). */
  printReceipt: z.optional(ReceiptOption),
  /** Merchant slot 1-5; absent = the profile's merchant number. */
  merchantNumber: z.optional(z.number().check(z.int(rule.whole()), z.minimum(1, rule.between(1, 5)), z.maximum(5, rule.between(1, 5)))),
  captureSignature: z.optional(z.boolean()),
  getExtendedData: z.optional(z.boolean()),
  callbackUrl: z.optional(CallbackUrl),
  /** Fiserv North settlement reference (docs/PROTOCOL.md §2.2). */
  reconId: z.optional(text(1, 10)),
  /** iPOSpays-issued ISV identifier. */
  isvId: z.optional(text(1, 16)),
  customerEmail: z.optional(CustomerEmail),
  customerMobile: z.optional(CustomerMobile),
};

/** Line items for the customer display during the payment: Sale, Auth and Capture (Return has no Cart). */
export const cartField = { cart: z.optional(CartInput) };

/** The option set alone, e.g. to check the panel's fields before a form is sent. */
export const PaymentOptions = z.strictObject({ ...paymentCoreFields, ...paymentOptionFields, ...cartField });
export type PaymentOptions = z.input<typeof PaymentOptions>;
