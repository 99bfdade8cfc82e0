// The simulator's own data model: what a terminal keeps, in integer cents, and what the simulated
// customer will do next (the queues the control API fills). The zod schemas double as the
// validator of the state file, so a hand-edited or truncated file is refused on load, and as the
// validator of the control API's input. The bottom of the simulator: it imports nothing of it.
import { z } from 'zod';

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

const cents = z.int().min(0);

export const cardSchema = z.strictObject({
  brand: z.enum(cardBrands),
  bin: z.string().regex(/^\d{6}$/),
  last4: z.string().regex(/^\d{4}$/),
  expiry: z.string().regex(/^\d{4}$/),
  entryType: z.enum(entryTypes),
  name: z.string(),
});
export type Card = z.infer<typeof cardSchema>;

export const recordTypes = ['Sale', 'Auth', 'Capture', 'Return'] as const;
export type RecordType = (typeof recordTypes)[number];

/** One approved (or partially approved) transaction of the open batch. */
export const txRecordSchema = z.strictObject({
  referenceId: z.string().min(1),
  transactionType: z.enum(recordTypes),
  paymentType: z.string(),
  transactionNumber: z.int().positive(),
  statusCode: z.enum(['0000', '0001']),
  /** Amount the POS asked for; a Void may quote it even after a partial approval or a tip adjust. */
  requestedCents: cents,
  /** Approved amount including the tip (SPIn's `Amount` is tip-inclusive). */
  amountCents: cents,
  tipCents: cents,
  feeCents: cents,
  taxCents: cents,
  authCode: z.string().regex(/^[A-Z0-9]{6}$/),
  rrn: z.string(),
  token: z.string(),
  invoiceNumber: z.string(),
  merchantNumber: z.int().nullable(),
  card: cardSchema,
  signature: z.boolean(),
  voided: z.boolean(),
  /** Auth only: ReferenceId of the Capture that completed it. */
  capturedBy: z.string().nullable(),
  /** Capture only: ReferenceId of the Auth it completed. */
  capturedAuth: z.string().nullable(),
  /**
   * The percentage a fee program charged (fee-program.ts), kept so a tip adjustment charges it on the
   * new tip when "fee on tip" is on; null for no fee or a CustomFee. Absent in older state files.
   */
  feeRule: z
    .strictObject({ basisPoints: z.int().min(1), onTip: z.boolean(), taxBasisPoints: z.int().min(0) })
    .nullable()
    .default(null),
  /** Sale's ExternalReceipt as received, printed under the receipt ('' when none). Absent in older state files. */
  externalReceipt: z.string().default(''),
  /** Level 3 line items staged against this record's AuthCode, as received. */
  level3Items: z.array(z.unknown()),
  createdAt: z.string(),
  /** Store-and-forward: approved offline at this time, pending upload until settlement. */
  offlineAt: z.string().nullable(),
});
export type TxRecord = z.infer<typeof txRecordSchema>;

/** Report of a closed batch, kept for the control API's state view. */
export const settlementSchema = z.strictObject({
  batchNumber: z.int().positive(),
  settledAt: z.string(),
  transactionsCount: z.int().min(0),
  totalCents: z.int(),
  /** The MerchantNumber the Settle named (a multi-merchant terminal's slot); absent when it named none. */
  merchantNumber: z.int().optional(),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const terminalDataSchema = z.strictObject({
  tpn: z.string().min(1),
  authkey: z.string().min(1),
  online: z.boolean(),
  serialNumber: z.string(),
  batchNumber: z.int().positive(),
  records: z.array(txRecordSchema),
  /** Wire bodies of declined/cancelled attempts by ReferenceId, so Status can report them. */
  declines: z.array(z.strictObject({ referenceId: z.string(), reply: z.record(z.string(), z.unknown()) })),
  lastCart: z.unknown(),
  lastInvoice: z.unknown(),
  answers: z.array(customerAnswerSchema),
  outcomes: z.array(paymentOutcomeSchema),
  settlements: z.array(settlementSchema),
  ebt: z.strictObject({ foodCents: cents, cashCents: cents }),
  rngState: z.int().min(0),
});
export type TerminalData = z.infer<typeof terminalDataSchema>;

export const stateFileSchema = z.strictObject({
  format: z.literal('spin-desk-simulator'),
  version: z.literal(1),
  terminals: z.array(terminalDataSchema),
});
export type StateFile = z.infer<typeof stateFileSchema>;
