// A canceled sale end to end in Chromium, on the built-in demo terminal: the practice panel's
// "Customer cancels" and the cashier's "Cancel on terminal" each end a sale canceled, beside a card
// that is declined. History shows the cancels as canceled (never as a decline), its outcome filter
// finds them apart from the decline, and the CSV export says `canceled` with nothing approved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TPN } from '../../electron/services/demo/demo-terminal';
import { downloadedText, launchApp, type AppUnderTest } from './harness';
import { expectResult, goTo } from './payments-kit';

let app: AppUnderTest;
const refs = { customer: '', cashier: '', declined: '' };

beforeAll(async () => {
  app = await launchApp();
});
afterAll(async () => {
  await app?.close();
});

const page = () => app.page;
/** The demo terminal is working on a request (the cashier's cancel has something to end). */
const demoBusy = async () => (await app.services.demo.control()).listTerminals().find((terminal) => terminal.tpn === DEMO_TPN)?.busy;
const rows = () =>
  page()
    .getByRole('table', { name: /Payment journal entries/ })
    .locator('tbody tr');
const showing = (line: string) => page().getByRole('status').filter({ hasText: line }).waitFor();

/** Starts a sale of `amount` on the Sale screen and returns its ReferenceId. */
async function startSale(amount: string): Promise<string> {
  if (await page().getByRole('button', { name: 'New sale' }).isVisible()) await page().getByRole('button', { name: 'New sale' }).click();
  const reference = await page().getByLabel('Reference', { exact: true }).inputValue();
  await page().getByLabel('Amount', { exact: true }).fill(amount);
  await page().getByLabel('Amount', { exact: true }).press('Enter');
  return reference;
}

/** What the practice panel makes the demo customer do at the next sale. */
async function nextCustomer(choice: 'Customer cancels' | 'Card declined'): Promise<void> {
  if (await page().getByRole('button', { name: 'New sale' }).isVisible()) await page().getByRole('button', { name: 'New sale' }).click();
  await page()
    .getByRole('radio', { name: new RegExp(choice) })
    .check();
  await page()
    .getByRole('status')
    .filter({ hasText: `Next sale: ${choice}` })
    .waitFor();
}

/** The CSV export of the applied filter, as records by column name (no cell here holds a comma). */
async function exportCsv(): Promise<Record<string, string>[]> {
  const [download] = await Promise.all([page().waitForEvent('download'), page().getByRole('button', { name: 'Export CSV' }).click()]);
  const [head = '', ...lines] = (await downloadedText(download)).trim().split('\r\n');
  const columns = head.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, index) => [columns[index], value])));
}

describe('a canceled sale', () => {
  it('ends canceled on the terminal when the customer cancels, and when the cashier does', async () => {
    await goTo(app, 'Sale');
    await nextCustomer('Customer cancels');
    refs.customer = await startSale('25.00');
    const card = await expectResult(app, 'Canceled on the terminal');
    expect(card).toContain('Canceled on the terminal, nothing charged.');
    expect(card).not.toContain('Declined');

    // 20.07: the simulated customer never acts, so the sale waits until the cashier cancels it.
    refs.cashier = await startSale('20.07');
    await page().getByRole('button', { name: 'Cancel on terminal' }).waitFor();
    await expect.poll(demoBusy).toBe(true);
    await page().getByRole('button', { name: 'Cancel on terminal' }).click();
    expect(await expectResult(app, 'Canceled on the terminal')).toContain('nothing charged');

    await nextCustomer('Card declined');
    refs.declined = await startSale('10.00');
    await expectResult(app, 'Declined');
    expect(new Set(Object.values(refs)).size).toBe(3);
  });

  it('is listed in History as canceled, and the decline as declined', async () => {
    await goTo(app, 'History');
    await showing('Showing 3 of 3 entries.');
    const texts = await rows().allTextContents();
    const rowOf = (ref: string) => texts.find((text) => text.includes(ref)) ?? '';
    for (const ref of [refs.customer, refs.cashier]) {
      expect(rowOf(ref)).toContain('Canceled on the terminal — no money moved');
      expect(rowOf(ref)).not.toContain('Declined');
    }
    expect(rowOf(refs.declined)).toContain('Declined — no money moved');
    expect(await app.checkScreen('history-canceled')).toEqual([]);
  });

  it('is found by the outcome filter "Canceled", apart from the decline', async () => {
    await page().getByLabel('Outcome').selectOption({ label: 'Canceled' });
    await showing('Showing 2 of 2 entries matching the filters.');
    const canceled = await rows().allTextContents();
    expect(canceled.map((text) => [refs.customer, refs.cashier].find((ref) => text.includes(ref)))).toEqual([refs.cashier, refs.customer]);

    await page().getByLabel('Outcome').selectOption({ label: 'Declined' });
    await showing('Showing 1 of 1 entry matching the filters.');
    expect(await rows().allTextContents()).toEqual([expect.stringContaining(refs.declined)]);
  });

  it('exports as `canceled` in the CSV, with nothing approved', async () => {
    await page().getByLabel('Outcome').selectOption({ label: 'Canceled' });
    await showing('Showing 2 of 2 entries matching the filters.');
    const canceled = await exportCsv();
    expect(canceled.map((record) => [record.reference_id, record.state, record.status_code])).toEqual([
      [refs.cashier, 'canceled', '1012'],
      [refs.customer, 'canceled', '1012'],
    ]);
    for (const record of canceled) expect(record).toMatchObject({ approved_amount: '', terminal_total: '' });

    await page().getByRole('button', { name: 'Clear filters' }).click();
    await showing('Showing 3 of 3 entries.');
    const all = await exportCsv();
    expect(Object.fromEntries(all.map((record) => [record.reference_id, record.state]))).toEqual({
      [refs.customer]: 'canceled',
      [refs.cashier]: 'canceled',
      [refs.declined]: 'declined',
    });
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems).toEqual([]);
  });
});
