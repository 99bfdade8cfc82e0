// The manager's end of day, through the UI at the two smallest supported window sizes: the Daily
// report signed so its rows add up to the total, the check of the open batch against this PC's
// journal (on screen and printed), the Settle confirmation printing Summary and Daily first, the
// settlement result printed on every paper and exported, and History keeping it for a reprint.
// PDFs are read back page by page with tests/e2e/print-kit.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startSimulator } from '../../simulator';
import { sale, selectTerminal, spin, type TestTerminal } from './batch-fixtures';
import { downloadedText, launchApp, type AppUnderTest } from './harness';
import { printedBy, printLayoutToPdf, type PrintedPdf } from './print-kit';

const POINTS_PER_MM = 72 / 25.4;

describe.each([
  { width: 1024, height: 700, tpn: 'EODTPN001024' },
  { width: 1366, height: 768, tpn: 'EODTPN001366' },
])('end of day at $width x $height', ({ width, height, tpn }) => {
  const AUTHKEY = 'EODKEY0001';
  let terminal: TestTerminal;
  let app: AppUnderTest;
  let profileId: string;
  const page = () => app.page;
  const shot = (name: string) => app.checkScreen(`eod-${width}-${name}`);

  /** A payment sent by this PC, through the app's own dispatch (journaled like one from the Sale screen). */
  async function fromThisPc(channel: string, input: Record<string, unknown>): Promise<void> {
    const answer = await app.services.dispatch(channel, { profileId, getReceipt: 'No', ...input });
    expect(answer).toMatchObject({ ok: true });
  }

  beforeAll(async () => {
    const sim = await startSimulator({ host: '127.0.0.1', port: 0, terminals: [{ tpn, authkey: AUTHKEY }], processingDelayMs: 0, seed: 3 });
    terminal = { sim, tpn, authkey: AUTHKEY };
    app = await launchApp();
    await page().setViewportSize({ width, height });
    await selectTerminal(app, terminal, 'Back office');
    profileId = (await app.services.profiles.list()).profiles.find((profile) => profile.tpn === tpn)?.id ?? '';
    // The batch: a $12.34 sale voided, $6.50 and $5.00 sales, a $3.00 return: total $8.50.
    await fromThisPc('payments:sale', { referenceId: 'PCSALE1', amountCents: 650 });
    await fromThisPc('payments:sale', { referenceId: 'PCVOID1', amountCents: 1234 });
    await fromThisPc('payments:void', { referenceId: 'PCVOID1', amountCents: 1234, paymentType: 'Credit' });
    await fromThisPc('payments:return', { referenceId: 'PCRET1', amountCents: 300 });
    // Another register's sale, and a $2.00 sale of this PC voided on the terminal itself.
    await sale(terminal, 'OTHERREG1', 500);
    await fromThisPc('payments:sale', { referenceId: 'PCSALE2', amountCents: 200 });
    await spin(terminal, '/v2/Payment/Void', { PaymentType: 'Credit', ReferenceId: 'PCSALE2', Amount: 2 });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await terminal?.sim.close();
  });

  async function goTo(screen: 'Batch & reports' | 'History'): Promise<void> {
    await page().getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: screen }).click();
    await page().getByRole('heading', { name: screen, level: 1 }).waitFor();
  }

  function rowsOf(table: Locator): Promise<string[][]> {
    return table.evaluate((element) =>
      [...element.querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? '')),
    );
  }

  /** Every page of a printout, each checked on its own: heading on the first, nothing blank. */
  async function pagesOf(pdf: PrintedPdf): Promise<string[]> {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.pages; n += 1) pages.push(await pdf.text(n));
    for (const text of pages) expect(text.trim()).not.toBe('');
    return pages;
  }

  it('shows Summary and Daily with money going out negative, voids apart, and rows that add up to the total', async () => {
    await goTo('Batch & reports');
    const summary = page().getByRole('table', { name: 'Open batch by payment application' });
    await summary.waitFor();
    const summaryRows = await rowsOf(summary);
    expect(summaryRows[0]).toEqual([
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
    expect(summaryRows.at(-1)).toEqual([
      'All applications',
      '5',
      '$11.50',
      '$0.00',
      '$0.00',
      '-$3.00',
      '$8.50',
      '$14.34',
      '$0.00',
      '$0.00',
    ]);
    for (const jargon of ['Tickets', 'Cash advance', 'Merchant 1', 'Rows add up to'])
      expect(await page().getByText(jargon).count()).toBe(0);
    expect(await shot('summary')).toEqual([]);

    await page().getByRole('tab', { name: /Daily/ }).click();
    const grid = page().getByRole('table', { name: 'Transactions in the open batch' });
    await grid.waitFor();
    const cells = await grid.evaluate((table) =>
      [...table.querySelectorAll('[role=row]')]
        .slice(1)
        .map((row) => [...row.querySelectorAll('[role=cell]')].map((cell) => cell.textContent)),
    );
    const byRef = new Map(cells.map((row) => [row[2], [row[4], row.at(-2), row.at(-1)]]));
    expect(Object.fromEntries(byRef)).toEqual({
      PCSALE1: ['Sale', '$6.50', '$6.50'],
      PCVOID1: ['Void', '$12.34', 'not counted'],
      PCRET1: ['Return', '-$3.00', '-$3.00'],
      OTHERREG1: ['Sale', '$5.00', '$5.00'],
      PCSALE2: ['Void', '$2.00', 'not counted'],
    });
    const totals = await rowsOf(page().getByRole('table', { name: 'Totals by payment application' }));
    expect(totals[0]).toEqual(['Application', 'Transactions', 'Money in', 'Returns', 'Total', 'Voided or held (not counted)']);
    expect(totals.at(-1)).toEqual(['All applications', '5', '$11.50', '-$3.00', '$8.50', '$14.34']);
    await page().getByText("The terminal's own total is the same: $8.50.").waitFor();
    // The key columns stay in view without sideways scrolling.
    // Every heading and cell whole, and the last column (what each row adds to the total) inside the window.
    const cut = await grid
      .locator('[role=columnheader], [role=cell]')
      .evaluateAll((cells) =>
        cells
          .filter((cell) => cell.scrollWidth > cell.clientWidth)
          .map((cell) => `${cell.textContent} ${cell.scrollWidth}>${cell.clientWidth}`),
      );
    expect(cut).toEqual([]);
    const last = await grid.getByRole('columnheader', { name: 'In total' }).boundingBox();
    expect((last?.x ?? Infinity) + (last?.width ?? 0)).toBeLessThanOrEqual(width);
    expect(await shot('daily')).toEqual([]);

    const pdf = await printLayoutToPdf(page(), 'A4');
    const [first] = await pagesOf(pdf);
    expect(pdf.pages).toBe(1);
    expect(first).toMatch(/PCRET1\s+[\w ]+?\s+Return\s+\d{4}\s+-\$3\.00\s+-\$3\.00/);
    expect(first).toMatch(/PCVOID1\s+[\w ]+?\s+Void\s+\d{4}\s+\$12\.34\s+not\s+counted/);
    expect(first).toMatch(/All applications\s+5\s+\$11\.50\s+-\$3\.00\s+\$8\.50\s+\$14\.34/);
  }, 60_000);

  it('checks the open batch against this PC’s journal and prints the check', async () => {
    const check = page().getByRole('region', { name: 'Check before settling' });
    await check.getByRole('button', { name: 'Check the batch' }).click();
    await check.getByRole('status').filter({ hasText: '2 differences to look at' }).waitFor();
    expect(await check.getByRole('status').textContent()).toContain('3 of 4 approvals from this PC are in the batch as sent');
    expect((await rowsOf(check.getByRole('table', { name: 'In the batch, not sent from this PC' }))).slice(1)).toEqual([
      ['OTHERREG1', '4', 'Sale', expect.stringMatching(/^•••• \d{4}$/), '$5.00', 'Never sent it'],
    ]);
    expect((await rowsOf(check.getByRole('table', { name: 'Different in the batch' }))).slice(1)).toEqual([
      ['PCSALE2', '5', '$2.00', '$0.00', 'The batch shows it voided; this PC never voided it.'],
    ]);
    expect(await check.getByRole('table', { name: 'Approved on this PC, missing from the batch' }).count()).toBe(0);
    expect(await rowsOf(check.getByRole('table', { name: 'How the totals add up' }))).toEqual([
      ['Line', 'Amount'],
      ["This PC's approvals", '$5.50'],
      ['Missing from the batch', '$0.00'],
      ['In the batch, not sent from this PC', '+$5.00'],
      ['Differences in amount, tip or void', '-$2.00'],
      ["The batch's total", '$8.50'],
    ]);
    expect(await shot('check')).toEqual([]);

    // A4 last: the paper choice is the screen's, and the confirmation below prints on it.
    for (const paper of ['80 mm receipt', 'A4']) {
      const pdf = await printLayoutToPdf(page(), paper, { scope: check, button: 'Print the check…' });
      const pages = await pagesOf(pdf);
      expect(pdf.pages).toBe(1);
      expect(pages[0]).toContain('Batch check');
      expect(pages[0]).toContain(`TPN ${tpn}`);
      expect(pages[0]).toContain('2 differences to look at');
      expect(pages[0]).toMatch(/OTHERREG1\s+Sale\s+\$5\.00/);
      expect(pages[0]).toContain('PCSALE2: The batch shows it voided; this PC never voided it.');
      expect(pages[0]).toMatch(/The batch's total\s+\$8\.50/);
      if (paper === '80 mm receipt') expect(pdf.size[0]).toBeCloseTo(80 * POINTS_PER_MM, 0);
    }
  }, 60_000);

  it('offers to print Summary and Daily from the Settle confirmation, then settles', async () => {
    await page().getByRole('button', { name: 'Settle batch…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Settle the batch?' });
    await dialog.getByRole('heading', { name: 'Print the reports first' }).waitFor();
    expect(await shot('settle-dialog')).toEqual([]);

    const summary = await pagesOf(await printedBy(page(), () => dialog.getByRole('button', { name: 'Print Summary…' }).click()));
    expect(summary).toHaveLength(1);
    expect(summary[0]).toContain('Batch summary');
    expect(summary[0]).toMatch(/All applications\s+5\s+\$11\.50\s+\$0\.00\s+\$0\.00\s+-\$3\.00\s+\$8\.50/);
    const daily = await pagesOf(await printedBy(page(), () => dialog.getByRole('button', { name: 'Print Daily…' }).click()));
    expect(daily[0]).toContain('Daily report');
    expect(daily.join('\n')).toMatch(/All applications\s+5\s+\$11\.50\s+-\$3\.00\s+\$8\.50/);
    // Printing leaves the confirmation open; nothing was settled yet.
    expect(await dialog.isVisible()).toBe(true);
    expect(terminal.sim.control.getState(tpn).settlements).toHaveLength(0);

    await dialog.getByRole('button', { name: 'Settle now' }).click();
    await page().getByRole('status').filter({ hasText: 'Batch closed' }).waitFor();
    expect(terminal.sim.control.getState(tpn).settlements).toHaveLength(1);
  }, 60_000);

  it('keeps the closed batch printable: totals, batch number, host status and the terminal’s receipt, on every paper and as CSV', async () => {
    const closed = page().getByRole('region', { name: 'The closed batch' });
    const table = await rowsOf(closed.getByRole('table', { name: 'Settlement by payment application' }));
    expect(table.slice(1).map((row) => row.slice(0, 8))).toEqual([
      ['Credit', '1', 'Approved', '5', '$11.50', '-$3.00', '$8.50', '$14.34'],
      ['All applications', '', '', '5', '$11.50', '-$3.00', '$8.50', '$14.34'],
    ]);
    await closed.getByText("The terminal's settlement receipt").click();
    expect(await closed.getByLabel('Receipt for Credit').textContent()).toMatch(/BATCH 1 CREDIT SETTLEMENT[\s\S]*TOTAL\s+8\.50/);
    // Summary and Daily now have nothing open; the settlement above is what prints.
    await page().getByRole('tab', { name: 'Summary' }).click();
    await page().getByText('The open batch has no transactions: there is nothing to settle.').waitFor();
    expect(await shot('settled')).toEqual([]);

    for (const { paper, size } of [
      { paper: 'A4', size: [210, 297] },
      { paper: 'US Letter', size: [215.9, 279.4] },
      { paper: '80 mm receipt', size: [80, 297] },
    ]) {
      const pdf = await printLayoutToPdf(page(), paper, { scope: closed, button: 'Print the settlement…' });
      expect(pdf.size[0]).toBeCloseTo((size[0] as number) * POINTS_PER_MM, 0);
      expect(pdf.size[1]).toBeCloseTo((size[1] as number) * POINTS_PER_MM, 0);
      const pages = await pagesOf(pdf);
      expect(pdf.pages).toBe(1);
      expect(pages[0]).toContain('Settlement');
      expect(pages[0]).toContain(`TPN ${tpn}`);
      expect(pages[0]).toContain('Batch closed at');
      expect(pages[0]).toMatch(/All applications.*\$8\.50/);
      expect(pages[0]).toMatch(/BATCH\s+1\s+CREDIT\s+SETTLEMENT/);
      if (paper !== '80 mm receipt') expect(pages[0]).toMatch(/Credit\s+1\s+Approved\s+5\s+\$11\.50\s+-\$3\.00\s+\$8\.50\s+\$14\.34/);
    }

    const [download] = await Promise.all([
      page().waitForEvent('download'),
      closed.getByRole('button', { name: 'Export the settlement as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^spin-desk-settlement-${tpn}-\\d{8}-\\d{4}\\.csv$`));
    const csv = await downloadedText(download);
    expect(csv.split('\r\n')).toEqual([
      'Application,Merchant,Batch,Host status,Message,Transactions,Sales and captures,Returns,Total,Voided (not counted)',
      expect.stringMatching(/^Credit,.*,1,Approved,BATCH 1 CLOSED,5,11\.50,-3\.00,8\.50,14\.34$/),
      'All applications,,,,,5,11.50,-3.00,8.50,14.34',
      '',
    ]);
  }, 90_000);

  it('lists the Settle in History with what it closed, and prints it again from there', async () => {
    await goTo('History');
    const row = page().getByRole('row').filter({ hasText: 'Settle' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('$8.50 5 transactions');
    expect(text).not.toContain('$0.00');
    await row.getByRole('button', { name: /Details of Settle/ }).click();
    const detail = page().getByRole('region', { name: /^Settle / });
    await detail.getByText('Batch closed').first().waitFor();
    expect(await shot('history-settle')).toEqual([]);

    await detail.getByRole('button', { name: 'Print or export this settlement…' }).click();
    await page().getByRole('heading', { name: 'Batch & reports', level: 1 }).waitFor();
    await page()
      .getByRole('status')
      .filter({ hasText: /Batch closed on / })
      .waitFor();
    const closed = page().getByRole('region', { name: 'The closed batch' });
    const pages = await pagesOf(await printLayoutToPdf(page(), 'A4', { scope: closed, button: 'Print the settlement…' }));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatch(/Credit\s+1\s+Approved\s+5\s+\$11\.50\s+-\$3\.00\s+\$8\.50\s+\$14\.34/);
    expect(pages[0]).toMatch(/BATCH\s+1\s+CREDIT\s+SETTLEMENT/);
    expect(await shot('reprint')).toEqual([]);
  }, 60_000);

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems).toEqual([]);
  });
});
