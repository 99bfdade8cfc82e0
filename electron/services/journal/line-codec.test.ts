import { describe, expect, it } from 'vitest';
import { decodeLine, encodeLine } from './line-codec';
import type { IntentLine, OutcomeLine } from './records';

/** An outcome line with no more than every outcome has. */
const outcomeLine = (id: string, at: string, result: OutcomeLine['result'], statusCode: string, message: string): OutcomeLine => ({
  t: 'outcome',
  id,
  at,
  result,
  statusCode,
  message,
});

describe('journal lines of a settlement', () => {
  const outcome: OutcomeLine = {
    ...outcomeLine('e1', '2026-01-31T22:00:00.000Z', 'approved', '0000', 'BATCH 1 CLOSED'),
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

describe('journal lines of a payment', () => {
  const intent: IntentLine = {
    t: 'intent',
    id: 'e2',
    at: '2026-01-31T10:00:00.000Z',
    op: 'Sale',
    ref: 'S2',
    tpn: 'TPN0000001',
    profileId: 'p1',
    amountCents: 4200,
    tipCents: 0,
    deadlineAt: '2026-01-31T10:02:02.000Z',
    batch: { ref: 'S1', paymentType: 'Credit', batchNumber: '7' },
  };

  it('reads back the witness of the batch it could land in', () => {
    expect(decodeLine(encodeLine(intent).trimEnd())).toEqual({ ok: true, line: intent });
  });

  it('names the field when the witness lacks its batch number', () => {
    const broken = JSON.stringify({ ...intent, batch: { ref: 'S1', paymentType: 'Credit' } });
    expect(decodeLine(broken)).toEqual({ ok: false, error: 'batch must name ref, paymentType and batchNumber' });
  });

  it('reads back a settled-unknown outcome', () => {
    const outcome = outcomeLine('e2', '2026-01-31T11:00:00.000Z', 'settled-unknown', '', 'Charged or not');
    expect(decodeLine(encodeLine(outcome).trimEnd())).toEqual({ ok: true, line: outcome });
  });
});
