// Level 3 end to end, through the UI against a simulator: an Auth made through the simulator's
// own HTTP API, then line items added to its AuthCode (header fields, "More fields" included),
// one removed by its number and the rest removed after a confirmation, the terminal's
// LineItemCount shown after each step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, openCounter, type Counter } from './prompts-kit';

const TPN = 'E2ELEVEL301';
const AUTHKEY = 'LEVEL3KEY1';
let counter: Counter;
let authCode: string;

beforeAll(async () => {
  counter = await openCounter(TPN, AUTHKEY);
  const response = await fetch(`${counter.simulator.url}/v2/Payment/Auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Tpn: TPN, Authkey: AUTHKEY, PaymentType: 'Credit', ReferenceId: 'L3AUTH01', Amount: 120 }),
  });
  const body = (await response.json()) as { AuthCode: string; GeneralResponse: { StatusCode: string } };
  expect(body.GeneralResponse.StatusCode).toBe('0000');
  authCode = body.AuthCode;
  await goTo(counter.app, 'Level 3 data');
});

afterAll(async () => {
  await counter?.close();
});

const page = () => counter.app.page;
const count = () => page().locator('.count').textContent();

describe('Level 3 data', () => {
  it('adds two line items to the AuthCode and shows the LineItemCount', async () => {
    expect(await counter.app.checkScreen('level3-empty')).toEqual([]);
    await page().getByLabel('Auth code').fill(authCode);
    await page().getByLabel('Reference', { exact: true }).fill('L3AUTH01');
    await page()
      .getByLabel(/^Tax amount/)
      .fill('9.60');
    await page().getByLabel('Local tax').selectOption('LocalOrSales');
    await page().getByLabel('Customer reference (PO)').fill('PO-4471');
    await page().getByText('More fields', { exact: true }).click();
    await page().getByLabel('Freight amount').fill('15');
    await page().getByLabel('Destination country code').fill('840');
    await page().getByLabel('Line 1 description').fill('Bolts');
    await page().locator('#l3-line-0-quantity').fill('100');
    await page().locator('#l3-line-0-unit-cost').fill('0.25');
    await page().locator('#l3-line-0-total').fill('25');
    await page().getByRole('button', { name: 'Add line item' }).click();
    await page().getByLabel('Line 2 description').fill('Washers');
    await page().locator('#l3-line-1-total').fill('70.40');
    expect(await counter.app.checkScreen('level3-form')).toEqual([]);
    await page().getByRole('button', { name: 'Add 2 lines' }).click();

    await expect.poll(count).toMatch(new RegExp(`${authCode}:\\s*2`));
    const table = page().getByRole('table');
    expect(await table.textContent()).toContain('Bolts');
    expect(await table.textContent()).toContain('$70.40');
    expect(await counter.app.checkScreen('level3-added')).toEqual([]);
  });

  it('removes line 1 by its number and the count drops to 1', async () => {
    await page().getByRole('button', { name: 'Remove line 1', exact: true }).click();
    await expect.poll(count).toMatch(/:\s*1$/);
    expect(await page().getByRole('table').textContent()).toMatch(/1\s*Washers/);
  });

  it('removes every line after asking, and the count is 0', async () => {
    await page().getByRole('button', { name: 'Remove all lines' }).click();
    const dialog = page().getByRole('dialog', { name: 'Remove every line?' });
    await dialog.waitFor();
    expect(await counter.app.checkScreen('level3-remove-all')).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove all lines' }).click();
    await expect.poll(count).toMatch(/:\s*0$/);
    expect(await page().getByRole('table').count()).toBe(0);
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(counter.app.pageProblems).toEqual([]);
  });
});
