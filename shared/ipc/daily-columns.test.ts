import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailyReceived, dailyToSend } from './daily-columns';
import { DailyReportSent, type DailyReport, type DailyRow } from './report-views';

// Daily's rows cross from main to the page as columns: what the page reads must be the report main
// made, row for row and field for field (a field a row left out stays out, never null or 0), and
// the contract's check must read the columns as strictly as it read the rows.

const cents = fc.option(fc.integer({ min: -1_000_000, max: 1_000_000 }), { nil: undefined });
const row: fc.Arbitrary<DailyRow> = fc
  .record({
    application: fc.constantFrom('CREDIT', 'DEBIT', 'EBT'),
    number: fc.nat().map(String),
    referenceId: fc.string({ minLength: 1, maxLength: 24 }),
    cardType: fc.constantFrom('Visa', 'Mastercard', ''),
    transactionType: fc.constantFrom('Sale', 'Return', 'Auth', 'Void'),
    last4: fc.stringMatching(/^\d{0,4}$/),
    amountCents: fc.option(fc.integer({ min: -10_000_000, max: 10_000_000 }), { nil: null }),
    feeCents: cents,
    taxCents: cents,
    tipCents: cents,
    figuresProblem: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
  })
  .map((all) => Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)) as DailyRow);

const report = (rows: DailyRow[]): DailyReport => ({
  profileId: 'p1',
  tpn: 'TPN000000001',
  fetchedAt: '2026-12-02T18:00:00.000Z',
  applications: [{ merchantNumber: null, application: 'CREDIT', totalCents: 1250, rowCount: rows.length }],
  rows,
  capturedAuths: ['A1'],
});

/** A row with only the fields every row has. */
const plain: DailyRow = {
  application: 'CREDIT',
  number: '1',
  referenceId: 'R1',
  cardType: 'Visa',
  transactionType: 'Sale',
  last4: '0119',
  amountCents: 100,
};

describe('Daily as columns', () => {
  it('comes back to the page as the rows main made, through the contract check and JSON', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        // Checked as dispatch checks it (before any copy: Electron's IPC keeps a list's holes), then as the page gets it.
        const sent = DailyReportSent.parse(dailyToSend(report(rows)));
        expect(dailyReceived(DailyReportSent.parse(JSON.parse(JSON.stringify(sent))))).toStrictEqual(report(rows));
      }),
      { numRuns: 300 },
    );
  });

  it('sends a list only for the optional fields some row has', () => {
    const { columns } = dailyToSend(report([plain, { ...plain, referenceId: 'R2', tipCents: 50 }]));
    expect(Object.keys(columns)).not.toContain('feeCents');
    expect(columns.tipCents).toEqual([null, 50]);
  });

  it('refuses a card number in last4 and lists of different lengths, naming where', () => {
    const sent = dailyToSend(report([plain, plain]));
    const leaked = DailyReportSent.safeParse({ ...sent, columns: { ...sent.columns, last4: ['0119', '4111111111111111'] } });
    expect(leaked.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['columns.last4.1']);
    const short = DailyReportSent.safeParse({ ...sent, columns: { ...sent.columns, amountCents: [100] } });
    expect(short.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['columns', 'every list must hold one entry per row'],
    ]);
  });
});
