// Batch reports and settlement. All three read the same grouping (one entry per payment
// application) and the same totals (see totals.ts), so Summary before Settle equals Settle.
import { toDollars } from '@shared/spin';
import type { TxRecord } from '../model';
import { MERCHANT_NAME } from '../receipts';
import { bare, general } from '../replies';
import { dailyAmountOf } from '../fee-program';
import { byApplication, listedCents, totalsOf, wireTotals } from '../totals';
import type { Handler } from './context';

/**
 * The merchant slot the answers name: the request's MerchantNumber when it named one (Settle and
 * Summary take it, docs/PROTOCOL.md §2.5), else 1. The simulator keeps one batch per terminal, as
 * nothing public says a multi-merchant terminal keeps one per merchant: a Settle closes it all.
 */
const DEFAULT_MERCHANT = 1;

function merchantOf(request: { MerchantNumber?: number | null | undefined }): number {
  return request.MerchantNumber ?? DEFAULT_MERCHANT;
}

function settleReceipt(batchNumber: number, application: string, records: readonly TxRecord[]): string {
  const t = wireTotals(totalsOf(records));
  return [
    `<C><B>${MERCHANT_NAME}</B></C>`,
    `<C>BATCH ${batchNumber} ${application.toUpperCase()} SETTLEMENT</C>`,
    `<L>SALES</L><R>${t.SaleAmount.toFixed(2)}</R>`,
    `<L>CAPTURES</L><R>${t.TicketAmount.toFixed(2)}</R>`,
    `<L>RETURNS</L><R>${t.ReturnAmount.toFixed(2)}</R>`,
    `<L>VOIDS</L><R>${t.VoidAmount.toFixed(2)}</R>`,
    `<L><B>TOTAL</B></L><R><B>${t.TotalAmount.toFixed(2)}</B></R>`,
  ].join('');
}

/**
 * Close, Clear and Force all close the batch here (no host to refuse a Force or keep a Clear);
 * HostStatus tells them apart. An empty batch is 1020 No Open Batch.
 */
export const Settle: Handler<'Settle'> = ({ terminal, now }, request) => {
  const { batch } = terminal;
  if (batch.size === 0) return bare('1020', `Batch ${batch.number} has no transactions to settle`);
  const withReceipt = request.GetReceipt === true || (typeof request.GetReceipt === 'string' && request.GetReceipt !== 'No');
  const hostStatus = request.SettlementType === 'Clear' ? 'Cleared' : 'Approved';
  const details = [...byApplication(batch.records())].map(([application, records]) => ({
    MerchantNumber: merchantOf(request),
    MerchantName: MERCHANT_NAME,
    Application: application,
    DetailedMessage: `BATCH ${batch.number} CLOSED`,
    BatchNumber: String(batch.number),
    HostStatus: hostStatus,
    TransactionsReports: wireTotals(totalsOf(records)),
    Receipt: withReceipt ? settleReceipt(batch.number, application, records) : '',
  }));
  const closed = terminal.closeBatch(now.toISOString(), totalsOf(batch.records()).total, request.MerchantNumber ?? undefined);
  return { GeneralResponse: general('0000', `BATCH ${closed.batchNumber} CLOSED`), SettleDetails: details };
};

export const Summary: Handler<'Summary'> = ({ terminal }, request) => ({
  GeneralResponse: general('0000'),
  SummaryDetails: [...byApplication(terminal.batch.records())].map(([application, records]) => ({
    MerchantNumber: merchantOf(request),
    Application: application,
    TransactionsSummaryReports: wireTotals(totalsOf(records)),
  })),
});

/**
 * Every record of the open batch; a voided one is listed with TransactionType "Void". Amounts and
 * the total are what the card paid unless the fee program says Daily lists them otherwise.
 */
export const Daily: Handler<'Daily'> = ({ terminal, feeProgram }) => {
  const rule = dailyAmountOf(feeProgram);
  const listed = (record: TxRecord) => listedCents(record, rule);
  return {
    GeneralResponse: general('0000'),
    DailyDetails: [...byApplication(terminal.batch.records())].map(([application, records]) => ({
      MerchantNumber: DEFAULT_MERCHANT,
      Application: application,
      TotalAmount: toDollars(totalsOf(records, listed).total),
      TransactionsDailyReports: records.map((r) => ({
        Number: String(r.transactionNumber),
        ReferenceId: r.referenceId,
        CardType: r.card.brand,
        TransactionType: r.voided ? 'Void' : r.transactionType,
        Last4: r.card.last4,
        Amount: toDollars(listed(r)),
      })),
    })),
  };
};
