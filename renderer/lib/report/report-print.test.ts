import { describe, expect, it } from 'vitest';
import { DAILY_HEADER_LINE, dailyLine, fit, linesPerSheet, PAPER_LAYOUTS, paginate, rowsPerSheet, totalsLines } from './report-print';

const { a4, letter, receipt80 } = PAPER_LAYOUTS;

describe('print layout arithmetic', () => {
  it('fits whole 5 mm lines between the margins, heading and slack', () => {
    // A4: (297 - 24 - 16 - 4) / 5 = 50.6; Letter: (279.4 - 24 - 16 - 4) / 5 = 47.08; receipt: (297 - 6 - 18 - 4) / 8 = 33.6
    expect([linesPerSheet(a4), linesPerSheet(letter), linesPerSheet(receipt80)]).toEqual([50, 47, 33]);
    expect([rowsPerSheet(a4), rowsPerSheet(letter), rowsPerSheet(receipt80)]).toEqual([49, 46, 32]);
  });

  it('counts the totals block: title, header, one line per application, grand total, warnings', () => {
    expect(totalsLines(1, 0)).toBe(4);
    expect(totalsLines(3, 2)).toBe(9);
  });

  it('cuts rows into full sheets and puts the totals under the last rows when they fit', () => {
    expect(paginate(100, a4, 4)).toEqual([
      { from: 0, count: 49, totals: false },
      { from: 49, count: 49, totals: false },
      { from: 98, count: 2, totals: true },
    ]);
    expect(paginate(10_000, a4, 4)).toHaveLength(205);
    expect(paginate(10_000, letter, 4)).toHaveLength(218);
  });

  it('gives the totals a sheet of their own when the last sheet is too full', () => {
    // 49 rows fill an A4 sheet; 46 leave 3 lines, one short of the 4 the totals need.
    expect(paginate(49, a4, 4).map((sheet) => [sheet.count, sheet.totals])).toEqual([
      [49, false],
      [0, true],
    ]);
    expect(paginate(46, a4, 4).map((sheet) => [sheet.count, sheet.totals])).toEqual([
      [46, false],
      [0, true],
    ]);
    expect(paginate(45, a4, 4).map((sheet) => [sheet.count, sheet.totals])).toEqual([[45, true]]);
  });

  it('prints an empty report as one sheet with the totals', () => {
    expect(paginate(0, letter, 3)).toEqual([{ from: 0, count: 0, totals: true }]);
  });

  it('cuts text that would not fit its column', () => {
    expect(fit('SHORT', 10)).toBe('SHORT');
    expect(fit('ABCDEFGHIJK', 10)).toBe('ABCDEFGHI…');
  });
});

describe('Daily transaction lines (monospaced, one text a line)', () => {
  const row = {
    number: '12',
    application: 'Credit',
    referenceId: 'F0012',
    cardType: 'Visa',
    transactionType: 'Return',
    last4: '4242',
    amount: '-$3.00',
    counted: '-$3.00',
  };

  it('puts every column at the same place as its heading: texts on the left, figures on the right', () => {
    const line = dailyLine(row);
    expect(DAILY_HEADER_LINE).toHaveLength(100);
    expect(line).toHaveLength(100);
    for (const [heading, value] of [
      ['Application', 'Credit'],
      ['Reference', 'F0012'],
      ['Card', 'Visa'],
      ['Type', 'Return'],
      ['Last 4', '4242'],
    ] as const) {
      expect(line.indexOf(value)).toBe(DAILY_HEADER_LINE.indexOf(heading));
    }
    // Right-aligned: the last character of the figure under the last character of its heading.
    expect(line.indexOf('12') + 2).toBe(DAILY_HEADER_LINE.indexOf('No.') + 3);
    expect(line.slice(-30)).toBe(`${'-$3.00'.padStart(13)} ${'-$3.00'.padStart(16)}`);
    expect(DAILY_HEADER_LINE.endsWith('Counted in total')).toBe(true);
  });

  it('cuts a text longer than its column with an ellipsis, so the columns after it stay in place', () => {
    const long = dailyLine({ ...row, referenceId: 'R'.repeat(40), cardType: 'MasterCard Debit' });
    expect(long).toHaveLength(100);
    expect(long).toContain(`${'R'.repeat(22)}…`);
    expect(long).toContain('MasterCar…');
    expect(long.indexOf('Return')).toBe(DAILY_HEADER_LINE.indexOf('Type'));
  });

  it('leaves no trailing spaces when the last figures are short', () => {
    expect(dailyLine({ ...row, amount: '', counted: '' })).toBe(dailyLine({ ...row, amount: '', counted: '' }).trimEnd());
  });
});
