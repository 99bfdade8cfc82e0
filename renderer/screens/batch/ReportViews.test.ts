import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DailyReport, DailyRow, ReportTotals, SummaryReport } from '@shared/ipc/report-views';
import DailyView from './DailyView.svelte';
import SummaryView from './SummaryView.svelte';

const header = { profileId: 'p1', tpn: 'Z8SIM0000001', fetchedAt: '2026-01-31T12:00:00.000Z' };

function totals(overrides: Partial<ReportTotals>): ReportTotals {
  return { count: 0, sale: 0, ret: 0, void: 0, auth: 0, ticket: 0, reversal: 0, cashAdvance: 0, total: 0, ...overrides };
}

function cells(row: HTMLElement): string[] {
  return [...row.children].map((cell) => cell.textContent?.trim() ?? '');
}

// Generous: the first render pays for compiling the components, slow on a loaded 2-core CI machine.
describe('Summary table', { timeout: 15_000 }, () => {
  it('shows money as money and adds the applications up in cents', () => {
    const report: SummaryReport = {
      ...header,
      applications: [
        { merchantNumber: 1, application: 'Credit', totals: totals({ count: 2, sale: 10, ret: 0, total: 10 }) },
        { merchantNumber: 1, application: 'Debit', totals: totals({ count: 1, sale: 20, reversal: null, total: 20 }) },
      ],
    };
    render(SummaryView, { report });
    const table = screen.getByRole('table', { name: 'Open batch by payment application' });
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[1] as HTMLElement)).toEqual([
      'Credit',
      '1',
      '2',
      '$0.10',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.10',
    ]);
    // A figure the terminal left out is a dash, never $0.00.
    expect(cells(rows[2] as HTMLElement)[8]).toBe('—');
    expect(cells(rows[3] as HTMLElement)).toEqual([
      'All applications',
      '',
      '3',
      '$0.30',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.30',
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
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
      '$10,000.00',
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
