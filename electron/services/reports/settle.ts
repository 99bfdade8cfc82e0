import type { SettleDetail, SettleOutcome, SettleResult } from '@shared/ipc/report-views';
import { explainCode } from '@shared/spin/codes';
import { SettleResponse } from '@shared/spin/responses/batch';
import type { SettlementType } from '@shared/spin/enums';
import type { JournalResult } from '../journal/records';
import { runMoneyMove, type MoneyMoveDeps, type MoveResult } from '../payments/money-move';
import type { SpinRequest } from '../spin/spin-client';
import { probeOpenBatch } from './settle-probe';
import { toTotals } from './to-report';

type ParsedSettle = { profileId?: string | undefined; referenceId: string; settlementType: SettlementType };

/**
 * Closes the batch. Settle moves money (the processor pays out what it closes), so it takes the
 * journal's path like a sale: intent first, and a lost answer is looked up, never resent.
 */
export async function runSettle(deps: MoneyMoveDeps, input: ParsedSettle): Promise<SettleResult> {
  const probe = await probeOpenBatch(deps, input.profileId);
  const moved = await runMoneyMove(deps, {
    op: 'Settle',
    ...(probe ? { probe } : {}),
    profileId: input.profileId,
    referenceId: input.referenceId,
    amountCents: 0,
    tipCents: 0,
    request: (): SpinRequest<'Settle'> => ({
      ReferenceId: input.referenceId,
      GetReceipt: false,
      SettlementType: input.settlementType,
    }),
  });
  return settleResultOf(moved, input.settlementType);
}

/** Words for outcomes whose code alone would mislead. */
const PLAIN: Partial<Record<JournalResult, { explanation: string; remedy: string }>> = {
  'not-processed': {
    explanation: 'The answer was lost, and the terminal shows the batch still open: the settlement was not carried out.',
    remedy: 'Check the Summary, then settle again.',
  },
};

function outcomeFor(result: JournalResult, statusCode: string): SettleOutcome {
  if (result === 'approved') return 'settled';
  if (result === 'partial') return 'partial';
  if (result === 'declined' && statusCode === '1020') return 'nothing-to-settle';
  return 'not-settled';
}

/** What the result card shows. A refusal with no SPIn answer at all is thrown as it was. */
export function settleResultOf(move: MoveResult, settlementType: SettlementType): SettleResult {
  if (move.error) throw move.error;
  const { intent, outcome } = move.entry;
  if (!outcome) throw new Error(`Journal entry ${intent.id} has no outcome yet`);
  const info = explainCode(outcome.statusCode);
  const words = PLAIN[outcome.result] ?? (outcome.statusCode === '' ? { explanation: outcome.message, remedy: info.remedy } : info);
  return {
    outcome: outcomeFor(outcome.result, outcome.statusCode),
    statusCode: outcome.statusCode,
    message: outcome.message,
    explanation: words.explanation,
    remedy: words.remedy,
    referenceId: intent.ref,
    settlementType,
    details: detailsOf(move.record),
    ...(outcome.recovery ? { recovery: { ...outcome.recovery } } : {}),
  };
}

/** SettleDetails of the answer; none when the close was learned from a lookup. */
function detailsOf(record: unknown): SettleDetail[] {
  const parsed = SettleResponse.safeParse(record);
  if (!parsed.success) return [];
  return (parsed.data.SettleDetails ?? []).map((detail) => ({
    merchantNumber: typeof detail.MerchantNumber === 'number' && Number.isInteger(detail.MerchantNumber) ? detail.MerchantNumber : null,
    merchantName: detail.MerchantName ?? '',
    application: detail.Application ?? '',
    batchNumber: detail.BatchNumber ?? '',
    hostStatus: detail.HostStatus ?? '',
    detailedMessage: detail.DetailedMessage ?? '',
    totals: detail.TransactionsReports ? toTotals(detail.TransactionsReports) : null,
  }));
}
