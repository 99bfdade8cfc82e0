import { m } from '../i18n/messages';
import { count, money } from './report-format';
import type { BatchFigures, PaymentFigures } from './store-report';

/** A figure column of the store report's two tables, as the screen and the paper show it. */
export interface FigureColumn<F> {
  /** Its heading in the chosen language. */
  heading: () => string;
  /** Shorter, for the narrow columns of a printed sheet. */
  printHeading: () => string;
  text: (figures: F) => string;
  /** What the table adds up to: the one figure the 80 mm roll carries. */
  sum?: boolean;
  /** Listed, not counted (voids): set apart on screen. */
  aside?: boolean;
}

/** What the batches closed, from the terminals' own Settle answers. */
export const BATCH_COLUMNS: readonly FigureColumn<BatchFigures>[] = [
  { heading: m.report_col_transactions, printHeading: m.report_col_count, text: (f) => count(f.count) },
  { heading: m.report_col_sales_and_captures, printHeading: m.report_col_sales, text: (f) => money(f.salesCents) },
  { heading: m.report_col_returns, printHeading: m.report_col_returns, text: (f) => money(f.returnsCents) },
  { heading: m.report_col_net, printHeading: m.report_col_net, text: (f) => money(f.netCents), sum: true },
  { heading: m.report_col_voided_not_counted, printHeading: m.report_col_voided, text: (f) => money(f.voidedCents), aside: true },
];

/** This PC's payments those batches closed: amount + tip + fee + tax on the fee = total. */
export const PAYMENT_COLUMNS: readonly FigureColumn<PaymentFigures>[] = [
  { heading: m.report_col_payments, printHeading: m.report_col_count, text: (f) => count(f.payments) },
  { heading: m.report_col_amount, printHeading: m.report_col_amount, text: (f) => money(f.baseCents) },
  { heading: m.report_col_tips, printHeading: m.report_col_tips, text: (f) => money(f.tipsCents) },
  { heading: m.report_col_fees, printHeading: m.report_col_fees, text: (f) => money(f.feesCents) },
  { heading: m.report_col_tax_fees_short, printHeading: m.report_col_tax_fees_short, text: (f) => money(f.feeTaxCents) },
  { heading: m.report_col_total, printHeading: m.report_col_total, text: (f) => money(f.totalCents), sum: true },
];
