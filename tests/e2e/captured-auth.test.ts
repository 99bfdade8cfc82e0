// Issue 25 item 3: an Auth captured from this PC is shown as Captured on the Transactions screen,
// offers no Capture, Void, Tip or Return, and says why and what to do instead; a Void sent anyway is
// refused (1004) with advice about the capture, not about a tip or fee; Daily's "Voided or held"
// leaves the captured Auth out, as the terminal's Summary does. Built-in demo terminal, real host;
// walked at 1024 x 700, each checked screen looked at in 1366 x 768 too (viewport-kit.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type AppUnderTest } from './harness';
import { bothSizesChecks, SIZES } from './viewport-kit';
import { tier } from '../support/tier';

describe('a captured Auth', () => {
  let app: AppUnderTest;
  let profileId: string;
  const send = async (channel: string, input: Record<string, unknown>) =>
    (await app.services.dispatch(channel, { profileId, getReceipt: 'No', ...input })) as { ok: boolean; data: Record<string, unknown> };

  beforeAll(async () => {
    app = await launchApp();
    await app.page.setViewportSize(SIZES[0]);
    profileId = (await app.services.profiles.list()).profiles.find((profile) => profile.environment === 'demo')?.id ?? '';
    const auth = await send('payments:auth', { referenceId: 'HOLD6999', amountCents: 6_999, paymentType: 'Credit' });
    expect(auth).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    const capture = await send('payments:capture', {
      referenceId: 'CAPT6999',
      authCode: auth.data.authCode,
      amountCents: 6_999,
      paymentType: 'Credit',
    });
    expect(capture).toMatchObject({ ok: true, data: { outcome: 'approved' } });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
  });

  const { checkScreens } = bothSizesChecks(() => app, tier);
  const go = async (screen: string) => {
    await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: screen }).click();
    await app.page.getByRole('heading', { name: screen, level: 1 }).waitFor();
  };

  it('offers only its receipt on Transactions, with the reason', async () => {
    const page = app.page;
    await go('Transactions');
    const row = page.getByRole('row').filter({ hasText: 'HOLD6999' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Captured');
    const buttons = await row.getByRole('button').allTextContents();
    expect(buttons.map((text) => text.trim())).toEqual(['Details', 'Receipt']);
    // The Capture itself can still be voided: that is the way back.
    const captureRow = page.getByRole('row').filter({ hasText: 'CAPT6999' });
    expect(await captureRow.getByRole('button', { name: /^Void Capture CAPT6999/ }).count()).toBe(1);

    await row.getByRole('button', { name: /^Details of/ }).click();
    const detail = page.getByRole('region', { name: /Auth HOLD6999/ });
    await detail.waitFor();
    expect(await detail.textContent()).toMatch(/Captured on .+ by CAPT6999 — .*void the capture instead/);
    expect(await detail.getByRole('button', { name: /^(Void|Capture|Adjust the tip of|Refund) / }).count()).toBe(0);
    await checkScreens('captured-auth-detail');
  }, 60_000);

  it('explains a refused Void by the capture, not by a tip or fee', async () => {
    const refused = await send('payments:void', { referenceId: 'HOLD6999', amountCents: 6_999, paymentType: 'Credit' });
    expect(refused).toMatchObject({ ok: true, data: { outcome: 'declined', statusCode: '1004' } });
    expect(`${String(refused.data.explanation)} ${String(refused.data.remedy)}`).toMatch(/void its Capture instead/);
    expect(String(refused.data.remedy)).not.toMatch(/tip or fee/i);
  });

  it('counts the captured Auth in no column of Daily, as Summary shows no open hold', async () => {
    const page = app.page;
    await go('Batch & reports');
    const summary = page.getByRole('table', { name: 'Open batch by payment application' });
    await summary.waitFor();
    const summaryTotals = (await summary.locator('tfoot tr').textContent()) ?? '';
    expect(summaryTotals).toContain('$69.99');
    await page.getByRole('tab', { name: /Daily/ }).click();
    const totals = page.getByRole('table', { name: 'Totals by payment application' });
    await page.getByRole('table', { name: 'Transactions in the open batch' }).getByText('HOLD6999').waitFor();
    const cells = await totals.locator('tfoot td').allTextContents();
    // Transactions, money in, returns, total, voided or held.
    expect(cells.map((cell) => cell.trim())).toEqual(['2', '$69.99', '$0.00', '$69.99', '$0.00']);
    await checkScreens('captured-auth-daily');
  }, 60_000);
});
