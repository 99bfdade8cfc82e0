import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { JournalEntryView } from '@shared/ipc/journal-views';
import type { SettleResult } from '@shared/ipc/report-views';
import { daysOfProfiles, storeReport } from '../../../lib/report/store-report';
import PrintReport from '../PrintReport.svelte';
import StoreReportTable from './StoreReportTable.svelte';
import { recoveredSettlement, settlement, totals } from '../../../test-support/settlement-fixtures';

// The store report's tables as a manager reads them: a TPN shared by two profiles (merchants 1 and
// 2) renders once per merchant without a duplicate key, and a Settle recovered by a lookup without
// totals says so in its row instead of $0.00 with a dash.

function entry(
  operation: JournalEntryView['operation'],
  tpn: string,
  profileId: string,
  referenceId: string,
  amountCents: number,
  hour: number,
) {
  const at = new Date(2026, 0, 31, hour).toISOString();
  return {
    id: `${profileId}-${referenceId}`,
    operation,
    referenceId,
    profileId,
    tpn,
    amountCents,
    tipCents: 0,
    createdAt: at,
    state: 'approved',
    attempts: 0,
    outcome: { at, statusCode: '0000', message: 'Approved' },
  } satisfies JournalEntryView;
}

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? ''));

/** Bar on merchants 1 and 2 of one TPN (one closed batch), and Lane 6 whose Settle was recovered without totals. */
function barAndLane6() {
  const profiles = [
    { id: 'm1', name: 'Bar', tpn: 'T5', merchantNumber: 1 },
    { id: 'm2', name: 'Bar', tpn: 'T5', merchantNumber: 2 },
    { id: 'l6', name: 'Lane 6', tpn: 'T6', merchantNumber: null },
  ];
  const settlements: Record<string, SettleResult> = {
    'm1-S1': settlement('T5', [totals({ count: 1, sale: 12000, total: 12000 })], 'S1', 7),
    'm2-S2': settlement('T5', [totals({ count: 1, sale: 12000, total: 12000 })], 'S2', 7),
    'l6-S3': recoveredSettlement('T6', 'S3'),
  };
  const journal = [
    entry('Sale', 'T5', 'm1', 'A1', 12000, 10),
    entry('Settle', 'T5', 'm1', 'S1', 0, 18),
    // Merchant 2's Settle answered with the record of the same closed batch: not counted again.
    entry('Settle', 'T5', 'm2', 'S2', 0, 18),
    entry('Sale', 'T6', 'l6', 'B1', 4400, 11),
    entry('Settle', 'T6', 'l6', 'S3', 0, 19),
  ];
  return storeReport(daysOfProfiles(profiles, journal, (settled) => settlements[settled.id]));
}

describe('StoreReportTable', { timeout: 15_000 }, () => {
  it('shows a shared TPN once per merchant, counted once, and a Settle recovered without totals as "totals not known"', () => {
    const report = barAndLane6();
    render(StoreReportTable, { report });
    expect(rowsOf("The store's day by terminal")).toEqual([
      ['Bar · merchant 1', '1', '$120.00', '$0.00', '$120.00', '$0.00'],
      ['Lane 6', 'Settled, totals not known: not in the store line (this PC recorded $44.00 on it).'],
      ['Store', '1', '$120.00', '$0.00', '$120.00', '$0.00'],
    ]);
    expect(rowsOf("This PC's settled payments by terminal")).toEqual([
      ['Bar · merchant 1', '1', '$120.00', '$0.00', '$0.00', '$0.00', '$120.00'],
      ['Store', '1', '$120.00', '$0.00', '$0.00', '$0.00', '$120.00'],
    ]);
    expect(report.nothingToSettle.map((row) => row.key)).toEqual(['T5#2']);
  });

  it('heads each table with what its figures are', () => {
    render(StoreReportTable, { report: barAndLane6() });
    const headings = (name: string) =>
      [...within(screen.getByRole('table', { name })).getAllByRole('columnheader')].map((th) => th.textContent);
    expect(headings("The store's day by terminal")).toEqual([
      'Terminal',
      'Transactions',
      'Sales and captures',
      'Returns',
      'Net',
      'Voided (not counted)',
    ]);
    expect(headings("This PC's settled payments by terminal")).toEqual([
      'Terminal',
      'Payments',
      'Amount',
      'Tips',
      'Fees',
      'Tax on fees',
      'Total',
    ]);
  });

  it('prints every figure on a sheet, and only what each table adds up to on the 80 mm roll', () => {
    const printed = (layout: 'a4' | 'receipt80') => {
      const { unmount } = render(PrintReport, { layout, terminalName: '', store: { report: barAndLane6(), day: new Date(2026, 0, 31) } });
      const tables = [...document.querySelectorAll('.print-root table.print-lines')].slice(0, 2).map((table) => ({
        widths: [...table.querySelectorAll('col')].map((col) => `${col.getAttribute('span') ?? 1}×${col.style.width || 'rest'}`),
        rows: [...table.querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent?.trim())),
      }));
      unmount();
      return tables;
    };
    expect(printed('a4')).toEqual([
      {
        widths: ['1×rest', '1×9%', '4×14%'],
        rows: [
          ['Terminal', 'Count', 'Sales', 'Returns', 'Net', 'Voided'],
          ['Bar · M1', '1', '$120.00', '$0.00', '$120.00', '$0.00'],
          ['Lane 6', 'Totals not known'],
          ['Store', '1', '$120.00', '$0.00', '$120.00', '$0.00'],
        ],
      },
      {
        widths: ['1×rest', '1×9%', '5×12%'],
        rows: [
          ['Terminal', 'Count', 'Amount', 'Tips', 'Fees', 'Tax on fees', 'Total'],
          ['Bar · M1', '1', '$120.00', '$0.00', '$0.00', '$0.00', '$120.00'],
          ['Store', '1', '$120.00', '$0.00', '$0.00', '$0.00', '$120.00'],
        ],
      },
    ]);
    expect(printed('receipt80')).toEqual([
      {
        widths: ['1×rest', '1×40%'],
        rows: [
          ['Terminal', 'Net'],
          ['Bar · M1', '$120.00'],
          ['Lane 6', 'Totals not known'],
          ['Store', '$120.00'],
        ],
      },
      {
        widths: ['1×rest', '1×40%'],
        rows: [
          ['Terminal', 'Total'],
          ['Bar · M1', '$120.00'],
          ['Store', '$120.00'],
        ],
      },
    ]);
  });

  it('prints a long terminal name whole on every paper, wrapped in its cell rather than cut', () => {
    const long = 'Front counter register / Front counter 2s';
    const report = storeReport(
      daysOfProfiles(
        [{ id: 'f1', name: long, tpn: 'T7', merchantNumber: null }],
        [entry('Sale', 'T7', 'f1', 'A1', 500, 10), entry('Settle', 'T7', 'f1', 'S1', 0, 18)],
        () => settlement('T7', [totals({ count: 1, sale: 500, total: 500 })], 'S1', 3),
      ),
    );
    for (const layout of ['a4', 'receipt80'] as const) {
      const { unmount } = render(PrintReport, { layout, terminalName: '', store: { report, day: new Date(2026, 0, 31) } });
      const names = [...document.querySelectorAll('.print-root table.print-lines tbody tr:first-child > :first-child')];
      expect(names.map((cell) => cell.textContent?.trim())).toEqual([long, long]);
      unmount();
    }
  });
});
