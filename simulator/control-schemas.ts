// Inputs of the control API (/_sim/ over HTTP and SimulatorControl in-process). The zod schemas
// are the single source of the public types, so both doors validate the same way. The customer's
// answers and the payment outcomes are part of the data model (model.ts): the queues hold them.
import { z } from 'zod';
import { feeProgramSchema } from './fee-program';
import { customerAnswerSchema, paymentOutcomeSchema } from './model';
import { TIP_MODES } from './tip-mode';

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

/** Global fee program: always one (simulator/README.md, "Fee programs"). */
export const globalFeeProgramBodySchema = z.strictObject({ program: feeProgramSchema });
/** A terminal's fee program; null drops its own so it follows the global one again. */
export const terminalFeeProgramBodySchema = z.strictObject({ program: feeProgramSchema.nullable() });
