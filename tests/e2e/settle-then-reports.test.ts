// Issue 25 item 2: after Settle the Batch screen shows the new, empty batch in Summary and Daily
// without a Refresh, and no report request is refused "Terminal in use" (2008) because it was sent
// beside the app's own Settle or beside the other report. The terminal takes a little time per
// request here, as a real one does, so requests sent at once really overlap. At 1024 x 700, the
// settled Summary and Daily looked at in 1366 x 768 too (viewport-kit.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../simulator';
import { sale, selectTerminal, type TestTerminal } from './batch-fixtures';
import { launchApp, type AppUnderTest } from './harness';
import { bothSizesChecks, SIZES } from './viewport-kit';
import { tier } from '../support/tier';

describe('Settle, then the reports', () => {
  const TPN = 'SETTLETPN001';
  const AUTHKEY = 'SETKEY0001';
  let terminal: TestTerminal;
  let app: AppUnderTest;
  const { checkScreens } = bothSizesChecks(() => app, tier);

  beforeAll(async () => {
    const sim = await startSimulator({
      host: '127.0.0.1',
      port: 0,
      terminals: [{ tpn: TPN, authkey: AUTHKEY }],
      processingDelayMs: 300,
      seed: 5,
    });
    terminal = { sim, tpn: TPN, authkey: AUTHKEY };
    for (const [ref, cents] of [
      ['SETSALE1', 1_234],
      ['SETSALE2', 2_500],
      ['SETSALE3', 999],
    ] as const)
      await sale(terminal, ref, cents);
    app = await launchApp();
    await app.page.setViewportSize(SIZES[0]);
    await selectTerminal(app, terminal, 'Front counter');
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await terminal?.sim.close();
  });

  it('shows the new empty batch in Summary and Daily, with no 2008 anywhere', async () => {
    const page = app.page;
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batch & reports' }).click();
    await page.getByRole('table', { name: 'Open batch by payment application' }).waitFor();
    await page.getByRole('tab', { name: /Daily/ }).click();
    const grid = page.getByRole('table', { name: 'Transactions in the open batch' });
    await grid.getByText('SETSALE3').waitFor();

    await page.getByRole('button', { name: 'Settle batch…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settle the batch?' });
    await dialog.getByRole('button', { name: 'Settle now' }).click();
    // While the Settle runs, the manager looks at Summary: that read waits for the Settle.
    await page.getByRole('tab', { name: /Summary/ }).click();
    await page.getByRole('table', { name: 'Settlement by payment application' }).waitFor();
    await checkScreens('settled-summary');

    await page.getByText('The open batch has no transactions: there is nothing to settle.').waitFor();
    await page.getByRole('tab', { name: /Daily/ }).click();
    await page.getByText('The open batch has no transactions yet.').waitFor();
    expect(await page.getByText('SETSALE3').count()).toBe(0);
    await checkScreens('settled-daily');
    expect(await page.getByText('Could not read the report').count()).toBe(0);
    await app.settle();
    const answers = app.traffic.filter((entry) => entry.kind === 'response' && new URL(entry.url).pathname.startsWith('/api/'));
    const reads = answers.filter((entry) => /reports%3A(summary|daily)$/.test(entry.url));
    // Summary and Daily before, the Summary of the confirmation, and both again after the Settle.
    expect(reads.length).toBeGreaterThanOrEqual(4);
    expect(answers.filter((entry) => /2008|Terminal in use/.test(entry.body)).map((entry) => entry.url)).toEqual([]);
    expect(terminal.sim.control.getState(TPN).settlements).toHaveLength(1);
  }, 60_000);
});
