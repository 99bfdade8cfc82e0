import type { DailyReport, ReportTotals, SummaryReport } from '@shared/ipc/report-views';
import type { ResponseOf } from '@shared/spin/endpoints';
import { centsOrNull } from '@shared/spin/terminal-amounts';

// The wire's report answers (dollars, every field optional) turned into the views the screens
// show (integer cents, null where the terminal said nothing). Nothing is added up here: the
// renderer adds the figures itself and compares them with what the terminal reported.

type WireTotals = Partial<
  Record<
    | 'TransactionsCount'
    | 'SaleAmount'
    | 'ReturnAmount'
    | 'VoidAmount'
    | 'AuthAmount'
    | 'TicketAmount'
    | 'ReversalAmount'
    | 'CashAdvanceAmount'
    | 'TotalAmount',
    number | null
  >
>;

export interface Header {
  profileId: string;
  tpn: string;
  fetchedAt: string;
}

/**
 * A report figure in cents; one the terminal cannot mean (not a number, beyond the largest amount)
 * reads as not said (shared/spin/terminal-amounts.ts). Report figures keep their sign: a batch's
 * net TotalAmount is below zero when its returns outweigh its sales.
 */
export function cents(value: number | null | undefined): number | null {
  return centsOrNull('Amount', value, { signed: true });
}

function count(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function text(value: string | null | undefined): string {
  return value ?? '';
}

export function toTotals(wire: WireTotals | null | undefined): ReportTotals {
  return {
    count: count(wire?.TransactionsCount),
    sale: cents(wire?.SaleAmount),
    ret: cents(wire?.ReturnAmount),
    void: cents(wire?.VoidAmount),
    auth: cents(wire?.AuthAmount),
    ticket: cents(wire?.TicketAmount),
    reversal: cents(wire?.ReversalAmount),
    cashAdvance: cents(wire?.CashAdvanceAmount),
    total: cents(wire?.TotalAmount),
  };
}

/** Only the last four digits ever leave the main process, whatever the terminal sent. */
export function lastFour(value: string | null | undefined): string {
  return text(value).replace(/\D/g, '').slice(-4);
}

export function toSummaryReport(header: Header, response: ResponseOf<'Summary'>): SummaryReport {
  return {
    ...header,
    applications: (response.SummaryDetails ?? []).map((detail) => ({
      merchantNumber: count(detail.MerchantNumber),
      application: text(detail.Application),
      totals: toTotals(detail.TransactionsSummaryReports),
    })),
  };
}

export function toDailyReport(header: Header, response: ResponseOf<'Daily'>): DailyReport {
  const applications: DailyReport['applications'] = [];
  const rows: DailyReport['rows'] = [];
  for (const detail of response.DailyDetails ?? []) {
    const application = text(detail.Application);
    const transactions = detail.TransactionsDailyReports ?? [];
    applications.push({
      merchantNumber: count(detail.MerchantNumber),
      application,
      totalCents: cents(detail.TotalAmount),
      rowCount: transactions.length,
    });
    // By index: 10,000 rows go through here the first time before V8 has optimised it.
    for (let index = 0; index < transactions.length; index += 1) {
      const tx = transactions[index]!;
      rows.push({
        application,
        number: text(tx.Number),
        referenceId: text(tx.ReferenceId),
        cardType: text(tx.CardType),
        transactionType: text(tx.TransactionType),
        last4: lastFour(tx.Last4),
        amountCents: cents(tx.Amount),
      });
    }
  }
  return { ...header, applications, rows };
}
