import type { JournalEntryView, JournalState, LiveRecovery } from '@shared/ipc/journal-views';
import { recoveryNoteOf } from '@shared/ipc/payment-result-views';
import { knownSaid } from '@shared/ipc/said';
import { outcomeChargeCheck } from './charge-check';
import { resultOf, type JournalEntry, type OutcomeLine } from './records';

export function stateOf(entry: JournalEntry): JournalState {
  return entry.outcome ? resultOf(entry.outcome) : 'pending';
}

/** The renderer's view of one entry; `live` is the recovery progress of a pending one. */
export function toEntryView(entry: JournalEntry, live?: LiveRecovery): JournalEntryView {
  const { intent, outcome } = entry;
  const chargeCheck = outcome && outcomeChargeCheck(intent, outcome);
  // The refusal's words for the page, when it can word them (shared/ipc/said.ts).
  const messageSaid = knownSaid(outcome?.messageSaid);
  return {
    id: intent.id,
    operation: intent.op,
    referenceId: intent.ref,
    profileId: intent.profileId,
    tpn: intent.tpn,
    ...(intent.paymentType ? { paymentType: intent.paymentType } : {}),
    amountCents: intent.amountCents,
    tipCents: intent.tipCents,
    ...(intent.sentAmountCents !== undefined ? { sentAmountCents: intent.sentAmountCents } : {}),
    createdAt: intent.at,
    state: stateOf(entry),
    ...(outcome
      ? {
          outcome: {
            at: outcome.at,
            statusCode: outcome.statusCode,
            message: outcome.message,
            ...(messageSaid ? { messageSaid } : {}),
            ...(outcome.authCode ? { authCode: outcome.authCode } : {}),
            ...(outcome.transactionNumber ? { transactionNumber: outcome.transactionNumber } : {}),
            ...(outcome.batchNumber ? { batchNumber: outcome.batchNumber } : {}),
            ...(outcome.approvedCents !== undefined ? { approvedCents: outcome.approvedCents } : {}),
            ...(outcome.totalCents !== undefined ? { totalCents: outcome.totalCents } : {}),
            ...(outcome.answeredTipCents !== undefined ? { answeredTipCents: outcome.answeredTipCents } : {}),
            ...(outcome.feeCents !== undefined ? { feeCents: outcome.feeCents } : {}),
            ...(outcome.taxCents !== undefined ? { taxCents: outcome.taxCents } : {}),
            ...(outcome.card ? { card: { ...outcome.card } } : {}),
            ...(outcome.recovery ? { recovery: recoveryNoteOf(outcome.recovery) } : {}),
            ...(outcome.settlement ? { settled: settledOf(outcome.settlement.details) } : {}),
            ...(chargeCheck ? { chargeCheck } : {}),
            ...(outcome.figuresProblem !== undefined ? { figuresProblem: outcome.figuresProblem } : {}),
          },
        }
      : {}),
    ...(entry.unknownReason !== undefined ? { unknownReason: entry.unknownReason } : {}),
    attempts: entry.attempts,
    ...(live && !outcome ? { live } : {}),
  };
}

/** A Settle's figures for History's list: the applications' counts and totals added up, the batch numbers. */
function settledOf(details: NonNullable<OutcomeLine['settlement']>['details']) {
  const sum = (pick: (totals: NonNullable<(typeof details)[number]['totals']>) => number | null) =>
    details.reduce<number | null>((total, detail) => {
      const value = detail.totals ? pick(detail.totals) : null;
      return value === null ? total : (total ?? 0) + value;
    }, null);
  return {
    count: sum((totals) => totals.count),
    totalCents: sum((totals) => totals.total),
    batches: [...new Set(details.map((detail) => detail.batchNumber).filter(Boolean))],
  };
}

/**
 * By time, then by journal position: two entries written in the same millisecond keep the order
 * they were written in (a clock set back by hand can still reorder entries; the position cannot).
 */
export function oldestFirst(a: JournalEntry, b: JournalEntry): number {
  return a.createdMs - b.createdMs || a.position - b.position;
}
