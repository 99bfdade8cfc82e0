// The Transactions screen through the UI, against the real simulator over the real host in
// Chromium: StatusList paging over more than 25 transactions, Status by reference and by number,
// the store-and-forward list, a record's detail view and a receipt reprint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUnderTest } from './harness';
import { goTo, openLab, recordPrints, simulatorSale, TPN, type Lab } from './payments-kit';

let lab: Lab;
let app: AppUnderTest;
const SALES = 30;
const reference = (n: number) => `BULK${String(n).padStart(3, '0')}`;

beforeAll(async () => {
  lab = await openLab({ Lab: 120 });
  app = lab.app;
  // Quickly, straight through the simulator's HTTP API: TransactionNumbers 1..30, $1.01..$1.30.
  for (let n = 1; n <= SALES; n += 1) await simulatorSale(lab.simulator, reference(n), Number((1 + n / 100).toFixed(2)));
});

afterAll(async () => {
  await lab?.close();
});

const page = () => app.page;
const bodyRows = () => page().locator('tbody tr');
const rowOf = (ref: string) => page().getByRole('row').filter({ hasText: ref });

describe('transactions', () => {
  it('pages through the open batch 25 at a time by transaction number', async () => {
    await goTo(app, 'Transactions');
    await page().getByRole('heading', { name: 'Open batch, numbers 1–25' }).waitFor();
    await expect.poll(() => bodyRows().count()).toBe(25);
    expect(await bodyRows().first().textContent()).toContain(reference(1));
    expect(await bodyRows().last().textContent()).toContain(reference(25));
    expect(await rowOf(reference(7)).textContent()).toContain('$1.07');
    expect(await page().getByRole('button', { name: 'Previous 25' }).isDisabled()).toBe(true);
    expect(await app.checkScreen('transactions-batch')).toEqual([]);

    await page().getByRole('button', { name: 'Next 25' }).click();
    await page().getByRole('heading', { name: 'Open batch, numbers 26–50' }).waitFor();
    await expect.poll(() => bodyRows().count()).toBe(SALES - 25);
    expect(await bodyRows().first().textContent()).toContain(reference(26));
    // A short page is the end of the batch.
    expect(await page().getByRole('button', { name: 'Next 25' }).isDisabled()).toBe(true);

    await page().getByRole('button', { name: 'Previous 25' }).click();
    await page().getByRole('heading', { name: 'Open batch, numbers 1–25' }).waitFor();

    await page().getByLabel('Start at number').fill('29');
    await page().getByLabel('Start at number').press('Enter');
    await page().getByRole('heading', { name: 'Open batch, numbers 29–53' }).waitFor();
    await expect.poll(() => bodyRows().count()).toBe(2);
  });

  it('opens the detail of a record from its row', async () => {
    await rowOf(reference(30))
      .getByRole('button', { name: /^Details of/ })
      .click();
    const detail = page().getByRole('region', { name: new RegExp(`Sale ${reference(30)}`) });
    await detail.waitFor();
    const text = (await detail.textContent()) ?? '';
    expect(text).toContain('$1.30');
    expect(text).toMatch(/Transaction number\s*30/);
    expect(text).toMatch(/•••• \d{4}/);
    expect(await app.checkScreen('transactions-detail')).toEqual([]);
    await page().getByRole('button', { name: 'Close details' }).click();
  });

  it('reprints a receipt: Status with GetReceipt brings it back, printed on its own', async () => {
    const printed = await recordPrints(app);
    await rowOf(reference(29))
      .getByRole('button', { name: /^Reprint the receipt of/ })
      .click();
    const detail = page().getByRole('region', { name: new RegExp(`Sale ${reference(29)}`) });
    await detail.getByText('Merchant receipt', { exact: true }).click();
    await detail.getByRole('button', { name: 'Print merchant receipt' }).click();
    const [copy] = await printed();
    expect(copy).toMatch(/^receipt-only:/);
    expect(copy).toContain('1.29');
    expect(await app.checkScreen('transactions-reprint')).toEqual([]);
    await page().getByRole('button', { name: 'Close details' }).click();
  });

  it('looks one transaction up by reference, then by number, and says when there is none', async () => {
    await page().getByRole('tab', { name: 'Look up' }).click();
    await page()
      .getByLabel(/^Reference/)
      .fill(reference(12));
    await page().getByRole('button', { name: 'Look up', exact: true }).click();
    const byReference = page().getByRole('region', { name: new RegExp(`Sale ${reference(12)}`) });
    await byReference.waitFor();
    expect(await byReference.textContent()).toContain('$1.12');
    expect(await app.checkScreen('transactions-lookup')).toEqual([]);

    await page()
      .getByLabel(/^Reference/)
      .fill('');
    await page()
      .getByLabel(/^Transaction number/)
      .fill('17');
    await page().getByRole('button', { name: 'Look up', exact: true }).click();
    const byNumber = page().getByRole('region', { name: new RegExp(`Sale ${reference(17)}`) });
    await byNumber.waitFor();
    expect(await byNumber.textContent()).toMatch(/Transaction number\s*17/);

    await page()
      .getByLabel(/^Transaction number/)
      .fill('');
    await page()
      .getByLabel(/^Reference/)
      .fill('NOSUCHREF1');
    await page().getByRole('button', { name: 'Look up', exact: true }).click();
    await expect
      .poll(() =>
        page()
          .getByLabel(/^Reference/)
          .getAttribute('aria-invalid'),
      )
      .toBe('true');
    expect(await page().locator('#lookup-reference-error').textContent()).toContain('Is not in the open batch');
  });

  it('refuses a lookup with neither reference nor number, at the field, without asking the terminal', async () => {
    await page()
      .getByLabel(/^Reference/)
      .fill('');
    const before = app.traffic.filter((entry) => entry.kind === 'request' && entry.url.includes('transactions%3Astatus')).length;
    await page().getByRole('button', { name: 'Look up', exact: true }).click();
    await expect.poll(() => page().locator('#lookup-reference-error').textContent()).toMatch(/required unless a transaction number/);
    await page()
      .getByLabel(/^Transaction number/)
      .fill('10000');
    await page().getByRole('button', { name: 'Look up', exact: true }).click();
    await expect.poll(() => page().locator('#lookup-number-error').textContent()).toContain('Must be at most 9999');
    const after = app.traffic.filter((entry) => entry.kind === 'request' && entry.url.includes('transactions%3Astatus')).length;
    expect(after).toBe(before);
  });

  it('lists store-and-forward transactions with when the terminal took them', async () => {
    lab.simulator.control.addOfflineTransaction(TPN, { referenceId: 'SNF0001', amount: 7.5, transactionDateTime: '2026-03-04T05:06:07Z' });
    lab.simulator.control.addOfflineTransaction(TPN, { referenceId: 'SNF0002', amount: 2.25, tipAmount: 0.25 });
    await page().getByRole('tab', { name: 'Store and forward' }).click();
    await page().getByRole('status').filter({ hasText: '2 waiting' }).waitFor();
    const first = rowOf('SNF0001');
    expect(await first.textContent()).toContain('$7.50');
    expect(await first.textContent()).toContain(new Date('2026-03-04T05:06:07Z').toLocaleString('en-US'));
    expect(await rowOf('SNF0002').textContent()).toContain('$0.25');
    expect(await app.checkScreen('transactions-offline')).toEqual([]);
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems, app.pageProblems.join('\n')).toEqual([]);
  });
});
