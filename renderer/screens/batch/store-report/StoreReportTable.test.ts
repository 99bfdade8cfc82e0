import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { JournalEntryView } from '@shared/ipc/journal-views';
import type { SettleResult } from '@shared/ipc/report-views';
import { daysOfProfiles, storeReport } from '../../../lib/report/store-report';
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

describe('StoreReportTable', { timeout: 15_000 }, () => {
  it('shows a shared TPN once per merchant, counted once, and a Settle recovered without totals as "totals not known"', () => {
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
    const report = storeReport(daysOfProfiles(profiles, journal, (settled) => settlements[settled.id]));
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
});
