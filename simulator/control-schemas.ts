// Inputs of the control API (/_sim/ over HTTP and SimulatorControl in-process). The zod schemas
// are the single source of the public types, so both doors validate the same way.
import { z } from 'zod';
import { TIP_MODES } from './state';

export const cardBrands = ['Visa', 'Mastercard', 'Amex', 'Discover'] as const;
export const entryTypes = ['Chip', 'Contactless', 'Swipe', 'Manual'] as const;

/** A card the simulated customer presents to GetCard; unspecified parts come from the test card. */
export const cardAnswerSchema = z.strictObject({
  brand: z.enum(cardBrands).optional(),
  last4: z
    .string()
    .regex(/^\d{4}$/, 'must be 4 digits')
    .optional(),
  entryType: z.enum(entryTypes).optional(),
  name: z.string().max(26).optional(),
});

/** What the simulated customer does at the next prompt (UserInput, UserChoice, SelectInvoice, GetCard). */
export const customerAnswerSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('text'), text: z.string().max(1000) }),
  z.strictObject({ kind: z.literal('option'), option: z.string().min(1) }),
  z.strictObject({ kind: z.literal('invoice'), invoiceId: z.string().min(1) }),
  z.strictObject({ kind: z.literal('card'), card: cardAnswerSchema.default({}) }),
  z.strictObject({ kind: z.literal('cancel') }),
  z.strictObject({ kind: z.literal('noAnswer') }),
]);
/** What callers pass (defaults may be left out) and what the queue holds (defaults filled in). */
export type CustomerAnswer = z.input<typeof customerAnswerSchema>;
export type QueuedAnswer = z.output<typeof customerAnswerSchema>;

/** Outcome of the next new payment (Sale, Auth, Capture, Return) on a terminal. */
export const paymentOutcomeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('approve') }),
  z.strictObject({ kind: z.literal('decline') }),
  z.strictObject({ kind: z.literal('partial') }),
  z.strictObject({ kind: z.literal('busy'), seconds: z.int().min(1).max(720).default(5) }),
  z.strictObject({ kind: z.literal('offline') }),
  z.strictObject({ kind: z.literal('cancel') }),
  z.strictObject({ kind: z.literal('noAnswer') }),
  // Held like noAnswer, but an AbortTransaction loses the race: the payment is approved just then.
  z.strictObject({ kind: z.literal('approveOnAbort') }),
]);
export type PaymentOutcome = z.input<typeof paymentOutcomeSchema>;
export type QueuedOutcome = z.output<typeof paymentOutcomeSchema>;

const dollars = z
  .number()
  .positive()
  .max(99_999_999.99)
  .refine((n) => Number(n.toFixed(2)) === n, 'must have at most 2 decimals');

/** A store-and-forward transaction the terminal approved offline and has not uploaded yet. */
export const offlineTransactionSchema = z.strictObject({
  referenceId: z.string().regex(/^[A-Za-z0-9]{1,50}$/, 'must be 1-50 letters or digits'),
  amount: dollars,
  tipAmount: z.number().min(0).optional(),
  paymentType: z.enum(['Credit', 'Debit', 'EBT_Food', 'EBT_Cash', 'Card', 'Gift']).default('Credit'),
  transactionType: z.enum(['Sale', 'Return']).default('Sale'),
  transactionDateTime: z.iso.datetime({ offset: true }).optional(),
});
export type OfflineTransactionInput = z.input<typeof offlineTransactionSchema>;

export const resetBodySchema = z.strictObject({ tpn: z.string().min(1).optional() });
export const onlineBodySchema = z.strictObject({ online: z.boolean() });
export const inUseBodySchema = z.strictObject({
  seconds: z.int('must be a whole number').min(0, 'must be 0 to 720').max(720, 'must be 0 to 720'),
});
export const answersBodySchema = z.union([customerAnswerSchema, z.array(customerAnswerSchema).min(1)]);
export const outcomesBodySchema = z.union([paymentOutcomeSchema, z.array(paymentOutcomeSchema).min(1)]);

const tipMode = z.enum(TIP_MODES);
/** Global tip mode: always one of the two. */
export const globalTipModeBodySchema = z.strictObject({ mode: tipMode });
/** A terminal's tip mode; null drops its own setting so it follows the global one again. */
export const terminalTipModeBodySchema = z.strictObject({ mode: tipMode.nullable() });
