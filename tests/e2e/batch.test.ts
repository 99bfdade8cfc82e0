// Batch & reports end to end, through the UI: Summary and Daily after sales, a return and a void;
// CSV export; the settle confirmation with its options; settling empties the batch (the simulator
// agrees, the journal keeps the Settle); settling an empty batch is a calm 1020 notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../simulator';
import { explainCode } from '@shared/spin/codes';
import { formatMoney, toCents } from '@shared/spin/money';
import { refund, sale, selectTerminal, voidSale, type TestTerminal } from './batch-fixtures';
import { downloadedText, launchApp, type AppUnderTest } from './harness';
import { allEntries } from '../support/journal-entries';

const TPN = 'BATCHTPN0001';
const AUTHKEY = 'BATCHKEY01';

let terminal: TestTerminal;
let app: AppUnderTest;

beforeAll(async () => {
  const sim = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    terminals: [{ tpn: TPN, authkey: AUTHKEY }],
    processingDelayMs: 0,
    seed: 7,
  });
  terminal = { sim, tpn: TPN, authkey: AUTHKEY };
  app = await launchApp();
  await selectTerminal(app, terminal, 'Back office');
});

afterAll(async () => {
  await app?.close();
  await terminal?.sim.close();
});

const page = () => app.page;
const state = () => terminal.sim.control.getState(TPN);

async function goTo(screen: 'Sale' | 'Batch & reports'): Promise<void> {
  await page().getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: screen }).click();
  await page().getByRole('heading', { name: screen, level: 1 }).waitFor();
}

/** The text of every row of a table, cell by cell. */
function tableText(name: string): Promise<string[][]> {
  return page()
    .getByRole('table', { name })
    .evaluate((table) => [...table.querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? '')));
}

describe('batch and reports', () => {
  it('shows the open batch in Summary after sales, a return and a void, with totals in cents', async () => {
    await sale(terminal, 'S1', 1234);
    await sale(terminal, 'S2', 500);
    await sale(terminal, 'S3', 725, 'Debit');
    await refund(terminal, 'R1', 310);
    await voidSale(terminal, 'S2', 500);
    // One sale through the app itself.
    await goTo('Sale');
    await page().getByLabel('Amount', { exact: true }).fill('9.99');
    await page().getByLabel('Amount', { exact: true }).press('Enter');
    await page().getByRole('heading', { name: 'Approved', level: 2 }).waitFor();

    await goTo('Batch & reports');
    await page().getByRole('table', { name: 'Open batch by payment application' }).waitFor();
    const rows = await tableText('Open batch by payment application');
    expect(rows[0]).toEqual([
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
    expect(rows.slice(1)).toEqual([
      ['Credit', '4', '$22.33', '$0.00', '$0.00', '-$3.10', '$19.23', '$5.00', '$0.00', '$0.00'],
      ['Debit', '1', '$7.25', '$0.00', '$0.00', '$0.00', '$7.25', '$0.00', '$0.00', '$0.00'],
      ['All applications', '5', '$29.58', '$0.00', '$0.00', '-$3.10', '$26.48', '$5.00', '$0.00', '$0.00'],
    ]);
    // The simulator's own totals for the whole batch agree with the screen's last line.
    expect(formatMoney(toCents(state().totals.TotalAmount))).toBe('$26.48');
    expect(state().totals.TransactionsCount).toBe(5);
    expect(await page().getByText("The terminal's totals do not add up").count()).toBe(0);
    expect(await app.checkScreen('batch-summary')).toEqual([]);
  });

  it('lists every transaction in Daily, voided ones as Void, with totals that add up', async () => {
    await page().getByRole('tab', { name: /Daily/ }).click();
    const grid = page().getByRole('table', { name: 'Transactions in the open batch' });
    await grid.waitFor();
    expect(await grid.getAttribute('aria-rowcount')).toBe('6');
    const cells = await grid.evaluate((table) =>
      [...table.querySelectorAll('[role=row]')].map((row) =>
        [...row.querySelectorAll('[role=cell],[role=columnheader]')].map((cell) => cell.textContent),
      ),
    );
    expect(cells[0]).toEqual(['No.', 'Application', 'Reference', 'Card', 'Type', 'Last 4', 'Amount', 'In total']);
    const byReference = new Map(cells.slice(1).map((row) => [row[2], row]));
    expect(byReference.get('S1')?.slice(4)).toEqual(['Sale', expect.stringMatching(/^\d{4}$/), '$12.34', '$12.34']);
    expect(byReference.get('S2')?.slice(4)).toEqual(['Void', expect.stringMatching(/^\d{4}$/), '$5.00', 'not counted']);
    expect(byReference.get('R1')?.slice(4)).toEqual(['Return', expect.stringMatching(/^\d{4}$/), '-$3.10', '-$3.10']);
    expect(byReference.get('S3')?.[1]).toBe('Debit');
    expect(byReference.size).toBe(5);

    const totals = await tableText('Totals by payment application');
    expect(totals.at(-1)).toEqual(['All applications', '5', '$29.58', '-$3.10', '$26.48', '$5.00']);
    expect(await app.checkScreen('batch-daily')).toEqual([]);
  });

  it('exports the Summary as CSV with plain dollar amounts and a totals line', async () => {
    await page().getByRole('tab', { name: 'Summary' }).click();
    const [download] = await Promise.all([page().waitForEvent('download'), page().getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^spin-desk-summary-BATCHTPN0001-\d{8}-\d{4}\.csv$/);
    const text = await downloadedText(download);
    expect(text.split('\r\n')).toEqual([
      // The parts of the total (issue 36) are this PC's journal's: none for sales sent from elsewhere.
      'Merchant account,Application,Transactions,Sales,Captures,Cash withdrawals,Returns,Total,Voided (not counted),Open holds (not counted),Reversed (not counted),Of the total: amounts before tip and fee,Of the total: tips,Of the total: fees,Of the total: tax on the fees',
      '1,Credit,4,22.33,0.00,0.00,-3.10,19.23,5.00,0.00,0.00,,,,',
      '1,Debit,1,7.25,0.00,0.00,0.00,7.25,0.00,0.00,0.00,,,,',
      ',All applications,5,29.58,0.00,0.00,-3.10,26.48,5.00,0.00,0.00,,,,',
      '',
    ]);
  });

  it('asks before settling, shows what will close, and Esc keeps the batch open', async () => {
    await page().getByRole('button', { name: 'Settle batch…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Settle the batch?' });
    await dialog.waitFor();
    const rows = await tableText('What will be closed');
    expect(rows.slice(1)).toEqual([
      ['Credit', '4', '$19.23'],
      ['Debit', '1', '$7.25'],
      ['All applications', '5', '$26.48'],
    ]);
    expect(await dialog.getByRole('button', { name: 'Settle now' }).isVisible()).toBe(true);

    // Clear is behind "More options", with a plain warning, and changes what the button says.
    await dialog.getByText('More options').click();
    await dialog.getByRole('radio', { name: /Clear/ }).check();
    await dialog
      .getByRole('alert')
      .getByText(/will not be paid out/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Clear the batch' }).waitFor();
    expect(await app.checkScreen('batch-settle-dialog')).toEqual([]);

    await page().keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(state().openRecords).toBe(5);
    expect(state().settlements).toHaveLength(0);
  });

  it('settles through the confirmation: the batch is closed and Summary shows nothing open', async () => {
    await page().getByRole('button', { name: 'Settle batch…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Settle the batch?' });
    await dialog.waitFor();
    // A fresh dialog starts at a normal close again.
    await dialog.getByRole('button', { name: 'Settle now' }).click();

    await page().getByRole('status').filter({ hasText: 'Batch closed' }).waitFor();
    const details = await tableText('Settlement by payment application');
    expect(details.slice(1).map((row) => [row[0], row[1], row[2], row[3], row[6]])).toEqual([
      ['Credit', '1', 'Approved', '4', '$19.23'],
      ['Debit', '1', 'Approved', '1', '$7.25'],
      ['All applications', '', '', '5', '$26.48'],
    ]);
    await page().getByText('The open batch has no transactions: there is nothing to settle.').waitFor();
    expect(await app.checkScreen('batch-settled')).toEqual([]);

    const after = state();
    expect(after.openRecords).toBe(0);
    expect(after.batchNumber).toBe(2);
    expect(after.settlements).toHaveLength(1);
    // Settle went through the journal like any money-moving request.
    const settles = (await allEntries(app.services.journal)).filter((entry) => entry.intent.op === 'Settle');
    expect(settles.map((entry) => [entry.intent.tpn, entry.outcome?.result])).toEqual([[TPN, 'approved']]);
  });

  it('answers an empty batch with a calm "nothing to settle" (1020), not an error', async () => {
    await page().getByRole('button', { name: 'Dismiss' }).click();
    await page().getByRole('button', { name: 'Settle batch…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Settle the batch?' });
    await dialog.getByText('The terminal reports nothing open').waitFor();
    await dialog.getByRole('button', { name: 'Settle now' }).click();

    const notice = page().getByRole('status').filter({ hasText: 'Nothing to settle' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(explainCode('1020').explanation);
    expect(await page().locator('main').getByRole('alert').count()).toBe(0);
    expect(state().settlements).toHaveLength(1);
    expect(await app.checkScreen('batch-nothing-to-settle')).toEqual([]);
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems).toEqual([]);
  });
});
