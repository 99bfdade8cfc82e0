// Pay at table end to end, through the UI against a simulator: an invoice shown on the terminal
// (the simulator keeps it, in dollars), then a list of open invoices the simulated customer picks
// from, and the picked one paid with a sale prefilled with its amount and invoice number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, noticeText, openCounter, openTab, type Counter } from './prompts-kit';

const TPN = 'E2ETABLE001';
let counter: Counter;

beforeAll(async () => {
  counter = await openCounter(TPN, 'TABLEKEY01');
  await goTo(counter.app, 'Pay at table');
});

afterAll(async () => {
  await counter?.close();
});

const page = () => counter.app.page;

describe('pay at table', () => {
  it('shows one invoice on the terminal with its goods and payments', async () => {
    await openTab(counter.app, 'Show one invoice');
    expect(await counter.app.checkScreen('invoices-show-empty')).toEqual([]);
    await page().getByLabel('Invoice number').fill('T7');
    await page().getByLabel(/^Name/).first().fill('Table 7');
    await page().getByLabel('Total', { exact: true }).fill('42.10');
    await page().getByLabel('Already paid').fill('10');
    await page().getByLabel('Line 1', { exact: true }).fill('Soup');
    await page().getByLabel('Amount', { exact: true }).first().fill('19.99');
    await page().getByLabel('Quantity').fill('2');
    await page().getByRole('button', { name: 'Add payment' }).click();
    await page().getByLabel('Payment 1 reference').fill('PAY1');
    await page().locator('#show-invoice-payment-0-amount').fill('10');
    await page().getByLabel(/^Tip/).fill('1.50');
    expect(await counter.app.checkScreen('invoices-show')).toEqual([]);
    await page().getByRole('button', { name: 'Show on the terminal' }).click();
    expect(await noticeText(counter.app, 'The invoice is on the terminal')).toContain('0000');
    expect(counter.simulator.control.getState(TPN).lastInvoice).toMatchObject({
      InvoiceData: {
        Id: 'T7',
        Name: 'Table 7',
        TotalAmount: 42.1,
        PaidAmount: 10,
        Goods: [{ Name: 'Soup', Amount: 19.99, Quantity: 2 }],
        Payments: [{ ReferenceId: 'PAY1', Amount: 10, TipAmount: 1.5 }],
      },
    });
  });

  it('lets the customer pick an invoice and pays it with a prefilled sale', async () => {
    await openTab(counter.app, 'Customer picks an invoice');
    counter.simulator.control.queueAnswer(TPN, { kind: 'invoice', invoiceId: 'T8' });
    await page().getByLabel('Invoice 1 number').fill('T7');
    await page().locator('#select-invoice-0-amount').fill('32.10');
    await page().getByRole('button', { name: 'Add invoice' }).click();
    await page().getByLabel('Invoice 2 number').fill('T8');
    await page().locator('#select-invoice-1-name').fill('Window seat');
    await page().locator('#select-invoice-1-amount').fill('34.50');
    expect(await counter.app.checkScreen('invoices-select')).toEqual([]);
    await page().getByRole('button', { name: 'Send to the terminal' }).click();

    const chosen = page()
      .locator('article')
      .filter({ has: page().getByRole('heading', { name: 'The customer picked invoice T8' }) });
    await chosen.waitFor();
    expect(await chosen.textContent()).toContain('Window seat');
    expect(await chosen.textContent()).toContain('$34.50');
    expect(await counter.app.checkScreen('invoices-chosen')).toEqual([]);

    await page().getByRole('button', { name: 'Pay $34.50' }).click();
    await page().getByRole('heading', { name: 'Sale', level: 1 }).waitFor();
    expect(await page().getByLabel('Amount', { exact: true }).inputValue()).toBe('$34.50');
    expect(await page().getByLabel('Invoice', { exact: true }).inputValue()).toBe('T8');
    await page().getByLabel('Amount', { exact: true }).press('Enter');
    await page().getByRole('heading', { name: 'Approved', level: 2 }).waitFor();
    const records = counter.simulator.control.getState(TPN).records;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ InvoiceNumber: 'T8', Amounts: { Amount: 34.5 } });
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(counter.app.pageProblems).toEqual([]);
  });
});
