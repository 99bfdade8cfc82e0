import { signOf } from '@shared/ipc/money-sign';
import { rowPartCents, type RowPart } from './report-format';
import type { DailyReport, ReportTotals, SummaryReport } from '@shared/ipc/report-views';
import { m } from '../i18n/messages';

// The screens add every report up again, in integer cents, and compare the result with the totals
// the terminal sent. A terminal whose figures do not add up gets a visible warning: a manager must
// not sign off a batch on numbers that contradict each other.
//
// How a total is made (no source says; the app's and the simulator's reading, docs/PROTOCOL.md §4.11,
// e.g. 812.40 sales - 20.00 returns = 792.40):
//   TotalAmount = SaleAmount + TicketAmount (captures) + CashAdvanceAmount - ReturnAmount
// Voids, uncaptured auths (holds) and reversals move no money and are not in it.

export const TOTAL_KEYS = ['sale', 'ret', 'void', 'auth', 'ticket', 'reversal', 'cashAdvance', 'total'] as const;
export type TotalKey = (typeof TOTAL_KEYS)[number];

export interface Mismatch {
  application: string;
  /** What the terminal says. */
  reportedCents: number;
  /** What its own figures add up to. */
  computedCents: number;
}

function add(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return a + b;
}

/** Every application added up; a figure no application reported stays null. */
export function sumTotals(list: readonly ReportTotals[]): ReportTotals {
  const sum: ReportTotals = {
    count: null,
    sale: null,
    ret: null,
    void: null,
    auth: null,
    ticket: null,
    reversal: null,
    cashAdvance: null,
    total: null,
  };
  for (const totals of list) {
    sum.count = add(sum.count, totals.count);
    for (const key of TOTAL_KEYS) sum[key] = add(sum[key], totals[key]);
  }
  return sum;
}

/** What TotalAmount should be from the buckets; null when the terminal sent none of them. */
export function expectedTotal(totals: ReportTotals): number | null {
  const { sale, ticket, cashAdvance, ret } = totals;
  if (sale === null && ticket === null && cashAdvance === null && ret === null) return null;
  return (sale ?? 0) + (ticket ?? 0) + (cashAdvance ?? 0) - (ret ?? 0);
}

/** Applications whose TotalAmount is not what their own buckets add up to. */
export function summaryMismatches(report: SummaryReport): Mismatch[] {
  const found: Mismatch[] = [];
  for (const { application, totals } of report.applications) {
    const computed = expectedTotal(totals);
    if (totals.total !== null && computed !== null && computed !== totals.total) {
      found.push({ application, reportedCents: totals.total, computedCents: computed });
    }
  }
  return found;
}

const ROW_PARTS: readonly RowPart[] = ['tipCents', 'feeCents', 'taxCents'];

/** The figures of the Daily report's rows: of one application, and of all of them together. */
export interface DailyFigures {
  rowCount: number;
  /** The terminal's own total (for all applications, the sum of theirs); null when it sent none. */
  reportedCents: number | null;
  /** Money taken (sales, captures, cash withdrawals), returns (as a positive figure) and what is not counted (voids, holds). */
  inCents: number;
  outCents: number;
  notCountedCents: number;
  /** inCents - outCents: what the listed transactions add up to. */
  computedCents: number;
  /**
   * The tips, fees and tax on the fees in that total (returns negative), of the rows this PC sent
   * (DailyRow.tipCents, feeCents, taxCents); null when no row's is known.
   */
  tipCents: number | null;
  feeCents: number | null;
  taxCents: number | null;
}

export interface DailyApplicationTotals extends DailyFigures {
  application: string;
}

export interface DailyTotals extends DailyFigures {
  applications: DailyApplicationTotals[];
  /** Some counted row has a tip: only then do the screens give tips a column. */
  hasTips: boolean;
  /** Some counted row has a fee: only then do the screens give fees a column (a terminal without a fee program answers 0). */
  hasFees: boolean;
  mismatches: Mismatch[];
}

/**
 * Adds the Daily rows up per application and compares with each application's TotalAmount. Rows
 * arrive grouped in the applications' order (rowCount each), so two applications with the same
 * name on different merchants are still kept apart.
 */
export function dailyTotals(report: DailyReport): DailyTotals {
  let offset = 0;
  // A captured Auth is no hold any more: its Capture row carries the money, so it is in no column.
  const captured = new Set(report.capturedAuths ?? []);
  const applications = report.applications.map((app) => {
    const sums = { inCents: 0, outCents: 0, notCountedCents: 0 };
    const parts: Record<RowPart, number | null> = { tipCents: null, feeCents: null, taxCents: null };
    for (const row of report.rows.slice(offset, offset + app.rowCount)) {
      if (row.amountCents === null) continue;
      const sign = signOf(row.transactionType);
      if (sign === 0 && captured.has(row.referenceId) && row.transactionType.toLowerCase() === 'auth') continue;
      if (sign !== 0) for (const part of ROW_PARTS) parts[part] = add(parts[part], rowPartCents(row, part));
      if (sign > 0) sums.inCents += row.amountCents;
      else if (sign < 0) sums.outCents += row.amountCents;
      else sums.notCountedCents += row.amountCents;
    }
    offset += app.rowCount;
    return {
      application: app.application,
      rowCount: app.rowCount,
      reportedCents: app.totalCents,
      ...sums,
      computedCents: sums.inCents - sums.outCents,
      ...parts,
    };
  });
  const mismatches = applications
    .filter((app) => app.reportedCents !== null && app.reportedCents !== app.computedCents)
    .map((app) => ({ application: app.application, reportedCents: app.reportedCents as number, computedCents: app.computedCents }));
  const sum = (pick: (app: DailyApplicationTotals) => number) => applications.reduce((total, app) => total + pick(app), 0);
  return {
    applications,
    rowCount: report.rows.length,
    reportedCents: applications.reduce<number | null>((total, app) => add(total, app.reportedCents), null),
    inCents: sum((app) => app.inCents),
    outCents: sum((app) => app.outCents),
    notCountedCents: sum((app) => app.notCountedCents),
    computedCents: sum((app) => app.computedCents),
    tipCents: applications.reduce<number | null>((total, app) => add(total, app.tipCents), null),
    feeCents: applications.reduce<number | null>((total, app) => add(total, app.feeCents), null),
    taxCents: applications.reduce<number | null>((total, app) => add(total, app.taxCents), null),
    hasTips: report.rows.some((row) => (row.tipCents ?? 0) !== 0 && signOf(row.transactionType) !== 0),
    hasFees: report.rows.some((row) => ((row.feeCents ?? 0) !== 0 || (row.taxCents ?? 0) !== 0) && signOf(row.transactionType) !== 0),
    mismatches,
  };
}

/** A part of the Daily total the screens give a column of its own. */
export interface DailyPartColumn {
  key: RowPart;
  /** Its heading on screen, in the chosen language ("Tips in it"). */
  label: string;
  /** Its shorter heading on paper ("Tips"). */
  printLabel: string;
}

/**
 * The Daily totals' part columns: tips where a counted row has one, fees and the tax on them where a
 * counted row has a fee (a terminal without a fee program answers 0 and gets none).
 */
export function dailyPartColumns(totals: Pick<DailyTotals, 'hasTips' | 'hasFees'>): DailyPartColumn[] {
  return [
    ...(totals.hasTips ? [{ key: 'tipCents' as const, label: m.report_col_tips_in_it(), printLabel: m.report_col_tips() }] : []),
    ...(totals.hasFees
      ? [
          { key: 'feeCents' as const, label: m.report_col_fees_in_it(), printLabel: m.report_col_fees() },
          { key: 'taxCents' as const, label: m.report_col_tax_in_it(), printLabel: m.report_col_tax_on_fees() },
        ]
      : []),
  ];
}
