import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DailyReport, DailyRow, SummaryReport } from '@shared/ipc/report-views';
import DailyView from './DailyView.svelte';
import PrintReport from './PrintReport.svelte';
import SummaryView from './SummaryView.svelte';
import { totals } from '../../test-support/settlement-fixtures';

const header = { profileId: 'p1', tpn: 'Z8SIM0000001', fetchedAt: '2026-01-31T12:00:00.000Z' };

function cells(row: HTMLElement): string[] {
  return [...row.children].map((cell) => cell.textContent?.trim() ?? '');
}

// Generous: the first render pays for compiling the components, slow on a loaded 2-core CI machine.
describe('Summary table', { timeout: 15_000 }, () => {
  it('shows money as money in plain words, returns negative, and adds the applications up in cents', () => {
    const report: SummaryReport = {
      ...header,
      applications: [
        { merchantNumber: 1, application: 'Credit', totals: totals({ count: 3, sale: 310, ret: 300, void: 50, total: 10 }) },
        { merchantNumber: 1, application: 'Debit', totals: totals({ count: 1, sale: 20, reversal: null, total: 20 }) },
      ],
    };
    render(SummaryView, { report });
    const table = screen.getByRole('table', { name: 'Open batch by payment application' });
    const rows = within(table).getAllByRole('row');
    // One merchant account: no column for it. Counted figures, the total, then what is not counted.
    expect(cells(rows[0] as HTMLElement)).toEqual([
      'Application',
      'Transactions',
      'Sales',
      'Captures',
      'Cash withdrawals',
      'Returns',
      'Total',
      'Voided (not counted)',
      'Open holds (not counted)',
      'Reversed (not counted)',
    ]);
    expect(cells(rows[1] as HTMLElement)).toEqual(['Credit', '3', '$3.10', '$0.00', '$0.00', '-$3.00', '$0.10', '$0.50', '$0.00', '$0.00']);
    // A figure the terminal left out is a dash, never $0.00.
    expect(cells(rows[2] as HTMLElement)[9]).toBe('—');
    expect(cells(rows[3] as HTMLElement)).toEqual([
      'All applications',
      '4',
      '$3.30',
      '$0.00',
      '$0.00',
      '-$3.00',
      '$0.30',
      '$0.50',
      '$0.00',
      '$0.00',
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says which of this PC's charges were left out of the fees and tips, and why (issue 38)", () => {
    const problem = "The terminal's figures do not add up: FeeAmount $50.00 is more than Amount $10.00";
    const report: SummaryReport = {
      ...header,
      applications: [{ merchantNumber: 1, application: 'Credit', totals: totals({ count: 2, sale: 2030, total: 2030 }) }],
      feeCents: 30,
      taxCents: 0,
      figuresLeftOut: [{ referenceId: 'ACROSS2', problem }],
    };
    render(SummaryView, { report });
    const note = screen.getByTestId('figures-left-out');
    expect(note.textContent).toContain('Left out of the fees, tax on them and tips above');
    expect(note.textContent).toContain('ACROSS2');
    expect(note.textContent).toContain('FeeAmount $50.00 is more than Amount $10.00');
  });

  it('warns when the terminal’s Total is not what its own figures add up to', () => {
    const report: SummaryReport = {
      ...header,
      applications: [{ merchantNumber: 1, application: 'Credit', totals: totals({ sale: 5000, ret: 1000, total: 5000 }) }],
    };
    render(SummaryView, { report });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain("The terminal's totals do not add up");
    expect(alert.textContent).toMatch(/Credit: the terminal says \$50\.00, its figures add up to\s+\$40\.00/);
  });

  it('names the merchant account only when the applications are on more than one', () => {
    const report: SummaryReport = {
      ...header,
      applications: [
        { merchantNumber: 1, application: 'Credit', totals: totals({ count: 1, sale: 10, total: 10 }) },
        { merchantNumber: 2, application: 'Credit', totals: totals({ count: 1, sale: 20, total: 20 }) },
      ],
    };
    render(SummaryView, { report });
    const rows = within(screen.getByRole('table', { name: 'Open batch by payment application' })).getAllByRole('row');
    expect(cells(rows[0] as HTMLElement).slice(0, 3)).toEqual(['Application', 'Merchant account', 'Transactions']);
    expect(cells(rows[2] as HTMLElement).slice(0, 3)).toEqual(['Credit', '2', '1']);
  });

  it('says plainly when nothing is open', () => {
    render(SummaryView, { report: { ...header, applications: [] } });
    expect(screen.getByText('Nothing open')).toBeTruthy();
  });
});

function dailyRows(count: number): DailyRow[] {
  return Array.from({ length: count }, (_, i) => ({
    application: 'Credit',
    number: String(i + 1),
    referenceId: `R${i + 1}`,
    cardType: 'Visa',
    transactionType: 'Sale',
    last4: '0119',
    amountCents: 100,
  }));
}

describe('Daily table', { timeout: 15_000 }, () => {
  // jsdom has no ResizeObserver (bind:clientHeight) and measures nothing: the table then assumes
  // a 20-row viewport.
  beforeAll(() => {
    globalThis.ResizeObserver ??= class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  });

  it('puts only the rows in view into the DOM, and says how many there are', async () => {
    const report: DailyReport = {
      ...header,
      applications: [{ merchantNumber: 1, application: 'Credit', totalCents: 1_000_000, rowCount: 10_000 }],
      rows: dailyRows(10_000),
    };
    render(DailyView, { report });
    const grid = screen.getByRole('table', { name: 'Transactions in the open batch' });
    expect(grid.getAttribute('aria-rowcount')).toBe('10001');
    const drawn = () => within(grid).getAllByRole('row').slice(1);
    expect(drawn().length).toBeLessThan(50);
    expect(drawn()[0]?.getAttribute('aria-rowindex')).toBe('2');

    // Scrolling to row 5,000 draws the rows around it and nothing else.
    const scroller = screen.getByRole('region', { name: /Transactions in the open batch/ });
    scroller.scrollTop = 4999 * 34;
    await fireEvent.scroll(scroller);
    const indexes = drawn().map((row) => Number(row.getAttribute('aria-rowindex')));
    expect(indexes).toContain(5001);
    expect(indexes.length).toBeLessThan(50);
    expect(within(drawn()[indexes.indexOf(5001)] as HTMLElement).getAllByRole('cell')[2]?.textContent).toBe('R5000');

    const totalsTable = screen.getByRole('table', { name: 'Totals by payment application' });
    expect(cells(within(totalsTable).getAllByRole('row').at(-1) as HTMLElement)).toEqual([
      'All applications',
      '10,000',
      '$10,000.00',
      '$0.00',
      '$10,000.00',
      '$0.00',
    ]);
    expect(screen.getByText("The terminal's own total is the same: $10,000.00.")).toBeTruthy();
  });

  it('names a row whose answer to this PC had figures that do not add up (issue 38)', () => {
    const problem = "The terminal's figures do not add up: FeeAmount: -0.5 is below $0.00";
    const rows: DailyRow[] = [{ ...dailyRows(1)[0], referenceId: 'BENT', amountCents: 1000, figuresProblem: problem } as DailyRow];
    render(DailyView, {
      report: { ...header, applications: [{ merchantNumber: 1, application: 'Credit', totalCents: 1000, rowCount: 1 }], rows },
    });
    expect(screen.getByTestId('figures-left-out').textContent).toContain('BENT: ' + problem);
  });

  it('signs every row: returns negative, voids shown but not counted, so the rows add up to the total', () => {
    const rows: DailyRow[] = [
      { ...dailyRows(1)[0], referenceId: 'V', transactionType: 'Void', amountCents: 1234 } as DailyRow,
      { ...dailyRows(1)[0], referenceId: 'S1', amountCents: 650 } as DailyRow,
      { ...dailyRows(1)[0], referenceId: 'S2', amountCents: 500 } as DailyRow,
      { ...dailyRows(1)[0], referenceId: 'R', transactionType: 'Return', amountCents: 300 } as DailyRow,
    ];
    render(DailyView, {
      report: { ...header, applications: [{ merchantNumber: 1, application: 'Credit', totalCents: 850, rowCount: 4 }], rows },
    });
    const grid = screen.getByRole('table', { name: 'Transactions in the open batch' });
    const shown = within(grid)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(-3)
          .map((cell) => cell.textContent),
      );
    expect(shown).toEqual([
      ['0119', '$12.34', 'not counted'],
      ['0119', '$6.50', '$6.50'],
      ['0119', '$5.00', '$5.00'],
      ['0119', '-$3.00', '-$3.00'],
    ]);
    const totalsTable = screen.getByRole('table', { name: 'Totals by payment application' });
    expect(cells(within(totalsTable).getAllByRole('row').at(-1) as HTMLElement)).toEqual([
      'All applications',
      '4',
      '$11.50',
      '-$3.00',
      '$8.50',
      '$12.34',
    ]);
  });

  it('warns when the rows do not add up to the terminal’s total', () => {
    const report: DailyReport = {
      ...header,
      applications: [{ merchantNumber: 1, application: 'Credit', totalCents: 250, rowCount: 2 }],
      rows: dailyRows(2),
    };
    render(DailyView, { report });
    expect(screen.getByRole('alert').textContent).toMatch(/Credit: the terminal says \$2\.50, its figures add up to\s+\$2\.00/);
  });
});

// Issue 27 item 6: on a multi-merchant terminal the printed Summary and Daily say which merchant.
describe('Printed reports of a multi-merchant terminal', { timeout: 15_000 }, () => {
  const applications = [{ merchantNumber: null, application: 'Credit', totals: totals({ count: 1, sale: 500, total: 500 }) }];

  it('name the profile’s merchant in the head of the Summary when the terminal did not', () => {
    const { unmount } = render(PrintReport, {
      layout: 'a4',
      terminalName: 'Lane 2',
      merchantNumber: 3,
      summary: { ...header, applications },
    });
    expect(document.querySelector('.print-head')?.textContent).toContain('Lane 2 · TPN Z8SIM0000001 · merchant 3');
    unmount();
  });

  it('name the merchant the terminal answered in the head of every Daily sheet', () => {
    const daily: DailyReport = {
      ...header,
      applications: [{ merchantNumber: 4, application: 'Credit', totalCents: 500, rowCount: 0 }],
      rows: [],
    };
    const { unmount } = render(PrintReport, { layout: 'receipt80', terminalName: 'Lane 2', merchantNumber: 3, daily });
    const heads = [...document.querySelectorAll('.print-head')].map((head) => head.textContent);
    expect(heads.length).toBeGreaterThan(0);
    for (const head of heads) expect(head).toContain('· merchant 4');
    unmount();
  });

  it('say no merchant on a terminal without one', () => {
    const { unmount } = render(PrintReport, { layout: 'a4', terminalName: 'Lane 2', summary: { ...header, applications } });
    expect(document.querySelector('.print-head')?.textContent).not.toContain('merchant');
    unmount();
  });
});

// Issue 28: the reports carry no fee; the fees this PC's journal knows are printed with the totals.
describe('Printed reports with fees', { timeout: 15_000 }, () => {
  it('print Fees and Tax on the fees columns in the Daily totals and the total in its parts under the Summary, only when there are fees', () => {
    const rows: DailyRow[] = [
      { ...dailyRows(1)[0], referenceId: 'S1', amountCents: 1038, feeCents: 35, taxCents: 3 } as DailyRow,
      { ...dailyRows(1)[0], referenceId: 'S2', amountCents: 500 } as DailyRow,
    ];
    const daily: DailyReport = {
      ...header,
      applications: [{ merchantNumber: 1, application: 'Credit', totalCents: 1538, rowCount: 2 }],
      rows,
    };
    const printed = render(PrintReport, { layout: 'a4', terminalName: 'Lane 2', daily });
    const totalsRows = [...document.querySelectorAll('.print-lines')].at(-1)?.querySelectorAll('tr') ?? [];
    expect(cells(totalsRows[0] as HTMLElement)).toEqual([
      'Application',
      'Transactions',
      'Money in',
      'Returns',
      'Total',
      'Fees',
      'Tax on the fees',
      'Not counted',
    ]);
    expect(cells(totalsRows[totalsRows.length - 1] as HTMLElement)).toEqual([
      'All applications',
      '2',
      '$15.38',
      '$0.00',
      '$15.38',
      '$0.35',
      '$0.03',
      '$0.00',
    ]);
    printed.unmount();

    const plain = render(PrintReport, { layout: 'a4', terminalName: 'Lane 2', daily: { ...daily, rows: dailyRows(2) } });
    expect(document.body.textContent).not.toContain('Fees');
    plain.unmount();

    const summary = render(PrintReport, {
      layout: 'a4',
      terminalName: 'Lane 2',
      summary: {
        ...header,
        applications: [{ merchantNumber: 1, application: 'Credit', totals: totals({ count: 1, sale: 1038, total: 1038 }) }],
        feeCents: 35,
        taxCents: 3,
      },
    });
    // base + fee + tax on the fee = total, said in one line (the $0.03 used to be left out).
    expect(document.body.textContent).toContain(
      'Total $10.38 = $10.00 amounts before tip and fee + $0.35 fees + $0.03 tax on the fees (tips, fees and tax on the fees of the payments sent from this PC).',
    );
    summary.unmount();
  });
});
