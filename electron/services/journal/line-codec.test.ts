import { describe, expect, it } from 'vitest';
import { decodeLine, encodeLine } from './line-codec';
import type { OutcomeLine } from './records';

describe('journal lines of a settlement', () => {
  const outcome: OutcomeLine = {
    t: 'outcome',
    id: 'e1',
    at: '2026-01-31T22:00:00.000Z',
    result: 'approved',
    statusCode: '0000',
    message: 'BATCH 1 CLOSED',
    settlement: {
      settlementType: 'Close',
      details: [
        {
          merchantNumber: 1,
          merchantName: 'Store',
          application: 'Credit',
          batchNumber: '1',
          hostStatus: 'Approved',
          detailedMessage: 'BATCH 1 CLOSED',
          totals: { count: 5, sale: 1150, ret: 300, void: 1434, auth: 0, ticket: 0, reversal: 0, cashAdvance: 0, total: 850 },
          receipt: '<L>TOTAL</L><R>8.50</R>',
        },
      ],
    },
  };

  it('reads back what each application closed, receipt included', () => {
    expect(decodeLine(encodeLine(outcome).trimEnd())).toEqual({ ok: true, line: outcome });
  });

  it('names the field when a settlement has no list of applications', () => {
    const broken = JSON.stringify({ ...outcome, settlement: { settlementType: 'Close' } });
    expect(decodeLine(broken)).toEqual({ ok: false, error: 'settlement must be { details: [...] }' });
  });
});
