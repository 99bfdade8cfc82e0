// The store's end-of-day report (issue 27 items 4 and 5, issue 36 item 1) through the UI: lanes of
// one simulator, settled in two Settle rounds of the same day, each with payments from this PC; a
// lane on a 3 % surcharge with tax on the fee and a tip adjust (fee on the tip); a lane with a sale
// never settled (listed apart, in no store figure); two profiles on one TPN (merchants 1 and 2,
// counted once); the built-in demo terminal with nothing to settle. Batch & reports makes the store
// report from this PC's journal: its store line is the sum of every Settle answer of the day, its
// charts add up to the table figure they name, its CSV and its paper carry the same figures; it
// names the sale another register made on Lane 2 as not sent from this PC; printed on A4 and on the
// 80 mm roll, read back page by page (tests/e2e/print-kit.ts); at 1024 x 700 and 1366 x 768.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettleResult } from '@shared/ipc/report-views';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { selectTerminal, type TestTerminal } from './batch-fixtures';
import { downloadedText, launchApp, type AppUnderTest } from './harness';
import { printLayoutToPdf, type PrintedPdf } from './print-kit';
import { spinClient } from '../support/simulator-kit';

const POINTS_PER_MM = 72 / 25.4;

describe.each([
  { width: 1024, height: 700, prefix: 'STR1024' },
  { width: 1366, height: 768, prefix: 'STR1366' },
])('the store report at $width x $height', ({ width, height, prefix }) => {
  // Lanes 1-3 as before; Lane 4 runs a 3 % surcharge with fee on the tip and 10 % tax on the fee;
  // Lane 5's TPN is shared by two profiles, merchants 1 and 2.
  const lanes = [1, 2, 3, 4, 5].map((n) => ({ name: `Lane ${n}`, tpn: `${prefix}0000${n}`, authkey: `STRKEY000${n}` }));
  let sim: RunningSimulator;
  let app: AppUnderTest;
  const settled: SettleResult[] = [];
  const page = () => app.page;
  const shot = (name: string) => app.checkScreen(`store-${width}-${name}`);

  async function ok(channel: string, input: Record<string, unknown>): Promise<unknown> {
    const answer = (await app.services.dispatch(channel, input)) as { ok: boolean; data?: unknown };
    expect(answer).toMatchObject({ ok: true });
    return answer.data;
  }

  /** A profile saved without selecting it (no reload): payments name it by its id. */
  async function addProfile(name: string, lane: (typeof lanes)[number], merchantNumber: number | null): Promise<string> {
    const profile = await app.services.profiles.save({
      name,
      environment: 'custom',
      customUrl: sim.url,
      tpn: lane.tpn,
      proxyTimeoutSeconds: 120,
      merchantNumber,
    });
    await app.services.profiles.setAuthkey(profile.id, lane.authkey);
    return profile.id;
  }

  beforeAll(async () => {
    sim = await startSimulator({
      host: '127.0.0.1',
      port: 0,
      terminals: lanes.map(({ tpn, authkey }) => ({ tpn, authkey })),
      processingDelayMs: 0,
      seed: 5,
      feePrograms: { [lanes[3]!.tpn]: { kind: 'surcharge', percent: 3, feeOnTip: true, taxOnFeePercent: 10 } },
    });
    app = await launchApp();
    await page().setViewportSize({ width, height });
    const ids: string[] = [];
    for (const lane of lanes.slice(0, 3)) {
      await selectTerminal(app, { sim, tpn: lane.tpn, authkey: lane.authkey } satisfies TestTerminal, lane.name);
      ids.push((await app.services.profiles.list()).profiles.find((profile) => profile.tpn === lane.tpn)!.id);
    }
    ids.push(await addProfile('Lane 4', lanes[3]!, null));
    ids.push(await addProfile('Lane 5 M1', lanes[4]!, 1));
    await addProfile('Lane 5 M2', lanes[4]!, 2);
    const pay = (profileId: string, channel: string, referenceId: string, amountCents: number, more: Record<string, unknown> = {}) =>
      ok(channel, { profileId, referenceId, amountCents, getReceipt: 'No', ...more });
    const settleRound = async (profileIds: string[]) => {
      for (const profileId of profileIds)
        settled.push((await ok('batch:settle', { profileId, referenceId: `${prefix}S${settled.length}` })) as SettleResult);
    };
    // Lane 1: $20.00 and $7.50 sales, a $2.50 return, a $4.00 sale voided: net $25.00.
    await pay(ids[0]!, 'payments:sale', `${prefix}A1`, 2000);
    await pay(ids[0]!, 'payments:sale', `${prefix}A2`, 750);
    await pay(ids[0]!, 'payments:return', `${prefix}A3`, 250);
    await pay(ids[0]!, 'payments:sale', `${prefix}A4`, 400);
    await ok('payments:void', { profileId: ids[0], referenceId: `${prefix}A4`, amountCents: 400, paymentType: 'Credit', getReceipt: 'No' });
    // Lane 2: one $12.00 sale from this PC and $1.00 from another register. Lane 3: a $3.00 sale, never settled.
    await pay(ids[1]!, 'payments:sale', `${prefix}B1`, 1200);
    const other = await spinClient(sim.url, { tpn: lanes[1]!.tpn, authkey: lanes[1]!.authkey }).post('Sale', {
      ReferenceId: `${prefix}X1`,
      Amount: 1,
      PaymentType: 'Credit',
    });
    expect(other.status).toBe(200);
    await pay(ids[2]!, 'payments:sale', `${prefix}C1`, 300);
    await settleRound(ids.slice(0, 2));
    // The second Settle round of the day, after new sales: Lane 1 $5.00, Lane 2 $6.00; Lane 4 $10.00
    // with a $2.00 tip adjusted to $3.00 (its fee follows the tip); Lane 5 merchant 1 $4.00.
    await pay(ids[0]!, 'payments:sale', `${prefix}A5`, 500);
    await pay(ids[1]!, 'payments:sale', `${prefix}B2`, 600);
    await pay(ids[3]!, 'payments:sale', `${prefix}D1`, 1000, { tipCents: 200, paymentType: 'Credit' });
    await ok('payments:tipAdjust', { profileId: ids[3], referenceId: `${prefix}D1`, tipCents: 300 });
    await pay(ids[4]!, 'payments:sale', `${prefix}E1`, 400);
    await settleRound([ids[0]!, ids[1]!, ids[3]!, ids[4]!]);
    // The page lists the profiles it loaded: read them again with the three added without a reload.
    await page().reload();
    await page().locator('header').getByText(`TPN ${lanes[2]!.tpn}`).waitFor();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  const store = () => page().getByRole('region', { name: 'Store report' });
  const sumOf = (pick: (detail: SettleResult['details'][number]) => number | null | undefined) =>
    settled.flatMap((result) => result.details).reduce((sum, detail) => sum + (pick(detail) ?? 0), 0);
  const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

  async function rowsOf(name: string): Promise<string[][]> {
    const table = store().getByRole('table', { name });
    await table.waitFor();
    return table.evaluate((element) =>
      [...element.querySelectorAll('tbody tr, tfoot tr')].map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? '')),
    );
  }

  /** A chart's figures as its screen reader table gives them, in cents. */
  async function chartSum(name: string): Promise<number> {
    const figure = store().getByRole('figure', { name });
    const values = await figure.locator('table td').allTextContents();
    return values.reduce((sum, text) => sum + cents(text), 0);
  }

  async function pagesOf(pdf: PrintedPdf): Promise<string[]> {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.pages; n += 1) pages.push(await pdf.text(n));
    pages.forEach((text, i) => expect(text.trim(), `page ${i + 1} of ${pages.length}: ${pages.join(' | ')}`).not.toBe(''));
    return pages;
  }

  it('shows each settled lane as the sum of its Settles, the store as their sum, the unsettled lane apart', async () => {
    await page().getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batch & reports' }).click();
    await store().getByRole('button', { name: 'Make the store report' }).click();
    const rows = await rowsOf("The store's day by terminal");
    // Every Settle of the day: two rounds on Lanes 1 and 2; Lane 5's TPN once, under merchant 1.
    expect(rows.map((row) => [row[0], row[2], row[3], row[4]])).toEqual([
      ['Lane 1', '$32.50', '-$2.50', '$30.00'],
      ['Lane 2', '$19.00', '$0.00', '$19.00'],
      ['Lane 4', '$13.43', '$0.00', '$13.43'],
      ['Lane 5 M1 · merchant 1', '$4.00', '$0.00', '$4.00'],
      ['Store', '$68.93', '-$2.50', '$66.43'],
    ]);
    expect(settled).toHaveLength(6);
    expect(sumOf((detail) => detail.totals?.total)).toBe(6643);
    // This PC's settled payments: amount + tip + fee + tax on the fee = total; the tip adjust at its
    // new tip and its fee (3 % of $13.00 = $0.39, 10 % tax on it $0.04); the voided sale nowhere.
    const paid = await rowsOf("This PC's settled payments by terminal");
    expect(paid.map((row) => row.slice(0, 1).concat(row.slice(2)))).toEqual([
      ['Lane 1', '$30.00', '$0.00', '$0.00', '$0.00', '$30.00'],
      ['Lane 2', '$18.00', '$0.00', '$0.00', '$0.00', '$18.00'],
      ['Lane 4', '$10.00', '$3.00', '$0.39', '$0.04', '$13.43'],
      ['Lane 5 M1 · merchant 1', '$4.00', '$0.00', '$0.00', '$0.00', '$4.00'],
      ['Store', '$62.00', '$3.00', '$0.39', '$0.04', '$65.43'],
    ]);
    // Lane 3 took a sale and was not settled: apart, with what this PC recorded, in no store figure.
    const apart = store().getByRole('region', { name: 'Not settled today' });
    await expect.poll(() => apart.textContent()).toMatch(/Lane 3: this PC recorded \$3\.00/);
    expect(await apart.textContent()).toMatch(/Nothing to settle: Demo terminal, Lane 5 M2/);
    await store()
      .getByText(new RegExp(`Lane 1, listed and not counted: void ${prefix}A4 \\$4\\.00`))
      .waitFor();
    // The batch is the shared truth: the other register's sale is in Lane 2's totals and named here.
    const notSent = store().getByRole('region', { name: 'Not sent from this PC' });
    const items = await notSent.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatch(new RegExp(`^Lane 2: #\\d+ ${prefix}X1 Sale( …\\d{4})? \\$1\\.00$`));
    await store().getByRole('img', { name: 'Store: sales by hour' }).waitFor();
    await store().getByRole('img', { name: 'Store: sales by card type' }).waitFor();
    expect(await shot('report')).toEqual([]);
  }, 60_000);

  it("draws charts that add up to the table's Total of this PC's settled payments, and says so, with an amount scale", async () => {
    const total = cents((await rowsOf("This PC's settled payments by terminal")).at(-1)!.at(-1)!);
    expect(total).toBe(6543);
    expect(await chartSum('Store: sales by hour')).toBe(total);
    expect(await chartSum('Store: sales by card type')).toBe(total);
    await store().getByText(`Adds up to $65.43, the Total of this PC's settled payments in the table.`).first().waitFor();
    // The hour chart's amount scale: ticks labelled in dollars, the top one at or above the tallest bar.
    const ticks = await store().getByRole('figure', { name: 'Store: sales by hour' }).locator('svg text.tick').allTextContents();
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks).toContain('$0');
    for (const tick of ticks) expect(tick).toMatch(/^\$\d[\d,]*$/);
  });

  it('fits the Fees column of the store report in the window', async () => {
    const fees = store()
      .getByRole('table', { name: "This PC's settled payments by terminal" })
      .getByRole('columnheader', { name: 'Fees', exact: true });
    const box = await fees.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    const region = store().getByRole('region', { name: /scrolls sideways/ });
    expect(await region.count()).toBe(0);
  });

  it('exports a CSV whose store line is the sum of every Settle of the day, with the same payment figures', async () => {
    const [download] = await Promise.all([
      page().waitForEvent('download'),
      store().getByRole('button', { name: 'Export the store report as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^spin-desk-store-\d{8}-\d{4}\.csv$/);
    const lines = (await downloadedText(download)).split('\r\n');
    const header = lines[0]!.split(',');
    const line = lines.find((text) => text.startsWith('Store,'))!.split(',');
    const cell = (name: string) => Math.round(Number(line[header.indexOf(name)]) * 100);
    expect(cell('Net')).toBe(sumOf((detail) => detail.totals?.total));
    expect(cell('Returns')).toBe(-sumOf((detail) => detail.totals?.ret));
    expect(cell('Sales and captures')).toBe(sumOf((detail) => (detail.totals?.sale ?? 0) + (detail.totals?.ticket ?? 0)));
    expect([cell('Amount'), cell('Tips'), cell('Fees'), cell('Tax on fees'), cell('Total')]).toEqual([6200, 300, 39, 4, 6543]);
    expect(cell('Amount') + cell('Tips') + cell('Fees') + cell('Tax on fees')).toBe(cell('Total'));
    expect(lines.find((text) => text.startsWith('Lane 3,'))).toMatch(/Not settled/);
    expect(lines.filter((text) => text.startsWith('Lane 5 M1,'))).toHaveLength(1);
    expect(lines.filter((text) => text.includes(`Void ${prefix}A4`))).toHaveLength(1);
    const notSent = lines.find((text) => text.includes(`Not sent from this PC: `) && text.includes(`${prefix}X1`))!.split(',');
    expect([notSent[0], notSent[header.indexOf('Not sent from this PC')]]).toEqual(['Lane 2', '1.00']);
  });

  it('prints on A4 and on the 80 mm roll, every page filled, the store line and the charts on paper', async () => {
    for (const { paper, size } of [
      { paper: 'A4', size: [210, 297] },
      { paper: '80 mm receipt', size: [80, 297] },
    ]) {
      const pdf = await printLayoutToPdf(page(), paper, { scope: store(), button: 'Print the store report…' });
      expect(pdf.size[0]).toBeCloseTo((size[0] as number) * POINTS_PER_MM, 0);
      expect(pdf.size[1]).toBeCloseTo((size[1] as number) * POINTS_PER_MM, 0);
      const pages = await pagesOf(pdf);
      const all = pages.join('\n');
      expect(pages[0]).toContain('Store report');
      expect(all).toMatch(/Store\s+(\d+\s+\$68\.93\s+-\$2\.50\s+)?\$66\.43/);
      expect(all).toMatch(/Store\s+(\d+\s+\$62\.00\s+\$3\.00\s+\$0\.39\s+\$0\.04\s+)?\$65\.43/);
      expect(all).toContain('Not settled today: Lane 3 (this PC recorded $3.00)');
      expect(all).toMatch(new RegExp(`Lane 2 · #\\d+ ${prefix}X1 Sale[^$]*\\$1\\.00`));
      expect(all).toContain('Store: sales by hour');
      expect(all).toContain("Adds up to $65.43, the Total of this PC's settled payments in the table.");
      if (paper === 'A4') {
        expect(all).toMatch(/Lane 1\s+\d+\s+\$32\.50\s+-\$2\.50\s+\$30\.00/);
        expect(all).toMatch(/Lane 4\s+\d+\s+\$10\.00\s+\$3\.00\s+\$0\.39\s+\$0\.04\s+\$13\.43/);
        expect(all).toContain('Lane 2: sales by card type');
      } else {
        expect(all).toMatch(/Lane 1\s+\$30\.00/);
        expect(all).not.toContain('Lane 2: sales by card type');
      }
    }
  }, 60_000);

  it("makes the store report again from a Settle in History: that day's report, the same totals", async () => {
    await page().getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'History' }).click();
    const row = page().getByRole('row').filter({ hasText: 'Settle' }).first();
    await row.getByRole('button', { name: /Details of Settle/ }).click();
    await page().getByRole('button', { name: 'Store report of that day…' }).click();
    await page().getByRole('heading', { name: 'Batch & reports', level: 1 }).waitFor();
    const foot = store().getByRole('table', { name: "The store's day by terminal" }).locator('tfoot tr');
    // Cell by cell: the row's text alone runs its cells together.
    await expect
      .poll(async () => (await foot.locator('th, td').allTextContents()).join(' ').replace(/\s+/g, ' '))
      .toMatch(/Store .*\$68\.93 -\$2\.50 \$66\.43/);
    const pages = await pagesOf(await printLayoutToPdf(page(), 'A4', { scope: store(), button: 'Print the store report…' }));
    expect(pages.join('\n')).toMatch(/Store\s+\d+\s+\$68\.93\s+-\$2\.50\s+\$66\.43/);
    expect(await shot('reprint')).toEqual([]);
  }, 60_000);

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems).toEqual([]);
  });
});
