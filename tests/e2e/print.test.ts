// A batch of 10,000 transactions (the soak tier; 2,000 in `npm test`): the Daily table stays virtual on screen (keyboard scrolling
// included), and its print layout renders every row to PDF (Chromium's page.pdf with the print
// CSS, in the browser host) on A4 and US Letter with the page count the layout promises and the
// simulator's totals on the last page. The 80 mm receipt layout is checked on the Summary.
// PDF text is read back with tests/e2e/print-kit.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../simulator';
import { formatMoney, toCents } from '@shared/spin/money';
import { fillSales, selectTerminal, type TestTerminal } from './batch-fixtures';
import { launchApp, type AppUnderTest } from './harness';
import { printLayoutToPdf, readPdf } from './print-kit';
import { tierCount } from '../support/tier';

const TPN = 'PRINTTPN0001';
const AUTHKEY = 'PRINTKEY01';
const ROWS = tierCount({ fast: 2_000, soak: 10_000 });
const POINTS_PER_MM = 72 / 25.4;

let terminal: TestTerminal;
let app: AppUnderTest;

beforeAll(async () => {
  const sim = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    terminals: [{ tpn: TPN, authkey: AUTHKEY }],
    processingDelayMs: 0,
    seed: 11,
  });
  terminal = { sim, tpn: TPN, authkey: AUTHKEY };
  await fillSales(terminal, ROWS);
  app = await launchApp();
  await selectTerminal(app, terminal, 'Busy till');
}, 180_000);

afterAll(async () => {
  await app?.close();
  await terminal?.sim.close();
});

const page = () => app.page;
const simTotals = () => terminal.sim.control.getState(TPN).totals;

const pdfOfPrintLayout = (paper: string) => printLayoutToPdf(page(), paper);

describe(`a ${ROWS.toLocaleString('en-US')}-transaction batch`, () => {
  it('shows Daily as a virtual table: few rows in the DOM, all reachable from the keyboard', async () => {
    await page().getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batch & reports' }).click();
    await page().getByRole('tab', { name: /Daily/ }).click();
    const grid = page().getByRole('table', { name: 'Transactions in the open batch' });
    await grid.waitFor({ timeout: 30_000 });
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(ROWS + 1));
    expect(await grid.locator('[role=row]').count()).toBeLessThan(80);

    const scroller = page().getByRole('region', { name: /Transactions in the open batch/ });
    await scroller.focus();
    await page().keyboard.press('End');
    await grid.locator(`[aria-rowindex="${ROWS + 1}"]`).waitFor();
    expect(
      await grid
        .locator(`[aria-rowindex="${ROWS + 1}"] [role=cell]`)
        .first()
        .textContent(),
    ).toBe(String(ROWS));
    await page().keyboard.press('Home');
    await grid.locator('[aria-rowindex="2"]').waitFor();
    const scrolled = () => scroller.evaluate((element) => element.scrollTop);
    await expect.poll(scrolled).toBe(0);
    await page().keyboard.press('ArrowDown');
    await expect.poll(scrolled).toBeGreaterThan(0);
    const oneRow = await scrolled();
    await page().keyboard.press('PageDown');
    await expect.poll(scrolled).toBeGreaterThan(oneRow * 5);

    const totals = await page().getByRole('table', { name: 'Totals by payment application' }).locator('tfoot').textContent();
    const expected = formatMoney(toCents(simTotals().TotalAmount));
    expect(totals).toContain(ROWS.toLocaleString('en-US'));
    // Money in, returns, the total, what is not counted: all sales here, so in = total.
    expect(totals?.match(/-?\$[\d,.]+/g)).toEqual([expected, '$0.00', expected, '$0.00']);
    expect(await app.checkScreen(`batch-daily-${ROWS}`)).toEqual([]);
  }, 120_000);

  // Rows per sheet come from renderer/lib/report/report-print.ts: every printed line is 5 mm; a sheet
  // has the paper height less 2 x 12 mm margins, a 16 mm heading and 4 mm slack, one line of which
  // is the column header. The totals (title, header, Credit, all applications: 4 lines) fit under
  // the last rows on both papers for both tiers' row counts, so there is no extra page.
  it.each([
    // A4: (297 - 24 - 16 - 4) / 5 = 50 lines -> 49 rows per sheet (10,000 rows: 205 pages)
    { paper: 'A4', pages: Math.ceil(ROWS / 49), sizeMm: [210, 297] },
    // Letter: (279.4 - 24 - 16 - 4) / 5 = 47 lines -> 46 rows per sheet (10,000 rows: 218 pages)
    { paper: 'US Letter', pages: Math.ceil(ROWS / 46), sizeMm: [215.9, 279.4] },
  ])(
    'prints Daily on $paper: every row, $pages pages, the simulator’s totals on the last',
    async ({ paper, pages, sizeMm }) => {
      const pdf = await pdfOfPrintLayout(paper);
      expect(pdf.pages).toBe(pages);
      expect(pdf.size[0]).toBeCloseTo((sizeMm[0] as number) * POINTS_PER_MM, 0);
      expect(pdf.size[1]).toBeCloseTo((sizeMm[1] as number) * POINTS_PER_MM, 0);

      const first = await pdf.text(1);
      expect(first).toContain(`Page 1 of ${pages}`);
      expect(first).toContain('F0');
      const last = await pdf.text(pages);
      expect(last).toContain(`Page ${pages} of ${pages}`);
      expect(last).toContain(`F${ROWS - 1}`);
      const totals = simTotals();
      const grand = /All applications\s+([\d,]+)\s+(\$[\d,.]+)/.exec(last);
      expect(grand?.[1]).toBe(totals.TransactionsCount.toLocaleString('en-US'));
      expect(grand?.[2]).toBe(formatMoney(toCents(totals.TotalAmount)));
    },
    180_000,
  );

  it('prints the Summary on an 80 mm receipt roll', async () => {
    await page().getByRole('tab', { name: 'Summary' }).click();
    await page().getByRole('table', { name: 'Open batch by payment application' }).waitFor();
    const pdf = await pdfOfPrintLayout('80 mm receipt');
    expect(pdf.pages).toBe(1);
    expect(pdf.size[0]).toBeCloseTo(80 * POINTS_PER_MM, 0);
    const text = await pdf.text(1);
    expect(text).toContain('Batch summary');
    expect(text).toContain(formatMoney(toCents(simTotals().TotalAmount)));
  }, 60_000);

  it('prints any other screen as it is once a report print is over (Ctrl+P, the menu)', async () => {
    await page().getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'History', exact: true }).click();
    await page().getByRole('heading', { name: 'History', level: 1, exact: true }).waitFor();
    const pdf = await readPdf(await page().pdf({ printBackground: true }));
    const text = await pdf.allText();
    expect(text).toContain('History');
    expect(text).toContain('Every payment spin-desk sent, from its journal');
  }, 60_000);

  // Issue 36: the Store screen had no print layout of its own, so "Print the settlement…" there
  // printed the app (navigation and buttons, six pages). One layout at the app's root serves every place.
  it('prints a settlement from the Store screen’s Settle all as the document, headed by its terminal', async () => {
    await page().getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Store', exact: true }).click();
    await page().getByRole('heading', { name: 'Store', level: 1, exact: true }).waitFor();
    await page().getByRole('button', { name: 'Settle all…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Settle all terminals?' });
    await dialog.getByRole('button', { name: /^Settle 1 now$/ }).click();
    const settled = page().getByRole('region', { name: 'Settlement of Busy till' });
    await settled.getByText('Batch closed').first().waitFor({ timeout: 60_000 });
    const closed = terminal.sim.control.getState(TPN).settlements.at(-1);
    const pdf = await printLayoutToPdf(page(), 'A4', { scope: settled, button: 'Print the settlement…' });
    const text = await pdf.allText();
    expect(pdf.pages).toBe(1);
    expect(text).toContain('Settlement');
    expect(text).toContain(`Busy till · TPN ${TPN}`);
    expect(text).toMatch(/Batch closed at/);
    // The same figures the simulator closed the batch with (count and total).
    const grand = /All applications\s+([\d,]+)\s+\S+\s+\S+\s+(\$[\d,.]+)/.exec(text);
    expect(grand?.[1]).toBe(closed?.transactionsCount.toLocaleString('en-US'));
    expect(grand?.[2]).toBe(formatMoney(closed?.totalCents ?? -1));
    // The document, not the screen: none of the app's navigation or the Store screen's buttons.
    for (const chrome of ['Troubleshooting', 'Check before settling (all)', 'Close Settle all', 'Skip to content'])
      expect(text).not.toContain(chrome);
  }, 120_000);

  it('reprints that settlement from History headed by the settled terminal while another terminal is active', async () => {
    const demo = (await app.services.profiles.list()).profiles.find((profile) => profile.environment === 'demo');
    expect(demo).toBeDefined();
    await page()
      .getByLabel('Active terminal')
      .selectOption({ label: demo?.name ?? '' });
    await page()
      .locator('header')
      .getByText(`TPN ${demo?.tpn ?? ''}`)
      .waitFor();
    await page().getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'History', exact: true }).click();
    const row = page().getByRole('row').filter({ hasText: 'Settle' });
    await row.getByRole('button', { name: /Details of Settle/ }).click();
    await page().getByRole('button', { name: 'Print or export this settlement…' }).click();
    await page().getByRole('heading', { name: 'Batch & reports', level: 1 }).waitFor();
    const closed = page().getByRole('region', { name: 'The closed batch' });
    await closed.waitFor();
    const text = await (await printLayoutToPdf(page(), 'A4', { scope: closed, button: 'Print the settlement…' })).allText();
    expect(text).toContain(`Busy till · TPN ${TPN}`);
    expect(text).not.toContain(demo?.name ?? '');
  }, 60_000);

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems).toEqual([]);
  });
});
