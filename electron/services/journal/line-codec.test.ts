import { describe, expect, it } from 'vitest';
import { decodeLine, encodeLine } from './line-codec';
import type { IntentLine, JournalLine, OutcomeLine } from './records';

const outcome = (id: string, at: string, result: OutcomeLine['result'], statusCode: string, message: string): OutcomeLine => ({
  t: 'outcome',
  id,
  at,
  result,
  statusCode,
  message,
});

/** A Settle's outcome: what each application closed, receipt included. */
const settlement: OutcomeLine = {
  ...outcome('e1', '2026-01-31T22:00:00.000Z', 'approved', '0000', 'BATCH 1 CLOSED'),
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

/** A Sale's intent with the witness of the batch it could land in. */
const witnessed: IntentLine = {
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

/** That Sale's outcome when the batch was settled before its lookup could tell. */
const settledUnknown = outcome('e2', '2026-01-31T11:00:00.000Z', 'settled-unknown', '', 'Charged or not');

describe('journal lines', () => {
  it.each<[string, JournalLine]>([
    ["a settlement's outcome, with what each application closed", settlement],
    ["a payment's intent, with the witness of the batch it could land in", witnessed],
    ['a settled-unknown outcome', settledUnknown],
  ])('reads back %s', (_line, line) => {
    expect(decodeLine(encodeLine(line).trimEnd())).toEqual({ ok: true, line });
  });

  it.each([
    [
      'a settlement has no list of applications',
      { ...settlement, settlement: { settlementType: 'Close' } },
      'settlement must be { details: [...] }',
    ],
    [
      'the witness lacks its batch number',
      { ...witnessed, batch: { ref: 'S1', paymentType: 'Credit' } },
      'batch must name ref, paymentType and batchNumber',
    ],
  ])('names the field when %s', (_case, broken, error) => {
    expect(decodeLine(JSON.stringify(broken))).toEqual({ ok: false, error });
  });
});
