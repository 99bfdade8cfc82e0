import type { DailyReport, ReportTotals, SummaryReport } from '@shared/ipc/report-views';

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

/** +1 for money taken, -1 for money given back, 0 for what moves none (voids, holds, unknown types). */
export function signOf(transactionType: string): 1 | -1 | 0 {
  switch (transactionType.trim().toLowerCase()) {
    case 'sale':
    case 'capture':
    case 'ticket':
    case 'cashadvance':
      return 1;
    case 'return':
    case 'refund':
      return -1;
    default:
      return 0;
  }
}

export interface DailyApplicationTotals {
  application: string;
  rowCount: number;
  reportedCents: number | null;
  computedCents: number;
}

export interface DailyTotals {
  applications: DailyApplicationTotals[];
  rowCount: number;
  /** Sum of the terminal's per-application totals; null when it sent none. */
  reportedCents: number | null;
  computedCents: number;
  mismatches: Mismatch[];
}

/**
 * Adds the Daily rows up per application and compares with each application's TotalAmount. Rows
 * arrive grouped in the applications' order (rowCount each), so two applications with the same
 * name on different merchants are still kept apart.
 */
export function dailyTotals(report: DailyReport): DailyTotals {
  let offset = 0;
  const applications = report.applications.map((app) => {
    let computedCents = 0;
    for (const row of report.rows.slice(offset, offset + app.rowCount)) {
      if (row.amountCents !== null) computedCents += signOf(row.transactionType) * row.amountCents;
    }
    offset += app.rowCount;
    return { application: app.application, rowCount: app.rowCount, reportedCents: app.totalCents, computedCents };
  });
  const mismatches = applications
    .filter((app) => app.reportedCents !== null && app.reportedCents !== app.computedCents)
    .map((app) => ({ application: app.application, reportedCents: app.reportedCents as number, computedCents: app.computedCents }));
  return {
    applications,
    rowCount: report.rows.length,
    reportedCents: applications.reduce<number | null>((sum, app) => add(sum, app.reportedCents), null),
    computedCents: applications.reduce((sum, app) => sum + app.computedCents, 0),
    mismatches,
  };
}
