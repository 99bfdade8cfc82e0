import type { ReportTotals, SettleResult } from '@shared/ipc/report-views';
import { sumTotals } from './report-totals';

/** Every application's settled figures added up in cents, for the totals row of screen, paper and CSV. */
export function settledTotals(result: SettleResult) {
  return sumTotals(result.details.flatMap((detail) => (detail.totals ? [detail.totals] : [])));
}

/** Money taken: sales, captures and cash withdrawals (null when the terminal gave none of them). */
export function moneyIn(totals: ReportTotals): number | null {
  const parts = [totals.sale, totals.ticket, totals.cashAdvance];
  return parts.every((part) => part === null) ? null : parts.reduce<number>((sum, part) => sum + (part ?? 0), 0);
}
