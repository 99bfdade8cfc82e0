import type { DailyRow, ReportTotals, SettleDetail, SettleOutcome, SettleResult } from '@shared/ipc/report-views';
import { recoveryNoteOf } from '@shared/ipc/payment-result-views';
import { signOf } from '@shared/ipc/money-sign';
import { explainCode } from '@shared/spin/codes';
import { SettleResponse } from '@shared/spin/responses/batch';
import type { SettlementType } from '@shared/spin/enums';
import type { JournalEntry, JournalResult } from '../journal/records';
import { runMoneyMove, type MoneyMoveDeps, type MoneyMoveResult } from '../payments/money-move';
import { worded, type ResultWords } from '../result-words';
import type { SpinRequest } from '../spin/spin-client';
import { serviceText } from '../spin/spin-record';
import { probeOpenBatch } from './settle-probe';
import { notSentHere } from './closing-batch';
import { withKnownNote } from './reconcile';
import { inReportLane } from '../terminal/report-lane';
import { AppFailure } from '../app-failure';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { Journal } from '../journal/journal';
import { toDailyReport, toTotals } from './to-report';
import type { ResponseOf } from '@shared/spin/endpoints';

type ParsedSettle = { profileId?: string | undefined; referenceId: string; settlementType: SettlementType };

/**
 * Closes the batch. Settle moves money (the processor pays out what it closes), so it takes the
 * journal's path like a sale: intent first, and a lost answer is looked up, never resent.
 */
export async function runSettle(deps: MoneyMoveDeps, input: ParsedSettle): Promise<SettleResult> {
  // In the report lane from the probe to the answer (or the end of its recovery): a report asked
  // for meanwhile waits and then reads the new batch, instead of being refused 2008.
  return inReportLane(deps, input.profileId, () => settle(deps, input));
}

async function settle(deps: MoneyMoveDeps, input: ParsedSettle): Promise<SettleResult> {
  const { probe, daily } = await probeOpenBatch(deps, input.profileId);
  const notFromThisPc = await notSentHere(deps, input.profileId, daily, probe?.batchNumber);
  const moved = await runMoneyMove(deps, {
    op: 'Settle',
    ...(probe ? { probe } : {}),
    profileId: input.profileId,
    referenceId: input.referenceId,
    amountCents: 0,
    tipCents: 0,
    // The receipt comes back as text in the answer (nothing is printed on the terminal): kept to print here.
    // On a multi-merchant terminal the profile's merchant slot goes with it (docs/PROTOCOL.md §2.5).
    request: (target): SpinRequest<'Settle'> => ({
      ReferenceId: input.referenceId,
      GetReceipt: true,
      SettlementType: input.settlementType,
      ...(target.merchantNumber ? { MerchantNumber: target.merchantNumber } : {}),
    }),
    settlementOf: (answer) => {
      const details = detailsOf(answer);
      if (details.length === 0) return undefined;
      return { settlementType: input.settlementType, details, totalsKnown: true, ...(notFromThisPc ? { notFromThisPc } : {}) };
    },
    // The answer was lost: the batch read just before the close says what it held, else nothing does.
    settlementIfRecovered: () => {
      const details = closedFromDaily(daily, probe?.batchNumber);
      const known = details.length > 0 ? { totalsKnown: true, totalsFrom: 'batch-read-before-close' as const } : { totalsKnown: false };
      return { settlementType: input.settlementType, details, ...known, ...(notFromThisPc ? { notFromThisPc } : {}) };
    },
  });
  return settleResultFromMove(moved, input.settlementType);
}

/** Words for outcomes whose code alone would mislead, worded when the result is answered. */
const PLAIN: Partial<Record<JournalResult, ResultWords>> = {
  'not-processed': { explanation: m.svc_settle_not_processed_explanation, remedy: m.svc_settle_not_processed_remedy },
};

function outcomeFor(result: JournalResult, statusCode: string): SettleOutcome {
  if (result === 'approved') return 'settled';
  if (result === 'partial') return 'partial';
  if (result === 'declined' && statusCode === '1020') return 'nothing-to-settle';
  return 'not-settled';
}

/** What the result card shows. A refusal with no SPIn answer at all is thrown as it was. */
function settleResultFromMove(move: MoneyMoveResult, settlementType: SettlementType): SettleResult {
  if (move.error) throw move.error;
  // A refusal's answer may still name the applications (e.g. 1015); only approvals are journaled with them.
  return settleResultFromEntry(move.entry, settlementType, detailsOf(move.record));
}

/** A settlement as the journal keeps it: the result card of the day it was closed, to print again. */
export function settleResultFromEntry(entry: JournalEntry, settlementType: SettlementType, answered: SettleDetail[] = []): SettleResult {
  const { intent, outcome } = entry;
  if (!outcome) throw new Error(`Journal entry ${intent.id} has no outcome yet`);
  const info = explainCode(outcome.statusCode, 'Settle');
  const plain = PLAIN[outcome.result];
  const words = plain ? worded(plain) : outcome.statusCode === '' ? { explanation: outcome.message, remedy: info.remedy } : info;
  return {
    outcome: outcomeFor(outcome.result, outcome.statusCode),
    statusCode: outcome.statusCode,
    message: outcome.message,
    explanation: words.explanation,
    remedy: words.remedy,
    referenceId: intent.ref,
    settlementType,
    tpn: intent.tpn,
    settledAt: outcome.at,
    details: outcome.settlement?.details ?? answered,
    ...(outcome.settlement?.notFromThisPc ? { notFromThisPc: outcome.settlement.notFromThisPc.map(withKnownNote) } : {}),
    ...(outcome.recovery ? { recovery: recoveryNoteOf(outcome.recovery) } : {}),
    ...totalsKnownOf(entry),
    ...(outcome.settlement?.totalsFrom ? { totalsFrom: outcome.settlement.totalsFrom } : {}),
  };
}

/**
 * Whether the settlement's totals are known: only a close has totals to know. A close the journal
 * keeps without any (learned from a lookup after a restart, or from a build before totalsKnown)
 * is "settled, totals not known", so no screen adds it in as $0.00.
 */
function totalsKnownOf({ outcome }: JournalEntry): Pick<SettleResult, 'totalsKnown'> {
  if (!outcome || (outcome.result !== 'approved' && outcome.result !== 'partial')) return {};
  if (outcome.settlement?.totalsKnown !== undefined) return { totalsKnown: outcome.settlement.totalsKnown };
  return { totalsKnown: (outcome.settlement?.details ?? []).some((detail) => detail.totals !== null && detail.totals.total !== null) };
}

/**
 * What the batch closed held, per application, from the Daily read just before the close (the
 * probe's, settle-probe.ts): its count and the terminal's own TotalAmount. Sales, returns and voids
 * are added up from its lines only where those lines add up to that TotalAmount (a fee program may
 * list amounts that do not, docs/PROTOCOL.md §4.1); otherwise they stay unknown (null), never a
 * guess. None when the batch was not read. Used only when Settle's own answer, with its totals, was lost.
 */
function closedFromDaily(daily: ResponseOf<'Daily'> | undefined, batchNumber: string | undefined): SettleDetail[] {
  if (!daily) return [];
  const { applications, rows } = toDailyReport({ profileId: '', tpn: '', fetchedAt: '' }, daily);
  return applications.map((application) => ({
    merchantNumber: application.merchantNumber,
    merchantName: '',
    application: application.application,
    batchNumber: batchNumber ?? '',
    hostStatus: '',
    detailedMessage: 'Totals of the batch as read just before the close (the answer to Settle was lost).',
    totals: {
      ...toTotals(null),
      count: application.rowCount,
      total: application.totalCents,
      ...partsOfLines(
        rows.filter((row) => row.application === application.application),
        application.totalCents,
      ),
    },
    receipt: '',
  }));
}

/** Sales, returns and voids of a batch's Daily lines, when every line has its amount and they make its total. */
function partsOfLines(lines: readonly DailyRow[], totalCents: number | null): Partial<ReportTotals> {
  const parts = { sale: 0, ret: 0, void: 0 };
  for (const line of lines) {
    if (line.amountCents === null) return {};
    const sign = signOf(line.transactionType);
    if (sign === 1) parts.sale += line.amountCents;
    else if (sign === -1) parts.ret += line.amountCents;
    else if (line.transactionType.trim().toLowerCase() === 'void') parts.void += line.amountCents;
  }
  return parts.sale - parts.ret === totalCents ? parts : {};
}

/** Longest receipt kept per application: a settlement receipt is a few dozen lines. */
const RECEIPT_MAX = 16_384;

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
    // The service's words and the settlement receipt may quote a card number: first 4 / last 4 only (serviceText).
    detailedMessage: serviceText(detail.DetailedMessage) ?? '',
    totals: detail.TransactionsReports ? toTotals(detail.TransactionsReports) : null,
    receipt: serviceText(detail.Receipt?.slice(0, RECEIPT_MAX)) ?? '',
  }));
}

/** A settlement this PC journaled, by terminal and reference (History's reprint). */
export async function keptSettlement(journal: Journal, input: { tpn: string; referenceId: string }): Promise<SettleResult> {
  const entry = (await journal.usesOf(input.tpn, input.referenceId)).find((use) => use.intent.op === 'Settle' && use.outcome);
  if (!entry) {
    throw new AppFailure('NOT_FOUND', m.svc_settlement_not_found({ reference: input.referenceId, tpn: input.tpn }), {
      fields: [{ path: 'referenceId', message: m.svc_settlement_not_in_journal() }],
    });
  }
  return settleResultFromEntry(entry, entry.outcome?.settlement?.settlementType ?? 'Close');
}
