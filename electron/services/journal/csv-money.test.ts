import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCsv } from './journal-csv';
import type { MoneyOperation } from './records';
import { MemoryJournal } from './sqlite-journal';

// The History CSV's money columns (csv-money.ts) on a journal of their own: a tip adjustment
// counts only its change, whichever order the export streams in, when its sale is filtered out, and
// when the journal does not hold its sale at all.

interface Step {
  op: MoneyOperation;
  ref: string;
  at: string;
  amountCents: number;
  tipCents: number;
  /** The terminal's answer: Amount (tip included), TipAmount, TotalAmount; none = declined. */
  answer?: { amount: number; tip: number; total: number };
}

async function journalOf(steps: Step[]): Promise<MemoryJournal> {
  const journal = new MemoryJournal();
  vi.useFakeTimers({ toFake: ['Date'] });
  for (const step of steps) {
    vi.setSystemTime(new Date(step.at));
    const entry = await journal.recordIntent({
      op: step.op,
      ref: step.ref,
      tpn: 'FLT0000001',
      profileId: 'p1',
      paymentType: 'Credit',
      amountCents: step.amountCents,
      tipCents: step.tipCents,
      deadlineMs: 0,
    });
    const { answer } = step;
    await journal.recordOutcome(entry.intent.id, {
      result: answer ? 'approved' : 'declined',
      statusCode: answer ? '0000' : '1015',
      message: answer ? 'Approved' : 'Declined',
      ...(answer ? { approvedCents: answer.amount, answeredTipCents: answer.tip, totalCents: answer.total } : {}),
    });
  }
  return journal;
}

function records(csv: string): Record<string, string>[] {
  const [head = '', ...rows] = csv.trim().split('\r\n');
  const columns = head.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, index) => [columns[index], cell])));
}

const sum = (rows: Record<string, string>[], column: string) =>
  rows.reduce((total, row) => total + Math.round(Number(row[column] || 0) * 100), 0);

afterEach(() => vi.useRealTimers());

const STEPS: Step[] = [
  { op: 'Sale', ref: 'S1', at: '2026-01-01T10:00:00Z', amountCents: 1234, tipCents: 200, answer: { amount: 1434, tip: 200, total: 1434 } },
  {
    op: 'TipAdjust',
    ref: 'S1',
    at: '2026-01-01T10:01:00Z',
    amountCents: 1434,
    tipCents: 350,
    answer: { amount: 1584, tip: 350, total: 1584 },
  },
  {
    op: 'TipAdjust',
    ref: 'S1',
    at: '2026-01-01T10:02:00Z',
    amountCents: 1584,
    tipCents: 300,
    answer: { amount: 1534, tip: 300, total: 1534 },
  },
  { op: 'Sale', ref: 'S2', at: '2026-01-01T10:03:00Z', amountCents: 900, tipCents: 0 },
  { op: 'Return', ref: 'R1', at: '2026-01-01T10:04:00Z', amountCents: 500, tipCents: 0, answer: { amount: 500, tip: 0, total: 500 } },
];

describe('the CSV money columns', () => {
  it.each(['newest', 'oldest'] as const)('count a tip adjustment by its change, in %s-first order', async (order) => {
    const rows = records((await toCsv(await journalOf(STEPS), {}, order)).csv);
    const charged = Object.fromEntries(rows.map((row) => [`${row.operation} ${row.tip}`, row.charged]));
    expect(charged).toEqual({
      'Sale 2.00': '14.34',
      'TipAdjust 3.50': '1.50',
      'TipAdjust 3.00': '-0.50',
      // Declined: it moved nothing, 0 in every money column (issue 36).
      'Sale 0.00': '0.00',
      'Return 0.00': '-5.00',
    });
    // What moved: the sale as last adjusted ($15.34), less the return; the declined sale moved nothing.
    expect(sum(rows, 'charged')).toBe(1534 - 500);
  });

  it("counts the change from the journal's earlier figures when the sale is outside the export's filter", async () => {
    const journal = await journalOf(STEPS);
    const rows = records((await toCsv(journal, { from: '2026-01-01T10:01:30Z' })).csv);
    // The adjustment before it made the total 15.84: 15.34 - 15.84.
    expect(rows.find((row) => row.operation === 'TipAdjust')).toMatchObject({
      amount: '12.34',
      tip: '3.00',
      total: '15.34',
      charged: '-0.50',
    });
  });

  it('falls back on the Amount a tip adjustment quoted when the journal does not hold its sale', async () => {
    const journal = await journalOf(STEPS.filter((step) => step.op !== 'Sale' || step.ref !== 'S1').slice(0, 1));
    const rows = records((await toCsv(journal)).csv);
    // It quoted 14.34 (the sale with its $2.00 tip) and made 15.84: 1.50, all of it tip.
    expect(rows.find((row) => row.operation === 'TipAdjust')).toMatchObject({
      charged: '1.50',
      charged_tip: '1.50',
      charged_amount: '0.00',
    });
  });
});
