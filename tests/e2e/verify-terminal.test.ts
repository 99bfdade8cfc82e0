// Amount vs TipAmount at the counter, in Chromium through the browser host, on the built-in demo
// terminal: its simulator is switched to add tips on top (its in-process control), a tipped sale then
// shows the charge warning on the result card and in History, "Verify this terminal" on the
// Troubleshooting screen reports how the terminal treats the tip and the profile remembers it, and
// the next tipped sale is charged what the cashier meant. No confirmation: the demo moves no money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TPN } from '../../electron/services/demo/demo-terminal';
import { launchApp, type AppUnderTest } from './harness';
import { goTo } from './payments-kit';

let app: AppUnderTest;

beforeAll(async () => {
  app = await launchApp();
});

afterAll(async () => {
  await app?.close();
});

/** The demo terminal's tip mode, through the simulator's in-process control (the app's has no control API over HTTP). */
async function setDemoTipMode(mode: 'included' | 'on-top'): Promise<void> {
  (await app.services.demo.control()).setTipMode(mode, DEMO_TPN);
}

/** A sale of `amount` plus `tip` on the Sale screen; returns the result card's text. */
async function saleWithTip(amount: string, tip: string): Promise<string> {
  const page = app.page;
  await goTo(app, 'Sale');
  if (await page.getByRole('button', { name: 'New sale' }).isVisible()) await page.getByRole('button', { name: 'New sale' }).click();
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await page.getByLabel(/^Tip/).fill(tip);
  await page.getByLabel('Amount', { exact: true }).press('Enter');
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name: 'Approved', level: 2 }) });
  await card.waitFor();
  return (await card.textContent()) ?? '';
}

async function verifyTerminal(title: string): Promise<string> {
  const page = app.page;
  await goTo(app, 'Troubleshooting');
  await page.getByRole('tab', { name: 'Verify this terminal' }).click();
  // Demo terminal: no confirmation dialog, the check starts at once.
  await page.getByRole('button', { name: 'Verify this terminal' }).click();
  const report = page.getByRole('status').filter({ hasText: title });
  await report.waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  return (await report.textContent()) ?? '';
}

describe('tips on the demo terminal', () => {
  it('flags a sale the terminal charged differently, on the result card and in History', async () => {
    await setDemoTipMode('on-top');
    const card = await saleWithTip('15', '5');
    expect(card).toContain('The terminal charged $25.00, not $20.00');
    expect(card).toContain('You entered $15.00 + $5.00 tip = $20.00.');
    expect(card).toContain('this terminal seems to add the tip on top of Amount');
    expect(await app.page.getByRole('alert').filter({ hasText: 'The terminal charged $25.00' }).count()).toBe(1);
    expect(await app.checkScreen('sale-charge-warning')).toEqual([]);

    await goTo(app, 'History');
    const row = app.page.getByRole('row').filter({ hasText: 'the terminal charged $25.00, not $20.00' });
    await row.waitFor();
    await row.getByRole('button', { name: /^Details of Sale/ }).click();
    await app.page.getByRole('heading', { name: /^Sale /, level: 2 }).waitFor();
    expect(await app.page.getByText('The terminal charged $25.00, not $20.00').count()).toBeGreaterThan(0);
  });

  it('runs "Verify this terminal", reports that the terminal adds the tip on top, and the next sale charges what was meant', async () => {
    const report = await verifyTerminal('This terminal adds the tip on top of Amount');
    expect(report).toContain('spin-desk sent Amount $1.00 with TipAmount $0.10, and it charged $1.10');
    const steps = app.page.getByRole('list', { name: 'Steps of the verification' });
    expect(await steps.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/Test sale \$1\.00 \+ \$0\.10 tip.*OK.*Approved/),
      expect.stringMatching(/Read it back \(Status\).*OK/),
      expect.stringMatching(/Take it back \(Void\).*OK.*Voided \$1\.10/),
    ]);
    await expect.poll(() => app.page.getByText(/^Adds the tip on top of Amount$/).count()).toBe(1);
    expect(await app.checkScreen('troubleshooting-verify')).toEqual([]);

    const card = await saleWithTip('15', '5');
    expect(card).toContain('$20.00');
    expect(card).not.toContain('The terminal charged');
  });

  it('finds "Amount already includes the tip" once the terminal is switched back', async () => {
    await setDemoTipMode('included');
    const report = await verifyTerminal('Amount already includes the tip on this terminal');
    expect(report).toContain('it charged $1.00: it took the tip as part of Amount');
    await expect.poll(() => app.page.getByText(/^Amount already includes the tip$/).count()).toBe(1);
    expect(app.pageProblems).toEqual([]);
  });
});
