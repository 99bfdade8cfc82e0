import type { z } from 'zod';
import type {
  OfflineStatusInput,
  OfflineTransactions,
  StatusInput,
  StatusListInput,
  TransactionPage,
  TransactionView,
} from '../../../shared/ipc/payment-views';
import { explainCode } from '../../../shared/spin/codes';
import { AppFailure } from '../app-failure';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';
import { SpinError } from '../spin/spin-error';
import { toTransactionView, type LookupRecord } from './transaction-view';

// The transaction lookups (docs/PROTOCOL.md §4.8–§4.10). They read the open batch and move no money, so
// they go straight to the terminal, without the journal.

/**
 * One transaction by ReferenceId (else TransactionNumber). A declined attempt the terminal kept
 * comes back as ResultCode 1 with its record, and is shown as such; 1001 means there is none.
 */
export async function lookUpStatus(deps: TerminalDeps, input: z.output<typeof StatusInput>): Promise<TransactionView> {
  try {
    const record = await callTerminal(deps, input.profileId, 'Status', () => ({
      PaymentType: input.paymentType,
      ...(input.referenceId ? { ReferenceId: input.referenceId } : {}),
      ...(input.transactionNumber ? { TransactionNumber: input.transactionNumber } : {}),
      GetReceipt: input.getReceipt,
    }));
    return toTransactionView(record as LookupRecord);
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
  const [path, what] = input.referenceId ? ['referenceId', `reference ${input.referenceId}`] : ['transactionNumber', `number ${input.transactionNumber}`];
  return new AppFailure('NOT_FOUND', `No transaction with ${what} in the terminal's open batch.`, {
    statusCode: '1001',
    remedy: info.remedy,
    fields: [{ path, message: 'is not in the open batch' }],
  });
}

/** The open batch's records with TransactionNumber in [fromIndex, toIndex], in batch order. */
export async function listTransactions(deps: TerminalDeps, input: z.output<typeof StatusListInput>): Promise<TransactionPage> {
  const answer = await callTerminal(deps, input.profileId, 'StatusList', (target) => {
    const merchant = input.merchantNumber ?? target.merchantNumber ?? undefined;
    return {
      PaymentType: input.paymentType,
      TransactionFromIndex: input.fromIndex,
      TransactionToIndex: input.toIndex,
      ...(merchant ? { MerchantNumber: merchant } : {}),
    };
  });
  const transactions = (answer.Transactions ?? []).map((record) => toTransactionView(record as LookupRecord));
  return { transactions: transactions.sort(byNumber), fromIndex: input.fromIndex, toIndex: input.toIndex };
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
