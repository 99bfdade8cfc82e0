// Issue 25, items 5 and 8, as a cashier meets them at 1024x700 and 1366x768 (viewport-kit.ts),
// against the real simulator through the real host in Chromium: one waiting story and one cancel
// while a sale waits, a header that agrees with it ("not connected" is not "Online", no "Busy"
// after the sale ended), no counter past the terminal's own limit, focus on Cancel after Enter,
// practice-panel arrow keys that stay in the group, "Saved" where the user is, and "More options"
// right after "New sale" without an amount error or a layout shift.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUnderTest } from './harness';
import { expectResult, goTo, openLab, TPN, useTerminal, type Lab } from './payments-kit';
import { sizeChecks, viewportsOf } from './viewport-kit';
import { tier } from '../support/tier';

/** Resends after "not connected" (2001) wait this long: long enough to look at the screen meanwhile. */
const RESEND_WAIT_MS = 4_000;
/** A lost answer is looked up for this long past its deadline: long enough to look at the lookup. */
const NOT_FOUND_MARGIN_MS = 6_000;
/** The header's own poll is 5 s; following the request must be much quicker than that. */
const PROMPTLY_MS = 1_500;

describe.each(viewportsOf(tier))('waiting and the keyboard at $width x $height', (viewport) => {
  let lab: Lab;
  let app: AppUnderTest;
  const page = () => app.page;
  const amountBox = () => page().getByLabel('Amount', { exact: true });
  const header = () => page().getByRole('status').filter({ hasText: 'Terminal:' }).textContent();
  const focused = () => page().evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim() ?? ''}`);
  /** Every button of the waiting story that ends or stops it. */
  const cancelButtons = () => page().getByRole('button', { name: /cancel|stop/i });
  const isBusy = () => lab.simulator.control.listTerminals().find((terminal) => terminal.tpn === TPN)?.busy;
  const { checkScreens } = sizeChecks(() => app, viewport, tier);

  /** The Sale screen's form, leaving the last result if one is shown. */
  async function saleForm(): Promise<void> {
    await goTo(app, 'Sale');
    const newSale = page().getByRole('button', { name: 'New sale' });
    if (await newSale.isVisible()) await newSale.click();
    await amountBox().waitFor();
  }

  async function charge(amount: string): Promise<void> {
    await saleForm();
    await amountBox().fill(amount);
    await amountBox().press('Enter');
  }

  beforeAll(async () => {
    lab = await openLab(
      { Counter: 120, Quick: 2 },
      {
        recoveryPolicy: { resendStartMs: RESEND_WAIT_MS, resendMaxMs: RESEND_WAIT_MS, notFoundMarginMs: NOT_FOUND_MARGIN_MS },
      },
    );
    app = lab.app;
    await page().setViewportSize(viewport);
    await useTerminal(app, 'Demo terminal');
    await goTo(app, 'Sale');
  });

  afterAll(async () => {
    await lab?.close();
  });

  it('moves the practice choice with the arrow keys and keeps the focus in the group', async () => {
    const choice = (name: RegExp) => page().getByRole('radio', { name });
    await choice(/^Pays/).focus();
    await page().keyboard.press('ArrowDown');
    await page().getByRole('status').filter({ hasText: 'Next sale: Card declined' }).waitFor();
    expect(await choice(/^Card declined/).isChecked()).toBe(true);
    await expect.poll(() => page().evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('decline');
    await page().keyboard.press('ArrowDown');
    await page().getByRole('status').filter({ hasText: 'Next sale: Partly approved' }).waitFor();
    await expect.poll(() => page().evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('partial');
    await checkScreens('practice-panel');
    await page().keyboard.press('ArrowUp');
    await page().keyboard.press('ArrowUp');
    await page().getByRole('status').filter({ hasText: 'Next sale: Pays' }).waitFor();
    await expect.poll(() => page().evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('approve');
  });

  it('opens "More options" right after "New sale" without an amount error or a shift under the pointer', async () => {
    await charge('5');
    await expectResult(app, 'Approved');
    await page().getByRole('button', { name: 'New sale' }).click();
    await expect.poll(() => page().evaluate(() => document.activeElement?.id)).toBe('sale-amount');
    const summary = page().getByText('More options', { exact: true });
    const before = await summary.boundingBox();
    // The pointer goes down where the summary is now: the blur of Amount must not move it away.
    await page().mouse.click((before?.x ?? 0) + 10, (before?.y ?? 0) + (before?.height ?? 0) / 2);
    await expect
      .poll(() =>
        page()
          .locator('details.options')
          .evaluate((element) => (element as HTMLDetailsElement).open),
      )
      .toBe(true);
    expect(await page().locator('#sale-amount-error').count()).toBe(0);
    expect(await amountBox().getAttribute('aria-invalid')).toBeNull();
    expect((await summary.boundingBox())?.y).toBe(before?.y);
    // The missing amount is still pointed out where it belongs: on Charge.
    await page().getByRole('button', { name: 'Charge', exact: true }).click();
    await expect.poll(() => page().locator('#sale-amount-error').count()).toBe(1);
  });

  it('puts the focus on the one cancel after Enter, and the header leaves "Busy" promptly after the cancel', async () => {
    await useTerminal(app, 'Counter');
    // 20.07: the terminal holds the sale until it is cancelled.
    await charge('20.07');
    const cancel = page().getByRole('button', { name: 'Cancel on terminal' });
    await cancel.waitFor();
    await expect.poll(focused).toBe('BUTTON Cancel on terminal');
    await expect.poll(isBusy).toBe(true);
    await expect.poll(header, { timeout: 8_000 }).toMatch(/Terminal: Busy/);
    expect(await cancelButtons().count()).toBe(1);
    await checkScreens('sale-waiting');

    await page().keyboard.press('Enter');
    expect(await expectResult(app, 'Canceled on the terminal', 3_000)).toContain('nothing charged');
    await expect.poll(header, { timeout: PROMPTLY_MS }).not.toMatch(/Busy/);
    expect(await header()).toMatch(/Terminal: Online/);
  });

  it('tells one story when the terminal answers "not connected" (2001): no customer wait, the header not Online, one cancel', async () => {
    // 20.01: the service answers 2001 to every try; the app waits RESEND_WAIT_MS before each resend.
    await charge('20.01');
    const story = page().getByText('The terminal is not connected to the payment service, so nothing was processed.', { exact: false });
    await story.waitFor({ timeout: RESEND_WAIT_MS });
    expect(
      await page()
        .getByText(/Waiting for the customer/)
        .count(),
    ).toBe(0);
    expect(
      await page()
        .getByText(/s waited/)
        .count(),
    ).toBe(0);
    await expect.poll(header, { timeout: PROMPTLY_MS + 1_000 }).toMatch(/Terminal: Offline/);
    expect(await cancelButtons().allTextContents()).toEqual(['Cancel']);
    await checkScreens('sale-not-connected');

    // Esc is the one cancel here too: the resend is stopped before it is sent again.
    await page().keyboard.press('Escape');
    // Not a speed check (that is for benchmarks): under load the Esc can land after a resend went out,
    // and the card then waits for that resend's own "not connected".
    expect(await expectResult(app, 'Not completed', RESEND_WAIT_MS + 5_000)).toMatch(/not connected/i);
    await expect.poll(header, { timeout: PROMPTLY_MS }).toMatch(/Terminal: Online/);
    expect(lab.simulator.control.getState(TPN).records.filter((r) => (r.Amounts as { Amount?: number }).Amount === 20.01)).toEqual([]);
  });

  it(
    'stops counting at the terminal’s limit: the lookup alone, with its one button, once the answer is lost',
    { timeout: 60_000 },
    async () => {
      await useTerminal(app, 'Quick');
      // Another register's sale in the open batch: the batch witness read before the intent (StatusList
      // #1; the plain 1001 names no batch) finds it, so a lookup's "not found" can rule a Settle out.
      // Without one (an empty batch) the honest end would be "check the settled batch".
      lab.simulator.control.addOfflineTransaction(TPN, { referenceId: 'OTHERREG1', amount: 1 });
      // The terminal never answers; the service gives up after this profile's 2 s and the app looks it up.
      await charge('20.07');
      const counted: number[] = [];
      const lookup = page().getByText(/The answer was lost/);
      await expect
        .poll(
          async () => {
            const waited = await page().locator('.elapsed .seconds').allTextContents();
            counted.push(...waited.map((text) => Number.parseInt(text, 10)));
            return lookup.count();
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBeGreaterThan(0);
      expect(Math.max(0, ...counted)).toBeLessThanOrEqual(2);
      expect(await page().locator('.elapsed').count()).toBe(0);
      expect(await cancelButtons().allTextContents()).toEqual(['Stop looking it up']);
      await checkScreens('sale-looking-up');
      // Not found once the terminal can no longer be working on it: nothing was charged.
      expect(await expectResult(app, 'Not completed', 30_000)).toContain('did not answer in time');
    },
  );

  it('shows "Saved" in the window when the button was pressed on a scrolled page', async () => {
    await goTo(app, 'Terminals');
    await page().getByRole('button', { name: 'Edit Quick' }).click();
    const save = page().getByRole('button', { name: 'Save changes' });
    await save.scrollIntoViewIfNeeded();
    expect(await page().evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await save.click();
    const toast = page().getByRole('region', { name: 'Notifications' }).getByText('Saved Quick.');
    await toast.waitFor();
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
      })
      .toBe(true);
    await checkScreens('terminals-saved');
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems).toEqual([]);
  });
});
