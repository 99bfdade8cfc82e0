// Issue 25 item 6: the built-in demo terminal keeps its open batch across restarts of the host on
// the same data folder, so "Check before settling" compares the journal with the batch those sales
// really went into instead of reporting them missing. At 1024 x 700, the check's screen looked at in
// 1366 x 768 too (viewport-kit.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchApp, type AppUnderTest } from './harness';
import { bothSizesChecks, SIZES } from './viewport-kit';
import { tier } from '../support/tier';

describe('the demo terminal after a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-demo-batch-'));
  let app: AppUnderTest | undefined;
  const { checkScreens } = bothSizesChecks(() => {
    if (!app) throw new Error('the app is not running');
    return app;
  }, tier);

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function demoProfileId(running: AppUnderTest): Promise<string> {
    const demo = (await running.services.profiles.list()).profiles.find((profile) => profile.environment === 'demo');
    if (!demo) throw new Error('no demo profile');
    return demo.id;
  }

  it('still holds the sales of the last run, and the check finds nothing missing', async () => {
    app = await launchApp({ dataDir });
    const first = await demoProfileId(app);
    for (const [referenceId, amountCents] of [
      ['DEMOKEEP1', 7_000],
      ['DEMOKEEP2', 5_000],
    ] as const) {
      expect(await app.services.dispatch('payments:sale', { profileId: first, referenceId, amountCents, getReceipt: 'No' })).toMatchObject({
        ok: true,
      });
    }
    await app.close();

    app = await launchApp({ dataDir });
    const page = app.page;
    await page.setViewportSize(SIZES[0]);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batch & reports' }).click();
    await page.getByRole('tab', { name: /Daily/ }).click();
    const grid = page.getByRole('table', { name: 'Transactions in the open batch' });
    await grid.getByText('DEMOKEEP2').waitFor();
    expect(await grid.getByText('DEMOKEEP1').count()).toBe(1);

    const check = page.getByRole('region', { name: 'Check before settling' });
    await check.getByRole('button', { name: 'Check the batch' }).click();
    await check.getByRole('status').filter({ hasText: 'The batch matches this PC' }).waitFor();
    expect(await check.getByRole('status').textContent()).toContain('2 of 2 approvals from this PC are in the batch as sent');
    expect(await check.getByRole('table', { name: 'Approved on this PC, missing from the batch' }).count()).toBe(0);
    await checkScreens('demo-batch-after-restart');
  }, 60_000);
});
