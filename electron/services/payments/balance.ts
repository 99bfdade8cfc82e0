import type { z } from 'zod';
import type { BalanceForm, BalanceResult } from '@shared/ipc/payment-views';
import { centsOrNull } from '@shared/spin/terminal-amounts';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';
import { SpinError } from '../spin/spin-error';
import type { RecordLike } from '../spin/spin-record';
import { paymentResultFromRecord } from './payment-result';

type BalanceAmounts = { EBTFSAvailableBalance?: number | null; EBTCashAvailableBalance?: number | null };

/**
 * EBT balance enquiry (docs/PROTOCOL.md §4.7). No money moves, so it is not journaled and a lost answer
 * may simply be asked again. A refusal the terminal or proxy answered is a result to show (card
 * not EBT, customer cancelled); a transport failure is thrown as the SpinError it is.
 */
export async function runBalance(deps: TerminalDeps, form: z.output<typeof BalanceForm>): Promise<BalanceResult> {
  let record: RecordLike & { Amounts?: BalanceAmounts | null };
  try {
    record = await callTerminal(deps, form.profileId, 'Balance', (target) => {
      const merchant = form.merchantNumber ?? target.merchantNumber ?? undefined;
      return {
        PaymentType: form.paymentType,
        ReferenceId: form.referenceId,
        PrintReceipt: 'No' as const,
        GetReceipt: form.getReceipt,
        ...(merchant ? { MerchantNumber: merchant } : {}),
      };
    });
  } catch (error) {
    if (!(error instanceof SpinError) || !error.generalResponse || (error.code !== 'TERMINAL' && error.code !== 'PROXY')) throw error;
    record = { ...((error.response as object | undefined) ?? {}), GeneralResponse: error.generalResponse };
  }
  const amounts = record.Amounts;
  return {
    // The record's Amounts hold balances, not a charge: nothing is shown as an amount.
    ...paymentResultFromRecord({ ...record, Amounts: null }, form.referenceId),
    // A balance the terminal cannot mean (negative, absurd) is not shown: null, "not said".
    balances: {
      foodCents: centsOrNull('EBTFSAvailableBalance', amounts?.EBTFSAvailableBalance),
      cashCents: centsOrNull('EBTCashAvailableBalance', amounts?.EBTCashAvailableBalance),
    },
  };
}
