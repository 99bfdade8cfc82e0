import { z } from '../zod-mini';
import { rule } from '../spin/rule-words';
import { Said } from './said';
import { reportHeaderFields } from './report-header';

// End-of-day reconciliation: the terminal's open batch (its Daily report) beside this PC's payment
// journal, before the manager settles. Money is integer cents, signed the way it counts in the
// batch total: money taken positive, returns negative, voids and holds not counted (0).

const Cents = z.number().check(z.int(rule.wholeCents()));

/** An approval in this PC's journal that the open batch does not list. */
export const MissingFromBatch = z.object({
  referenceId: z.string(),
  /** The journal's operation: Sale, Capture, Return or Auth. */
  operation: z.string(),
  createdAt: z.string(),
  /** What it should add to the batch total (signed); 0 for a hold or a voided one. */
  countedCents: Cents,
  amountCents: Cents,
  voided: z.boolean(),
  last4: z.string(),
});
export type MissingFromBatch = z.infer<typeof MissingFromBatch>;

/** A transaction of the open batch that this PC did not send (or has no approval for). */
export const NotFromThisPc = z.object({
  referenceId: z.string(),
  number: z.string(),
  application: z.string(),
  transactionType: z.string(),
  last4: z.string(),
  amountCents: z.nullable(Cents),
  countedCents: Cents,
  /** What this PC's journal says about the reference, when it knows it at all ('' when it does not). */
  journalNote: z.string(),
  /** The note as a Said, which the page words in its language; absent in settlements kept before it had one. */
  journalNoteSaid: z.optional(Said),
});
export type NotFromThisPc = z.infer<typeof NotFromThisPc>;

/**
 * voided-here: voided from this PC, the batch still counts it. voided-elsewhere: the batch shows
 * it voided, this PC never voided it. tip: the amounts differ by the tip. fee: they differ by the
 * fee the terminal added, or its fee and tax, either way round, or by tip and fee together (the
 * amount before both). amount: any other difference. figures: the terminal's answer to this PC
 * had figures that do not add up (shared/spin/terminal-amounts.ts), so this PC counts what was asked.
 */
export const MismatchKind = z.enum(['voided-here', 'voided-elsewhere', 'tip', 'fee', 'amount', 'figures']);
export type MismatchKind = z.infer<typeof MismatchKind>;

export const ReconcileMismatch = z.object({
  referenceId: z.string(),
  number: z.string(),
  kind: MismatchKind,
  journalType: z.string(),
  batchType: z.string(),
  /** What each side counts toward the total (signed). */
  journalCents: Cents,
  batchCents: Cents,
  /** The tip this PC sent (or last adjusted to), for a tip mismatch. */
  tipCents: Cents,
  /** The fee the terminal added and the tax on it (FeeAmount, TaxAmount of its answer), for a fee mismatch only. */
  feeCents: z.optional(Cents),
  taxCents: z.optional(Cents),
  explanation: z.string(),
});
export type ReconcileMismatch = z.infer<typeof ReconcileMismatch>;

export const ReconciliationReport = z.object({
  ...reportHeaderFields,
  /** The open batch's number, from a Status lookup of one of its transactions; null when it is empty or the terminal did not say. */
  batchNumber: z.nullable(z.string()),
  batchRows: z.number().check(z.int()),
  /** Approvals of this PC that belong in the open batch, and how many of them the batch lists exactly as the journal has them. */
  journalApprovals: z.number().check(z.int()),
  matched: z.number().check(z.int()),
  /** This PC's approvals since its last Settle that carry another batch number (settled elsewhere): left out. */
  otherBatches: z.number().check(z.int()),
  missingFromBatch: z.array(MissingFromBatch),
  notFromThisPc: z.array(NotFromThisPc),
  mismatches: z.array(ReconcileMismatch),
  /**
   * The bridge from this PC's figure to the batch's, in signed cents:
   * journalTotal - missing + notFromThisPc + differences = batchTotal.
   */
  totals: z.object({
    journalCents: Cents,
    /**
     * Of journalCents, what the terminal added as fees and as tax on them (signed the same way):
     * each left out when no approval of this PC in the batch named one, as on a terminal without
     * a fee program. Parts of the first figure, not steps of the bridge.
     */
    journalFeeCents: z.optional(Cents),
    journalTaxCents: z.optional(Cents),
    missingCents: Cents,
    notFromThisPcCents: Cents,
    differencesCents: Cents,
    batchCents: Cents,
  }),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReport>;

/** How many findings the manager has to look at: approvals missing, transactions not from this PC, differences. */
export function findingCount(report: Pick<ReconciliationReport, 'missingFromBatch' | 'notFromThisPc' | 'mismatches'>): number {
  return report.missingFromBatch.length + report.notFromThisPc.length + report.mismatches.length;
}
