import { z } from 'zod';
import { ChargeCheck } from './tip-rules';
import { RecoveryNote, ReferenceId } from './views';

// The payment journal as the renderer sees it: history search, CSV export, pending (outcome
// unknown) entries with their live recovery progress, and the warnings the journal tolerated.
// Money is integer cents; times are ISO 8601 strings.

export const JournalOperation = z.enum(['Sale', 'Auth', 'Capture', 'Return', 'Void', 'TipAdjust', 'Settle']);

/** pending = outcome unknown (being looked up); the rest as in electron/services/journal/records.ts. */
export const JournalState = z.enum([
  'pending',
  'approved',
  'partial',
  'declined',
  'canceled',
  'refused',
  'not-processed',
  'settled-unknown',
]);
export type JournalState = z.infer<typeof JournalState>;

/**
 * What is happening to a pending entry right now. `until` is when the current wait ends, for a
 * countdown (busy terminal: DelayBeforeNextRequest; lookups: the next try).
 */
export const LiveRecovery = z.object({
  phase: z.enum(['sending', 'busy-wait', 'resend-wait', 'looking-up', 'retry-wait', 'stopped']),
  attempt: z.number().int(),
  until: z.string().optional(),
  detail: z.string(),
  /** The SPIn status code of the answer that caused a wait to resend (2001: the terminal is not connected). */
  statusCode: z.string().optional(),
});
export type LiveRecovery = z.infer<typeof LiveRecovery>;

export const JournalEntryView = z.object({
  id: z.string(),
  operation: JournalOperation,
  referenceId: z.string(),
  profileId: z.string(),
  tpn: z.string(),
  paymentType: z.string().optional(),
  amountCents: z.number().int(),
  tipCents: z.number().int(),
  /** Sale and Capture with a tip: the Amount sent (with or without the tip in it; tip-rules.ts). */
  sentAmountCents: z.number().int().optional(),
  createdAt: z.string(),
  state: JournalState,
  /** Present once the outcome is known. Card data never goes beyond brand, first 4 and last 4. */
  outcome: z
    .object({
      at: z.string(),
      statusCode: z.string(),
      message: z.string(),
      authCode: z.string().optional(),
      transactionNumber: z.string().optional(),
      batchNumber: z.string().optional(),
      approvedCents: z.number().int().optional(),
      /** The terminal's TotalAmount and TipAmount on an approval, when it said (older entries lack them). */
      totalCents: z.number().int().optional(),
      answeredTipCents: z.number().int().optional(),
      /** The terminal's FeeAmount and TaxAmount on an approval, when it said (money-model.ts). */
      feeCents: z.number().int().optional(),
      taxCents: z.number().int().optional(),
      card: z.object({ brand: z.string(), first4: z.string(), last4: z.string() }).optional(),
      recovery: RecoveryNote.optional(),
      /** Settle only: what it closed, added up over the applications (null where the terminal said nothing). */
      settled: z
        .object({ count: z.number().int().nullable(), totalCents: z.number().int().nullable(), batches: z.array(z.string()) })
        .optional(),
      /** The approval charged something other than what was meant (or did not say): shown loudly. */
      chargeCheck: ChargeCheck.optional(),
    })
    .optional(),
  /** Why the outcome became unknown (set while pending, kept afterwards). */
  unknownReason: z.string().optional(),
  /** Resends after a busy terminal. */
  attempts: z.number().int(),
  live: LiveRecovery.optional(),
  /**
   * A pending entry while no lookup runs for it: what its lookup waits for before it can even
   * start (its terminal has no Authkey, as after a restart of the browser version, or its terminal
   * was deleted). It starts by itself once that is fixed.
   */
  blocked: z.object({ reason: z.enum(['no-authkey', 'no-terminal']), terminalName: z.string().optional() }).optional(),
});
export type JournalEntryView = z.infer<typeof JournalEntryView>;
export type LookupBlocked = NonNullable<JournalEntryView['blocked']>;

const Instant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z' });

/** Every filter is optional and they combine with AND. `from` is inclusive, `to` exclusive. */
export const JournalFilter = z.strictObject({
  from: Instant.optional(),
  to: Instant.optional(),
  /** Case-insensitive part of the ReferenceId. */
  referenceId: z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters').optional(),
  /** Requested or approved amount, in cents. */
  amountCents: z.number().int('must be a whole number of cents').nonnegative('must not be negative').optional(),
  last4: z
    .string()
    .regex(/^\d{4}$/, 'must be exactly 4 digits')
    .optional(),
  state: JournalState.optional(),
  tpn: z.string().min(1, 'must not be empty').optional(),
});
export type JournalFilter = z.input<typeof JournalFilter>;

const inOrder = (f: { from?: string | undefined; to?: string | undefined }) =>
  f.from === undefined || f.to === undefined || Date.parse(f.from) < Date.parse(f.to);
const inOrderRule = () => ({ path: ['to'], error: 'must be later than from' });

/** journal:exportCsv takes the filter alone: every matching entry is exported. */
export const JournalExportInput = JournalFilter.refine(inOrder, inOrderRule());

export const JournalListInput = JournalFilter.extend({
  offset: z.number().int('must be a whole number').nonnegative('must not be negative').default(0),
  limit: z.number().int('must be a whole number').min(1, 'must be at least 1').max(500, 'must be at most 500').default(50),
}).refine(inOrder, inOrderRule());
export type JournalListInput = z.input<typeof JournalListInput>;

/**
 * Newest first. `nextOffset` is null on the last page. `total` counts every match when
 * `totalExact`; a search too broad to count quickly (a short or common part of a reference) gives
 * only a floor: the entries listed so far, plus one when more follow.
 */
export const JournalPage = z.object({
  entries: z.array(JournalEntryView),
  total: z.number().int(),
  totalExact: z.boolean(),
  offset: z.number().int(),
  limit: z.number().int(),
  nextOffset: z.number().int().nullable(),
});
export type JournalPage = z.infer<typeof JournalPage>;

export const JournalWarningView = z.object({
  kind: z.enum(['torn-tail', 'corrupt-line', 'orphan-outcome', 'duplicate-outcome', 'checkpoint']),
  file: z.string(),
  line: z.number().int().optional(),
  message: z.string(),
});

export const JournalPending = z.object({
  entries: z.array(JournalEntryView),
  warnings: z.array(JournalWarningView),
  /** True while start-up reconciliation is still working through entries. */
  reconciling: z.boolean(),
});
export type JournalPending = z.infer<typeof JournalPending>;

export const JournalCsv = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });
export type JournalCsv = z.infer<typeof JournalCsv>;

export const RecoverInput = z.strictObject({ referenceId: ReferenceId });

export const StopRecoveryInput = z.strictObject({
  /** Stops this reference's lookup; without it, every running lookup stops. */
  referenceId: ReferenceId.optional(),
});

export const StopRecoveryResult = z.object({ stopped: z.number().int() });
