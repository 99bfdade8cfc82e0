import type { z } from 'zod';
import type {
  OfflineStatusInput,
  OfflineTransactions,
  StatusInput,
  StatusListInput,
  TransactionPage,
  TransactionView,
} from '@shared/ipc/payment-views';
import { explainCode } from '@shared/spin/codes';
import { AppFailure } from '../app-failure';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';
import type { Journal } from '../journal/journal';
import { chargeCheckOf } from '../journal/charge-check';
import { SpinError } from '../spin/spin-error';
import { toTransactionView, type LookupRecord } from './transaction-view';
import { capturedAuths } from './captured-auths';

// The transaction lookups (docs/PROTOCOL.md §4.8–§4.10). They read the open batch and move no money, so
// they go straight to the terminal, without the journal.

/** With the journal, a record this app took is compared with what was meant (its receipt view shows it). */
export type LookupDeps = TerminalDeps & { journal?: Pick<Journal, 'usesOf' | 'entries'> };

/** Operations whose approval this app compares with what was meant (charge-check.ts). */
const CHECKED_OPS: ReadonlySet<string> = new Set(['Sale', 'Auth', 'Capture', 'Return', 'TipAdjust']);

/**
 * Adds the charge check to a record this app took, from its newest approved journal entry (a tip
 * adjustment after the sale is what the record shows now). Voided records are left alone: nothing
 * is charged for them any more.
 */
async function withChargeCheck(deps: LookupDeps, tpn: string | undefined, view: TransactionView): Promise<TransactionView> {
  if (!deps.journal || tpn === undefined || view.voided || view.outcome !== 'approved' || !view.referenceId) return view;
  const uses = await deps.journal.usesOf(tpn, view.referenceId);
  const latest = uses
    .filter((entry) => entry.outcome?.result === 'approved' && CHECKED_OPS.has(entry.intent.op))
    .sort((a, b) => b.createdMs - a.createdMs)[0];
  const chargeCheck = latest && chargeCheckOf(latest.intent, 'approved', view.amounts, view.amountsProblem);
  return chargeCheck ? { ...view, chargeCheck } : view;
}

const isOpenAuth = (view: TransactionView) =>
  (view.transactionType ?? '').toLowerCase() === 'auth' && !view.voided && view.outcome === 'approved' && Boolean(view.authCode);

/** Marks the Auths this PC has captured since (captured-auths.ts); reads the journal only when the list holds an Auth. */
async function withCaptures(deps: LookupDeps, tpn: string | undefined, views: TransactionView[]): Promise<TransactionView[]> {
  if (!deps.journal || tpn === undefined || !views.some(isOpenAuth)) return views;
  const captured = await capturedAuths(deps.journal, tpn);
  return views.map((view) => {
    const capture = isOpenAuth(view) ? captured.get(view.authCode ?? '') : undefined;
    return capture ? { ...view, capturedBy: { referenceId: capture.captureRef, at: capture.at } } : view;
  });
}

/**
 * One transaction by ReferenceId (else TransactionNumber). A declined attempt the terminal kept
 * comes back as ResultCode 1 with its record, and is shown as such; 1001 means there is none.
 */
export async function lookUpStatus(deps: LookupDeps, input: z.output<typeof StatusInput>): Promise<TransactionView> {
  let tpn: string | undefined;
  try {
    const record = await callTerminal(deps, input.profileId, 'Status', (target) => {
      tpn = target.tpn;
      return {
        PaymentType: input.paymentType,
        ...(input.referenceId ? { ReferenceId: input.referenceId } : {}),
        ...(input.transactionNumber ? { TransactionNumber: input.transactionNumber } : {}),
        GetReceipt: input.getReceipt,
      };
    });
    const [view] = await withCaptures(deps, tpn, [await withChargeCheck(deps, tpn, toTransactionView(record as LookupRecord))]);
    return view as TransactionView;
  } catch (error) {
    if (!(error instanceof SpinError) || error.code !== 'TERMINAL') throw error;
    if (error.statusCode === '1001') throw notFound(input);
    const response = (error.response ?? {}) as LookupRecord;
    if (!response.TransactionType) throw error;
    return toTransactionView({ ...response, GeneralResponse: error.generalResponse });
  }
}

function notFound(input: z.output<typeof StatusInput>): AppFailure {
  const info = explainCode('1001');
  const [path, message] = input.referenceId
    ? ['referenceId', m.svc_lookup_no_reference({ reference: input.referenceId })]
    : ['transactionNumber', m.svc_lookup_no_number({ number: String(input.transactionNumber) })];
  return new AppFailure('NOT_FOUND', message, {
    statusCode: '1001',
    remedy: info.remedy,
    fields: [{ path, message: m.svc_lookup_not_in_batch() }],
  });
}

/** The open batch's records with TransactionNumber in [fromIndex, toIndex], in batch order. */
export async function listTransactions(deps: LookupDeps, input: z.output<typeof StatusListInput>): Promise<TransactionPage> {
  let tpn: string | undefined;
  const answer = await callTerminal(deps, input.profileId, 'StatusList', (target) => {
    tpn = target.tpn;
    const merchant = input.merchantNumber ?? target.merchantNumber ?? undefined;
    return {
      PaymentType: input.paymentType,
      TransactionFromIndex: input.fromIndex,
      TransactionToIndex: input.toIndex,
      ...(merchant ? { MerchantNumber: merchant } : {}),
    };
  });
  const transactions = await Promise.all(
    (answer.Transactions ?? []).map((record) => withChargeCheck(deps, tpn, toTransactionView(record as LookupRecord))),
  );
  return { transactions: (await withCaptures(deps, tpn, transactions)).sort(byNumber), fromIndex: input.fromIndex, toIndex: input.toIndex };
}

/** Store-and-forward transactions still waiting on the terminal, oldest first. */
export async function listOffline(deps: TerminalDeps, input: z.output<typeof OfflineStatusInput>): Promise<OfflineTransactions> {
  const answer = await callTerminal(deps, input.profileId, 'OfflineStatus', () => ({
    PaymentType: input.paymentType,
    ...(input.referenceId ? { ReferenceId: input.referenceId } : {}),
  }));
  return { transactions: (answer.Transactions ?? []).map((record) => toTransactionView(record as LookupRecord)) };
}

function byNumber(a: TransactionView, b: TransactionView): number {
  return Number(a.transactionNumber ?? 0) - Number(b.transactionNumber ?? 0);
}
