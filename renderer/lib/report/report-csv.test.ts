import { describe, expect, it } from 'vitest';
import { csvField, csvMoney, toCsv } from '@shared/csv';
import type { DailyReport, SummaryReport } from '@shared/ipc/report-views';
import { dailyCsv, reportFileName, summaryCsv } from './report-csv';

const header = { profileId: 'p1', tpn: 'Z8SIM0000001', fetchedAt: '2026-01-31T12:00:00.000Z' };

describe('CSV quoting', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each(['=SUM(A1:A9)', '+1', '-1', '@cmd', '\tTAB'])('defuses %j so a spreadsheet does not run it', (value) => {
    expect(csvField(value).replace(/^"/, '')).toMatch(/^'/);
  });

  it('quotes a defused field that also needs quotes', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('writes amounts as plain dollars, negatives left alone', () => {
    expect([csvMoney(0), csvMoney(5), csvMoney(-250), csvMoney(123456789), csvMoney(null)]).toEqual([
      '0.00',
      '0.05',
      '-2.50',
      '1234567.89',
      '',
    ]);
    expect(toCsv(['Amount'], [[{ number: csvMoney(-250) }]])).toBe('Amount\r\n-2.50\r\n');
  });
});

describe('report CSV files', () => {
  it('writes the Summary in plain words, returns negative, with an all-applications line and what its total is made of', () => {
    const report: SummaryReport = {
      ...header,
      applications: [
        {
          merchantNumber: 1,
          application: 'Credit, store 2',
          totals: { count: 3, sale: 1234, ret: 100, void: 500, auth: 0, ticket: 0, reversal: null, cashAdvance: 0, total: 1134 },
        },
        {
          merchantNumber: 1,
          application: 'Debit',
          totals: { count: 1, sale: 725, ret: 0, void: 0, auth: 0, ticket: 0, reversal: null, cashAdvance: 0, total: 725 },
        },
      ],
    };
    expect(summaryCsv(report).split('\r\n')).toEqual([
      'Merchant account,Application,Transactions,Sales,Captures,Cash withdrawals,Returns,Total,Voided (not counted),Open holds (not counted),Reversed (not counted),Of the total: amounts before tip and fee,Of the total: tips,Of the total: fees,Of the total: tax on the fees',
      '1,"Credit, store 2",3,12.34,0.00,0.00,-1.00,11.34,5.00,0.00,,,,,',
      '1,Debit,1,7.25,0.00,0.00,0.00,7.25,0.00,0.00,,,,,',
      ',All applications,4,19.59,0.00,0.00,-1.00,18.59,5.00,0.00,,,,,',
      '',
    ]);
    // The tips, fees and tax this PC knows are parts of the all-applications Total, in columns of their
    // own that add up to it, never a line under Total (summing Total must not count them twice).
    expect(
      summaryCsv({ ...report, tipCents: 200, feeCents: 65, taxCents: 5 })
        .split('\r\n')
        .slice(-2),
    ).toEqual([',All applications,4,19.59,0.00,0.00,-1.00,18.59,5.00,0.00,,15.89,2.00,0.65,0.05', '']);
  });

  it('writes Daily rows signed, voids not counted, then the total they add up to (fees, tips and tax on the fees too); a terminal that disagrees adds its own total', () => {
    const report: DailyReport = {
      ...header,
      applications: [{ merchantNumber: 1, application: 'Credit', totalCents: 1100, rowCount: 3 }],
      rows: [
        {
          application: 'Credit',
          number: '1',
          referenceId: '=CMD()',
          cardType: 'Visa',
          transactionType: 'Sale',
          last4: '0119',
          amountCents: 1234,
          feeCents: 35,
          taxCents: 3,
          tipCents: 100,
        },
        {
          application: 'Credit',
          number: '2',
          referenceId: 'R,2',
          cardType: 'Amex',
          transactionType: 'Return',
          last4: '1005',
          amountCents: 234,
          feeCents: 5,
        },
        {
          application: 'Credit',
          number: '3',
          referenceId: 'V1',
          cardType: 'Visa',
          transactionType: 'Void',
          last4: '0119',
          amountCents: 500,
        },
      ],
    };
    expect(dailyCsv(report).split('\r\n')).toEqual([
      'Merchant account,Application,Number,Reference,Card type,Transaction type,Last 4,Amount,Counted in total,Fee,Tip,Tax on fee',
      "1,Credit,1,'=CMD(),Visa,Sale,0119,12.34,12.34,0.35,1.00,0.03",
      '1,Credit,2,"R,2",Amex,Return,1005,-2.34,-2.34,-0.05,0.00,0.00',
      '1,Credit,3,V1,Visa,Void,0119,5.00,not counted,,,',
      ',All applications,3,,,Total,,,10.00,0.30,1.00,0.03',
      ",All applications,3,,,Terminal's own total,,,11.00,,,",
      '',
    ]);
    const agreeing: DailyReport = {
      ...report,
      applications: [{ merchantNumber: 1, application: 'Credit', totalCents: 1000, rowCount: 3 }],
    };
    expect(dailyCsv(agreeing).split('\r\n').slice(-2)).toEqual([',All applications,3,,,Total,,,10.00,0.30,1.00,0.03', '']);
  });

  it('says which merchant on a multi-merchant terminal: the terminal’s account, else the profile’s MerchantNumber', () => {
    const totals = { count: 1, sale: 500, ret: 0, void: 0, auth: 0, ticket: 0, reversal: null, cashAdvance: 0, total: 500 };
    const summary: SummaryReport = { ...header, applications: [{ merchantNumber: null, application: 'Credit', totals }] };
    expect(summaryCsv(summary, 3).split('\r\n')[1]).toMatch(/^3,Credit,1,/);
    expect(summaryCsv(summary).split('\r\n')[1]).toMatch(/^,Credit,1,/);
    const daily: DailyReport = {
      ...header,
      applications: [
        { merchantNumber: 2, application: 'Credit', totalCents: 500, rowCount: 1 },
        { merchantNumber: null, application: 'Debit', totalCents: 100, rowCount: 1 },
      ],
      rows: [
        {
          application: 'Credit',
          number: '1',
          referenceId: 'S1',
          cardType: 'Visa',
          transactionType: 'Sale',
          last4: '0119',
          amountCents: 500,
        },
        {
          application: 'Debit',
          number: '2',
          referenceId: 'S2',
          cardType: 'Visa',
          transactionType: 'Sale',
          last4: '0119',
          amountCents: 100,
        },
      ],
    };
    expect(
      dailyCsv(daily, 4)
        .split('\r\n')
        .slice(1, 3)
        .map((line) => line.split(',')[0]),
    ).toEqual(['2', '4']);
  });

  it('names files by report, terminal and local time', () => {
    expect(reportFileName('daily', 'Z8SIM/0000001', new Date(2026, 0, 31, 14, 5), 'csv')).toBe(
      'spin-desk-daily-Z8SIM0000001-20260131-1405.csv',
    );
    // The store report covers every terminal: no TPN, and no empty part in the name.
    expect(reportFileName('store', '', new Date(2026, 0, 31, 14, 5), 'pdf')).toBe('spin-desk-store-20260131-1405.pdf');
  });
});
