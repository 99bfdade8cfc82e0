import { count, money } from './report-format';
import type { BatchFigures, PaymentFigures } from './store-report';

/** A figure column of the store report's two tables, as the screen and the paper show it. */
export interface FigureColumn<F> {
  heading: string;
  /** Shorter, for the narrow columns of a printed sheet. */
  printHeading: string;
  text: (figures: F) => string;
  /** What the table adds up to: the one figure the 80 mm roll carries. */
  sum?: boolean;
  /** Listed, not counted (voids): set apart on screen. */
  aside?: boolean;
}

/** What the batches closed, from the terminals' own Settle answers. */
export const BATCH_COLUMNS: readonly FigureColumn<BatchFigures>[] = [
  { heading: 'Transactions', printHeading: 'Count', text: (f) => count(f.count) },
  { heading: 'Sales and captures', printHeading: 'Sales', text: (f) => money(f.salesCents) },
  { heading: 'Returns', printHeading: 'Returns', text: (f) => money(f.returnsCents) },
  { heading: 'Net', printHeading: 'Net', text: (f) => money(f.netCents), sum: true },
  { heading: 'Voided (not counted)', printHeading: 'Voided', text: (f) => money(f.voidedCents), aside: true },
];

/** This PC's payments those batches closed: amount + tip + fee + tax on the fee = total. */
export const PAYMENT_COLUMNS: readonly FigureColumn<PaymentFigures>[] = [
  { heading: 'Payments', printHeading: 'Count', text: (f) => count(f.payments) },
  { heading: 'Amount', printHeading: 'Amount', text: (f) => money(f.baseCents) },
  { heading: 'Tips', printHeading: 'Tips', text: (f) => money(f.tipsCents) },
  { heading: 'Fees', printHeading: 'Fees', text: (f) => money(f.feesCents) },
  { heading: 'Tax on fees', printHeading: 'Tax on fees', text: (f) => money(f.feeTaxCents) },
  { heading: 'Total', printHeading: 'Total', text: (f) => money(f.totalCents), sum: true },
];
