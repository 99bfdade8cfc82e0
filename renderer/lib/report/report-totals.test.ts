import { describe, expect, it } from 'vitest';
import type { DailyReport, SummaryReport } from '@shared/ipc/report-views';
import { signOf } from '@shared/ipc/money-sign';
import { dailyTotals, expectedTotal, summaryMismatches, sumTotals } from './report-totals';
import { totals } from '../../test-support/settlement-fixtures';

const header = { profileId: 'p1', tpn: 'Z8SIM0000001', fetchedAt: '2026-01-31T12:00:00.000Z' };

describe('report totals', () => {
  it('adds applications in whole cents (0.10 + 0.20 is exactly 0.30)', () => {
    const sum = sumTotals([totals({ count: 1, sale: 10, total: 10 }), totals({ count: 2, sale: 20, total: 20 })]);
    expect(sum).toMatchObject({ count: 3, sale: 30, total: 30 });
  });

  it('keeps a figure no application reported as null, not zero', () => {
    const sum = sumTotals([totals({ reversal: null }), totals({ reversal: null, sale: 5 })]);
    expect(sum.reversal).toBeNull();
    expect(sum.sale).toBe(5);
    expect(sumTotals([]).total).toBeNull();
  });

  it('expects Total = Sales + Tickets + Cash advance - Returns (docs/PROTOCOL.md §4.11: 812.40 - 20.00 = 792.40)', () => {
    expect(expectedTotal(totals({ sale: 81240, ret: 2000, void: 4250, total: 79240 }))).toBe(79240);
    expect(expectedTotal(totals({ sale: 1000, ticket: 500, cashAdvance: 200, ret: 300, auth: 9999 }))).toBe(1400);
    expect(expectedTotal(totals({ sale: null, ret: null, ticket: null, cashAdvance: null }))).toBeNull();
  });

  it('names each Summary application whose Total contradicts its own figures', () => {
    const report: SummaryReport = {
      ...header,
      applications: [
        { merchantNumber: 1, application: 'Credit', totals: totals({ sale: 1000, ret: 100, total: 900 }) },
        { merchantNumber: 1, application: 'Debit', totals: totals({ sale: 1000, total: 1100 }) },
        { merchantNumber: 1, application: 'Gift', totals: totals({ sale: 500, total: null }) },
      ],
    };
    expect(summaryMismatches(report)).toEqual([{ application: 'Debit', reportedCents: 1100, computedCents: 1000 }]);
  });

  it('counts Daily rows by type: sales and captures in, returns out, voids and holds not at all', () => {
    expect([signOf('Sale'), signOf('Capture'), signOf('Return'), signOf('Void'), signOf('Auth'), signOf('TipAdjust')]).toEqual([
      1, 1, -1, 0, 0, 0,
    ]);
  });

  it('adds Daily rows per application and compares with each TotalAmount', () => {
    const row = (application: string, transactionType: string, amountCents: number | null) => ({
      application,
      number: '1',
      referenceId: 'R',
      cardType: 'Visa',
      transactionType,
      last4: '0119',
      amountCents,
    });
    const report: DailyReport = {
      ...header,
      applications: [
        { merchantNumber: 1, application: 'Credit', totalCents: 1500, rowCount: 4 },
        { merchantNumber: 2, application: 'Credit', totalCents: 999, rowCount: 1 },
      ],
      rows: [
        row('Credit', 'Sale', 2000),
        row('Credit', 'Return', 500),
        row('Credit', 'Void', 700),
        row('Credit', 'Sale', null),
        row('Credit', 'Sale', 1000),
      ],
    };
    const result = dailyTotals(report);
    // Two applications with the same name on different merchants stay apart.
    expect(result.applications.map((app) => [app.rowCount, app.reportedCents, app.computedCents])).toEqual([
      [4, 1500, 1500],
      [1, 999, 1000],
    ]);
    expect(result).toMatchObject({ rowCount: 5, reportedCents: 2499, computedCents: 2500 });
    expect(result.mismatches).toEqual([{ application: 'Credit', reportedCents: 999, computedCents: 1000 }]);
    // No row's fee is known (none sent from this PC): no fee total and no fee column.
    expect([result.feeCents, result.hasFees]).toEqual([null, false]);
  });

  it("adds the known fees of counted rows, a return's negative, a void's not at all; zero fees give no fee column", () => {
    const row = (transactionType: string, feeCents?: number) => ({
      application: 'Credit',
      number: '1',
      referenceId: 'R',
      cardType: 'Visa',
      transactionType,
      last4: '0119',
      amountCents: 1000,
      ...(feeCents === undefined ? {} : { feeCents }),
    });
    const report = (rows: DailyReport['rows']): DailyReport => ({
      ...header,
      applications: [{ merchantNumber: 1, application: 'Credit', totalCents: null, rowCount: rows.length }],
      rows,
    });
    const withFees = dailyTotals(report([row('Sale', 35), row('Sale'), row('Return', 5), row('Void', 60), row('Capture', 20)]));
    expect([withFees.applications[0]?.feeCents, withFees.feeCents, withFees.hasFees]).toEqual([50, 50, true]);
    const zero = dailyTotals(report([row('Sale', 0), row('Void', 60)]));
    expect([zero.feeCents, zero.hasFees]).toEqual([0, false]);
  });
});
