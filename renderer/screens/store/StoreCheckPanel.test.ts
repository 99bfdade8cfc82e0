import { render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReconciliationReport } from '@shared/ipc/reconciliation-views';
import type { StoreCheck, StoreCheckRow } from '@shared/ipc/store-views';
import { installFakeTransport } from '../../test-support/fake-transport';
import StoreCheckPanel from './StoreCheckPanel.svelte';
import { storeCheck } from './store-check.svelte';

// Check before settling (all) as the Store screen shows it, against a fake main process: it never
// reassures past what it read (issue 36). Terminals it could not read are named with what this PC
// recorded on them, and two merchant profiles on one TPN are two rows.

function report(profileId: string, cents: number): ReconciliationReport {
  return {
    profileId,
    tpn: 'Z8SIM0000001',
    fetchedAt: '2026-01-31T22:00:00.000Z',
    batchNumber: '4',
    batchRows: 2,
    journalApprovals: 2,
    matched: 2,
    otherBatches: 0,
    missingFromBatch: [],
    notFromThisPc: [],
    mismatches: [],
    totals: { journalCents: cents, missingCents: 0, notFromThisPcCents: 0, differencesCents: 0, batchCents: cents },
  };
}

function row(profileId: string, name: string, extra: Partial<StoreCheckRow> = {}): StoreCheckRow {
  return { profileId, name, tpn: 'Z8SIM0000001', merchantNumber: null, recordedCents: 0, report: null, error: null, ...extra };
}

const stopped = { code: 'PROXY' as const, message: 'Not connected: the terminal is off or offline.', statusCode: '2001' };

const check: StoreCheck = {
  terminals: [
    row('m1', 'Front', { merchantNumber: 1, recordedCents: 49072, report: report('m1', 49072) }),
    row('m2', 'Front', { merchantNumber: 2, recordedCents: 49072, report: report('m2', 49072) }),
    row('p2', 'Bar', { tpn: 'Z8SIM0000002', recordedCents: 10000, error: stopped }),
    row('p3', 'Patio', { tpn: 'Z8SIM0000003', recordedCents: 1875, error: stopped }),
  ],
  store: { journalCents: 49072, batchCents: 49072, differences: 0, terminalsWithDifferences: 0, unread: 2, uncheckedCents: 11875 },
};

beforeEach(() => {
  storeCheck.clear();
  installFakeTransport({ 'store:check': () => check });
});

describe('Check before settling (all)', () => {
  it('says what it could not check, with what this PC recorded there, instead of "every batch matches"', async () => {
    render(StoreCheckPanel);
    await storeCheck.run();
    const line = await screen.findByRole('status');
    expect(line.textContent).not.toMatch(/every batch read matches/i);
    expect(line.textContent).toContain('Not checked: $118.75 on 2 terminals');
    expect(line.textContent).toContain('this PC recorded $490.72; the batches read hold $490.72');
    const table = screen.getByRole('table');
    const bar = within(table).getByRole('row', { name: /Bar/ });
    expect(bar.textContent).toContain('$100.00');
    expect(bar.textContent).toMatch(/Not read: Not connected/);
    expect(within(table).getByRole('row', { name: /Patio/ }).textContent).toContain('$18.75');
    // Two merchants on one terminal: two rows, each named by its merchant.
    expect(within(table).getByRole('row', { name: /Front \(merchant 1\)/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Front \(merchant 2\)/ })).toBeTruthy();
  });
});
