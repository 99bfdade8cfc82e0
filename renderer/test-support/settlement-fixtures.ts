import type { ReportTotals, SettleResult } from '@shared/ipc/report-views';

// Settlements as the journal keeps them, for the store report's node and component tests.

export function totals(overrides: Partial<ReportTotals>): ReportTotals {
  return { count: 0, sale: 0, ret: 0, void: 0, auth: 0, ticket: 0, reversal: 0, cashAdvance: 0, total: 0, ...overrides };
}

/** A closed settlement, one application per totals given (Credit, then Debit), batches numbered from `batch`. */
export function settlement(tpn: string, apps: ReportTotals[], referenceId = `settle-${tpn}`, batch = 100): SettleResult {
  return {
    outcome: 'settled',
    statusCode: '0000',
    message: 'Approved',
    explanation: '',
    remedy: '',
    referenceId,
    settlementType: 'Close',
    tpn,
    settledAt: '2026-01-31T22:00:00.000Z',
    details: apps.map((app, i) => ({
      merchantNumber: 1,
      merchantName: 'Store',
      application: i === 0 ? 'Credit' : 'Debit',
      batchNumber: String(batch + i),
      hostStatus: 'OK',
      detailedMessage: '',
      totals: app,
      receipt: '',
    })),
  };
}

/** A Settle whose answer was lost and whose close a Status lookup confirmed: no totals in its record. */
export function recoveredSettlement(tpn: string, referenceId: string): SettleResult {
  return { ...settlement(tpn, [], referenceId), recovery: { how: 'status-lookup', reason: 'The answer was lost (HTTP 500).' } };
}
