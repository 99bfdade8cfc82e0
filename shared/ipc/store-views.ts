import { z } from 'zod';
import * as m from '../i18n/paraglide/messages/_index.js';
import { rule, ruleWith, ruleWords } from '../spin/rule-words';
import { AppError } from './envelope';
import { ReconciliationReport } from './reconciliation-views';
import { SettleResult } from './report-views';
import { Environment } from './profile-views';
import { ReferenceId } from './payment-result-views';
import { SettlementType } from '../spin/enums';

// The Store screen: every terminal of this PC on one page, what this PC knows of each without
// asking it (the journal and the figures last read from it), Check before settling for all of
// them, and Settle all. Money is integer cents.

const Cents = z.number().int(rule.wholeCents());
const ProfileId = z.string(ruleWords(() => m.rule_name_your_terminal())).min(1, rule.notEmpty());

/**
 * Which terminal a row of Check before settling or Settle all is about: its profile, named, and the
 * profile's merchant slot on a multi-merchant terminal (null when it has none), so two profiles on
 * one TPN are two rows.
 */
const terminalRowFields = {
  profileId: z.string(),
  name: z.string(),
  tpn: z.string(),
  merchantNumber: z.number().int().nullable(),
};

/** A request from this PC the terminal is working on now. */
export const StoreWaiting = z.object({
  operation: z.string(),
  referenceId: z.string().optional(),
  /** When this PC sent it (ISO 8601): the screen shows how long it has waited. */
  since: z.string(),
});
export type StoreWaiting = z.infer<typeof StoreWaiting>;

/** A payment whose answer was lost and is still being looked up. */
export const StoreLookup = z.object({ referenceId: z.string(), operation: z.string(), amountCents: Cents, since: z.string() });
export type StoreLookup = z.infer<typeof StoreLookup>;

/** The open batch's figures as the terminal last reported them (its Summary). */
export const StoreBatch = z.object({
  count: z.number().int(),
  /** The terminal's own total over every application; null when it left every total out. */
  totalCents: Cents.nullable(),
  fetchedAt: z.string(),
});
export type StoreBatch = z.infer<typeof StoreBatch>;

/** The newest Settle this PC journaled on the terminal that closed a batch. */
export const StoreLastSettle = z.object({
  at: z.string(),
  referenceId: z.string(),
  totalCents: Cents.nullable(),
  batchNumbers: z.array(z.string()),
  /** false: closed (a lookup showed it) with totals nobody gave: "totals not known", never $0.00. */
  totalsKnown: z.boolean().optional(),
});
export type StoreLastSettle = z.infer<typeof StoreLastSettle>;

export const StoreRow = z.object({
  profileId: z.string(),
  name: z.string(),
  tpn: z.string(),
  environment: Environment,
  /** The profile's MerchantNumber on a multi-merchant terminal (1-5); null when it has none. */
  merchantNumber: z.number().int().nullable(),
  hasAuthkey: z.boolean(),
  waiting: StoreWaiting.nullable(),
  lookingUp: z.array(StoreLookup),
  /** Null until the open batch was read since spin-desk started. */
  batch: StoreBatch.nullable(),
  /** This PC moved money on the terminal since the figures were read: read them again (once). */
  batchStale: z.boolean(),
  lastSettle: StoreLastSettle.nullable(),
});
export type StoreRow = z.infer<typeof StoreRow>;

export const StoreOverview = z.object({ rows: z.array(StoreRow), at: z.string() });
export type StoreOverview = z.infer<typeof StoreOverview>;

export const StoreRefreshInput = z.strictObject({ profileId: ProfileId });
export type StoreRefreshInput = z.input<typeof StoreRefreshInput>;

// ---- Check before settling, for all --------------------------------------------------------------

/** One terminal's batch check: its report, or why it could not be read. */
export const StoreCheckRow = z.object({
  ...terminalRowFields,
  /**
   * What this PC recorded on the terminal in its open batch, from the journal alone: approved money
   * since its last settlement, voids and tip adjusts applied. Shown for a terminal that could not be
   * read, so its row never reads as if nothing were there.
   */
  recordedCents: Cents,
  report: z.nullable(ReconciliationReport),
  error: AppError.nullable(),
});
export type StoreCheckRow = z.infer<typeof StoreCheckRow>;

export const StoreCheck = z.object({
  terminals: z.array(StoreCheckRow),
  /**
   * The store line: this PC's figures beside the batches', over the terminals that could be read,
   * each terminal once (two merchant profiles on one TPN read the same batch).
   */
  store: z.object({
    journalCents: Cents,
    batchCents: Cents,
    /** Missing, not-from-this-PC and mismatched transactions, summed over the terminals. */
    differences: z.number().int(),
    terminalsWithDifferences: z.number().int(),
    /** Terminals that could not be read: nothing about them was checked. */
    unread: z.number().int(),
    /** What this PC recorded on those unread terminals (recordedCents summed): "not checked: $118.75 on 2 terminals". */
    uncheckedCents: Cents,
  }),
});
export type StoreCheck = z.infer<typeof StoreCheck>;

// ---- Settle all ----------------------------------------------------------------------------------

/** Why a terminal is left out of Settle all. */
export const SkipReason = z.enum(['nothing-open', 'offline', 'busy', 'no-authkey', 'unreadable']);
export type SkipReason = z.infer<typeof SkipReason>;

export const SettlePlanRow = z.object({
  ...terminalRowFields,
  openCount: z.number().int().nullable(),
  openTotalCents: Cents.nullable(),
  skip: SkipReason.nullable(),
  /** Plain words for the skip: what the terminal is doing, what the reader could not read. */
  reason: z.string(),
});
export type SettlePlanRow = z.infer<typeof SettlePlanRow>;

export const SettlePlan = z.object({ terminals: z.array(SettlePlanRow) });
export type SettlePlan = z.infer<typeof SettlePlan>;

export const SettleAllInput = z.strictObject({
  /** The terminals the confirmation offered, each with a new ReferenceId (the journal refuses one used before). */
  terminals: z
    .array(z.strictObject({ profileId: ProfileId, referenceId: ReferenceId }))
    .min(
      1,
      ruleWords(() => m.rule_at_least_one_terminal()),
    )
    .max(100, ruleWith(m.rule_at_most_terminals, { max: 100 }))
    .refine(
      (list) => new Set(list.map((t) => t.profileId)).size === list.length,
      ruleWords(() => m.rule_each_terminal_once()),
    ),
  settlementType: z._default(SettlementType, 'Close'),
});
export type SettleAllInput = z.input<typeof SettleAllInput>;

/**
 * waiting: not started. settling: sent. done / failed / skipped: ended. looking-up: its answer was
 * lost and its lookup goes on in the background (the run does not wait for it; the result is
 * journaled, so History and the store report show it).
 */
export const SettleAllPhase = z.enum(['waiting', 'settling', 'done', 'failed', 'skipped', 'looking-up']);
export type SettleAllPhase = z.infer<typeof SettleAllPhase>;

export const SettleAllRow = z.object({
  ...terminalRowFields,
  phase: SettleAllPhase,
  /** Each terminal's result as its own settlement card shows it. */
  result: SettleResult.nullable(),
  /** Why it was not settled (skipped just before sending, or refused with no SPIn answer). */
  error: AppError.nullable(),
});
export type SettleAllRow = z.infer<typeof SettleAllRow>;

export const SettleAllReport = z.object({
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  terminals: z.array(SettleAllRow),
});
export type SettleAllReport = z.infer<typeof SettleAllReport>;
