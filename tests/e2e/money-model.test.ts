// One money model on every surface (issue 25, item 1), through the UI against the real simulator:
// a $12.34 sale with a $2.00 tip, its tip adjusted to $3.50 from its Transactions row. The result
// card, the Tip adjust result, the Transactions row, History's row and the CSV all say base 12.34,
// tip 3.50, total 15.84, and the CSV's tip-adjust row charges only the $1.50 change. Then a $5.00
// Return and a Settle: the CSV's `charged` column, added up, is the total History's Settle row shows
// and the negative Return is in it. Walked at 1024 x 700; each checked screen looked at in 1366 x 768
// too (viewport-kit.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUnderTest } from './harness';
import { confirmDialog, expectResult, exportedCsv, goTo, openLab, resultFigures, type Lab } from './payments-kit';
import { bothSizesChecks, SIZES } from './viewport-kit';
import { tier } from '../support/tier';

let lab: Lab;
let app: AppUnderTest;
let reference = '';

beforeAll(async () => {
  lab = await openLab({ Lab: 120 });
  app = lab.app;
  await app.page.setViewportSize(SIZES[0]);
});

afterAll(async () => {
  await lab?.close();
});

const page = () => app.page;
const { checkScreens } = bothSizesChecks(() => app, tier);
const batchRow = () => page().getByRole('row').filter({ hasText: reference });
const figures = (heading: string, labels: string[]) => resultFigures(app, heading, labels);
const exportCsv = () => exportedCsv(app);

describe('one money model', () => {
  it('shows Amount $12.34 · Tip $2.00 · Total $14.34 on the result card of a $12.34 sale with a $2.00 tip', async () => {
    await goTo(app, 'Sale');
    reference = await page().getByLabel('Reference', { exact: true }).inputValue();
    await page().getByLabel('Amount', { exact: true }).fill('12.34');
    await page().getByLabel(/^Tip/).fill('2');
    await page().getByLabel('Amount', { exact: true }).press('Enter');
    await expectResult(app, 'Approved');
    expect(await figures('Approved', ['Amount', 'Tip', 'Total'])).toEqual(['$12.34', '$2.00', '$14.34']);
    await checkScreens('money-sale-card');
  });

  it('adjusts the tip to $3.50 and says the new tip and the new total on the card and in Transactions', async () => {
    await goTo(app, 'Transactions');
    await page().getByRole('tab', { name: 'Open batch' }).click();
    await batchRow().waitFor();
    await batchRow()
      .getByRole('button', { name: /^Adjust the tip of/ })
      .click();
    await page().getByRole('heading', { name: 'Tip adjust', level: 1 }).waitFor();
    expect(
      await page()
        .getByText(/^Tip now/)
        .textContent(),
    ).toBe('Tip now: $2.00 · amount $12.34 · total $14.34');
    await page().getByLabel('New tip', { exact: true }).fill('3.50');
    await page().getByRole('button', { name: 'Set tip to $3.50' }).click();
    const asked = await confirmDialog(app, 'Set the tip to $3.50?', 'Set tip to $3.50');
    expect(asked).toMatch(/New total\s*\$15\.84/);
    const card = await expectResult(app, 'Tip adjusted');
    expect(card.replace(/\s+/g, ' ')).toContain('New tip: $3.50 · New total: $15.84');
    expect(await figures('Tip adjusted', ['Amount', 'Tip', 'Total'])).toEqual(['$12.34', '$3.50', '$15.84']);

    await page().getByRole('button', { name: 'Back to transactions' }).click();
    await page().getByRole('tab', { name: 'Open batch' }).click();
    await expect
      .poll(async () => (await batchRow().locator('td.num').allTextContents()).map((text) => text.trim()))
      .toEqual(['$12.34', '$3.50', '$15.84']);
    await checkScreens('money-transactions');
  });

  it('lists the adjustment in History as the real charge, and the CSV counts only its change', async () => {
    await goTo(app, 'History');
    const rows = page()
      .getByRole('table', { name: /Payment journal entries/ })
      .locator('tbody tr')
      .filter({ hasText: reference });
    await expect.poll(() => rows.count()).toBe(2);
    const amounts = (await rows.locator('td.num').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
    // Newest first: the adjustment, then the sale as it was charged.
    expect(amounts).toEqual(['$15.84 $12.34 + $3.50 tip', '$14.34 $12.34 + $2.00 tip']);
    await checkScreens('money-history');

    const ours = (await exportCsv()).filter((record) => record.reference_id === reference);
    expect(ours.map((record) => [record.operation, record.amount, record.tip, record.total, record.charged])).toEqual([
      ['TipAdjust', '12.34', '3.50', '15.84', '1.50'],
      ['Sale', '12.34', '2.00', '14.34', '14.34'],
    ]);
  });

  it('adds up: after a $5.00 Return and a Settle, the CSV charged column sums to the Settle row History shows', async () => {
    await goTo(app, 'Return');
    await page().getByLabel('Amount', { exact: true }).fill('5');
    await page().getByRole('button', { name: 'Refund $5.00' }).click();
    await confirmDialog(app, 'Refund $5.00?', 'Refund $5.00');
    await expectResult(app, 'Refund approved');

    await goTo(app, 'Batch & reports');
    await page().getByRole('button', { name: 'Settle batch…' }).click();
    await page().getByRole('dialog', { name: 'Settle the batch?' }).getByRole('button', { name: 'Settle now' }).click();
    await page().getByText('The open batch has no transactions: there is nothing to settle.').waitFor();

    await goTo(app, 'History');
    const settleRow = page()
      .getByRole('table', { name: /Payment journal entries/ })
      .locator('tbody tr')
      .filter({ hasText: 'Settle' });
    // 15.84 (the sale with its adjusted tip) - 5.00 (the Return).
    await expect
      .poll(async () => (await settleRow.locator('td.num').textContent())?.replace(/\s+/g, ' ').trim())
      .toBe('$10.84 2 transactions');
    await checkScreens('money-history-settled');

    const csv = await exportCsv();
    const cents = (cell: string | undefined) => Math.round(Number(cell || '0') * 100);
    const settle = csv.find((record) => record.operation === 'Settle');
    const moved = csv.filter((record) => record.operation !== 'Settle').reduce((sum, record) => sum + cents(record.charged), 0);
    expect(csv.find((record) => record.operation === 'Return')?.charged).toBe('-5.00');
    expect([moved, cents(settle?.settled_total), settle?.settled_count]).toEqual([1084, 1084, '2']);
    // The parts of what moved (issue 36) add up to it too: $12.34 - $5.00 of amounts and the $3.50 tip.
    const part = (column: string) =>
      csv.filter((record) => record.operation !== 'Settle').reduce((sum, record) => sum + cents(record[column]), 0);
    expect(['charged_amount', 'charged_tip', 'charged_fee', 'charged_tax_on_fee'].map(part)).toEqual([734, 350, 0, 0]);
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems).toEqual([]);
  });
});
