import { z } from '../zod-mini';
import * as m from '../i18n/paraglide/messages/_index.js';
import { rule, ruleWords } from '../spin/rule-words';
import { ChargeCheck } from './tip-rules';
import { RecoveryNote, ReferenceId } from './payment-result-views';
import { Said } from './said';

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
  attempt: z.number().check(z.int()),
  until: z.optional(z.string()),
  detail: z.string(),
  /** The SPIn status code of the answer that caused a wait to resend (2001: the terminal is not connected). */
  statusCode: z.optional(z.string()),
  /** The entry's unknownReason in the catalogue's words, while this run knows it (said.ts): the page words it. */
  reasonSaid: z.optional(Said),
});
export type LiveRecovery = z.infer<typeof LiveRecovery>;

export const JournalEntryView = z.object({
  id: z.string(),
  operation: JournalOperation,
  referenceId: z.string(),
  profileId: z.string(),
  tpn: z.string(),
  paymentType: z.optional(z.string()),
  amountCents: z.number().check(z.int()),
  tipCents: z.number().check(z.int()),
  /** Sale and Capture with a tip: the Amount sent (with or without the tip in it; tip-rules.ts). */
  sentAmountCents: z.optional(z.number().check(z.int())),
  createdAt: z.string(),
  state: JournalState,
  /** Present once the outcome is known. Card data never goes beyond brand, first 4 and last 4. */
  outcome: z.optional(
    z.object({
      at: z.string(),
      statusCode: z.string(),
      message: z.string(),
      /** `message` in the catalogue's words, when spin-desk wrote it (a refusal): the page words it (said.ts). */
      messageSaid: z.optional(Said),
      authCode: z.optional(z.string()),
      transactionNumber: z.optional(z.string()),
      batchNumber: z.optional(z.string()),
      approvedCents: z.optional(z.number().check(z.int())),
      /** The terminal's TotalAmount and TipAmount on an approval, when it said (older entries lack them). */
      totalCents: z.optional(z.number().check(z.int())),
      answeredTipCents: z.optional(z.number().check(z.int())),
      /** The terminal's FeeAmount and TaxAmount on an approval, when it said (money-model.ts). */
      feeCents: z.optional(z.number().check(z.int())),
      taxCents: z.optional(z.number().check(z.int())),
      card: z.optional(z.object({ brand: z.string(), first4: z.string(), last4: z.string() })),
      recovery: z.optional(RecoveryNote),
      /** Settle only: what it closed, added up over the applications (null where the terminal said nothing). */
      settled: z.optional(
        z.object({
          count: z.nullable(z.number().check(z.int())),
          totalCents: z.nullable(z.number().check(z.int())),
          batches: z.array(z.string()),
        }),
      ),
      /** The approval charged something other than what was meant (or did not say): shown loudly. */
      chargeCheck: z.optional(ChargeCheck),
      /**
       * The terminal's figures do not add up (shared/spin/terminal-amounts.ts): what is wrong, naming
       * the field. Its amounts are then absent from the outcome and left out of every sum.
       */
      figuresProblem: z.optional(z.string()),
    }),
  ),
  /** Why the outcome became unknown (set while pending, kept afterwards). */
  unknownReason: z.optional(z.string()),
  /** Resends after a busy terminal. */
  attempts: z.number().check(z.int()),
  live: z.optional(LiveRecovery),
  /**
   * A pending entry while no lookup runs for it: what its lookup waits for before it can even
   * start (its terminal has no Authkey, as after a restart of the browser version, or its terminal
   * was deleted). It starts by itself once that is fixed.
   */
  blocked: z.optional(z.object({ reason: z.enum(['no-authkey', 'no-terminal']), terminalName: z.optional(z.string()) })),
});
export type JournalEntryView = z.infer<typeof JournalEntryView>;
export type LookupBlocked = NonNullable<JournalEntryView['blocked']>;

const Instant = z.iso.datetime({ offset: true, error: () => m.rule_iso_date_time() });

/** Every filter is optional and they combine with AND. `from` is inclusive, `to` exclusive. */
export const JournalFilter = z.strictObject({
  from: z.optional(Instant),
  to: z.optional(Instant),
  /** Case-insensitive part of the ReferenceId. */
  referenceId: z.optional(z.string().check(z.trim(), z.minLength(1, rule.notEmpty()), z.maxLength(50, rule.atMostChars(50)))),
  /** Requested or approved amount, in cents. */
  amountCents: z.optional(z.number().check(z.int(rule.wholeCents()), z.nonnegative(rule.notNegative()))),
  last4: z.optional(z.string().check(z.regex(/^\d{4}$/, rule.exactlyDigits(4)))),
  state: z.optional(JournalState),
  tpn: z.optional(z.string().check(z.minLength(1, rule.notEmpty()))),
});
export type JournalFilter = z.input<typeof JournalFilter>;

const inOrder = (f: { from?: string | undefined; to?: string | undefined }) =>
  f.from === undefined || f.to === undefined || Date.parse(f.from) < Date.parse(f.to);
const inOrderRule = () => ({ path: ['to'], ...ruleWords(() => m.rule_later_than_from()) });

/** journal:exportCsv takes the filter alone: every matching entry is exported. */
export const JournalExportInput = JournalFilter.check(z.refine(inOrder, inOrderRule()));

/**
 * Where the page downloads the History CSV (both shells serve it: the browser host over HTTP,
 * Electron on app://), written as the journal is read; `?filter=` is JournalExportInput as JSON.
 */
export const JOURNAL_CSV_PATH = '/download/journal.csv';

/** The address of the History CSV of the entries matching `filter`. */
export function journalCsvAddress(filter: JournalFilter): string {
  return Object.keys(filter).length === 0 ? JOURNAL_CSV_PATH : `${JOURNAL_CSV_PATH}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

export const JournalListInput = z
  .extend(JournalFilter, {
    offset: z._default(z.number().check(z.int(rule.whole()), z.nonnegative(rule.notNegative())), 0),
    limit: z._default(z.number().check(z.int(rule.whole()), z.minimum(1, rule.atLeast(1)), z.maximum(500, rule.atMost(500))), 50),
  })
  .check(z.refine(inOrder, inOrderRule()));
export type JournalListInput = z.input<typeof JournalListInput>;

/**
 * Newest first. `nextOffset` is null on the last page. `total` counts every match when
 * `totalExact`; a search too broad to count quickly (a short or common part of a reference) gives
 * only a floor: the entries listed so far, plus one when more follow.
 */
export const JournalPage = z.object({
  entries: z.array(JournalEntryView),
  total: z.number().check(z.int()),
  totalExact: z.boolean(),
  offset: z.number().check(z.int()),
  limit: z.number().check(z.int()),
  nextOffset: z.nullable(z.number().check(z.int())),
});
export type JournalPage = z.infer<typeof JournalPage>;

export const JournalWarningView = z.object({
  kind: z.enum(['torn-tail', 'corrupt-line', 'orphan-outcome', 'duplicate-outcome', 'checkpoint']),
  file: z.string(),
  line: z.optional(z.number().check(z.int())),
  message: z.string(),
  /** The message in the catalogue's words, when main wrote it with one (said.ts): the page words it. */
  said: z.optional(Said),
});

/** journal:pending narrowed to one reference (a sale's wait) or one terminal profile (its notice); nothing asks for all. */
export const JournalPendingInput = z.union([
  z.strictObject({
    referenceId: z.optional(ReferenceId),
    profileId: z.optional(z.string().check(z.minLength(1, rule.notEmpty()))),
  }),
  z.undefined(),
  z.null(),
]);

/**
 * Bounded however much is pending or was tolerated (it is polled every second or two): the first
 * page of pending entries, oldest first, with how many there are, and the first few warnings with
 * their count.
 */
export const JournalPending = z.object({
  entries: z.array(JournalEntryView),
  /** Every pending entry matching, listed or not. */
  total: z.number().check(z.int()),
  warnings: z.array(JournalWarningView),
  /** Every warning, shown or not. */
  warningCount: z.number().check(z.int()),
  /** True while start-up reconciliation is still working through entries. */
  reconciling: z.boolean(),
});
export type JournalPending = z.infer<typeof JournalPending>;

export const JournalCsv = z.object({ filename: z.string(), csv: z.string(), rows: z.number().check(z.int()) });
export type JournalCsv = z.infer<typeof JournalCsv>;

export const RecoverInput = z.strictObject({ referenceId: ReferenceId });

export const StopRecoveryInput = z.strictObject({
  /** Stops this reference's lookup; without it, every running lookup stops. */
  referenceId: z.optional(ReferenceId),
});

export const StopRecoveryResult = z.object({ stopped: z.number().check(z.int()) });
