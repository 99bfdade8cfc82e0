// The simulator's own data model: what a terminal keeps, in integer cents. The zod schemas double
// as the validator of the state file, so a hand-edited or truncated file is refused on load.
import { z } from 'zod';
import { cardBrands, customerAnswerSchema, entryTypes, paymentOutcomeSchema } from './control-schemas';

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
