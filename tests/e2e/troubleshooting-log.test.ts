// The request log, copy-as-curl and the support bundle in Chromium through the browser host, with
// a sentinel Authkey set through the Terminals screen: after that one request it must never show
// up again, not in the log, a curl command, the bundle, the page or anything the host sends back.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { AUTHKEY_PLACEHOLDER } from '../../electron/services/security/redactor';
import { supportBundleAbout, type LogEntryDetail, type LogPage, type SupportBundleContent } from '@shared/ipc/diagnostics-views';
import { downloadedText, launchApp, type AppUnderTest } from './harness';
import { goTo, useTerminal } from './payments-kit';

/** Obviously fake, 10 characters, and unlike anything else on the page. */
const SENTINEL = 'SNTNL7Q2ZX';
const TPN = 'E2ELOGS001';
const run = promisify(execFile);

let simulator: RunningSimulator;
let app: AppUnderTest;
let bundleText = '';
let copied = '';

beforeAll(async () => {
  simulator = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    terminals: [{ tpn: TPN, authkey: SENTINEL }],
    processingDelayMs: 0,
    seed: 4,
  });
  app = await launchApp();
  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.host.url).origin });
});

afterAll(async () => {
  await app?.close();
  await simulator?.close();
});

const page = () => app.page;
const tab = (name: string) => page().getByRole('tab', { name }).click();
const rows = () => page().getByRole('table').getByRole('row');

async function charge(amount: string, result: string): Promise<void> {
  if (await page().getByRole('button', { name: 'New sale' }).isVisible()) await page().getByRole('button', { name: 'New sale' }).click();
  await page().getByLabel('Amount', { exact: true }).fill(amount);
  await page().getByLabel('Amount', { exact: true }).press('Enter');
  await page().getByRole('heading', { name: result, level: 2 }).waitFor();
}

describe('request log, curl and support bundle', () => {
  it('sets the sentinel key through the Terminals screen and runs requests with it', async () => {
    await goTo(app, 'Terminals');
    await page().getByRole('button', { name: 'Add a terminal' }).click();
    await page().getByLabel('Name').fill('Log lab');
    await page().getByLabel('Environment').selectOption('custom');
    await page().getByLabel('Base URL').fill(simulator.url);
    await page().getByLabel('TPN').fill(TPN);
    await page().getByRole('button', { name: 'Add terminal' }).click();
    await page().getByLabel('Authkey', { exact: true }).fill(SENTINEL);
    await page().getByRole('button', { name: 'Save Authkey' }).click();
    await page().getByRole('form', { name: 'Set Authkey' }).getByText('Authkey set').waitFor();
    await useTerminal(app, 'Log lab');

    await goTo(app, 'Sale');
    await charge('12.34', 'Approved');
    await charge('10.15', 'Declined');
    // Look the approved sale up (Status), so there is a record to replay with curl.
    await goTo(app, 'Transactions');
    await tab('Look up');
    await page().getByLabel('Transaction number').fill('1');
    await page().getByRole('button', { name: 'Look up' }).click();
    await page().getByRole('heading', { name: /^Sale/, level: 2 }).waitFor();
    await goTo(app, 'Troubleshooting');
    await page().getByRole('button', { name: 'Check connection' }).click();
    await page().getByRole('heading', { name: 'The terminal is online and ready' }).waitFor();
  });

  it('lists every request with its code and meaning, and filters and searches them', async () => {
    await tab('Request log');
    await page()
      .getByText(/^Showing \d+ of \d+ requests\.$/)
      .waitFor();
    const all = await app.services.dispatch('diagnostics:log', {});
    const kept = (all as { data: LogPage }).data.kept;
    expect(kept).toBeGreaterThanOrEqual(4);
    // A row per request and the header row, less the first sale's batch witness read (a Status of its
    // own reference, "not found", and, as that 1001 names no batch, the StatusList of the open batch's
    // oldest transaction), both folded under that sale with the lookups.
    await expect.poll(() => rows().count()).toBe(kept - 1);
    await page().getByLabel('Endpoint').selectOption('Sale');
    await expect.poll(() => rows().count()).toBe(3);
    await page().getByLabel('Search').fill('1015');
    await expect.poll(() => rows().count()).toBe(2);
    expect(await rows().nth(1).textContent()).toMatch(/Sale.*1015 \(1\).*Terminal said no.*Declined/);
    // Each request is placed by its date and its terminal, not only a time: in a window this size
    // the day under the time and the terminal under the request; in a wide one, columns of their own.
    const placed = async () => (await rows().nth(1).getByRole('cell').allTextContents()).map((cell) => cell.trim());
    const today = await page().evaluate(() => new Date().toLocaleDateString());
    expect((await placed()).slice(0, 2)).toEqual([
      expect.stringMatching(new RegExp(`\\d:\\d\\d.*${today}$`)),
      expect.stringMatching(/Log lab$/),
    ]);
    await page().setViewportSize({ width: 1700, height: 860 });
    await expect
      .poll(() => page().getByRole('table').getByRole('columnheader').allTextContents())
      .toEqual(expect.arrayContaining(['Date', 'Time', 'Terminal']));
    expect((await placed()).slice(0, 3)).toEqual([today, expect.stringMatching(/^\d+:\d\d:\d\d/), `Log lab TPN ${TPN}`]);
    await page().setViewportSize({ width: 1280, height: 860 });
    await page().getByLabel('Search').fill('');
    await page().getByLabel('Endpoint').selectOption('Status');
    await page().getByLabel('Outcome').selectOption('ok');
    await expect.poll(() => rows().count()).toBe(2);
    expect(await app.checkScreen('troubleshooting-log')).toEqual([]);
  });

  it('shows a request and its answer redacted, and copies it as curl that gets the same answer', async () => {
    await rows()
      .nth(1)
      .getByRole('button', { name: /^Details of Status/ })
      .click();
    const request = await page().getByRole('region', { name: 'Request body' }).textContent();
    expect(JSON.parse(request ?? '')).toMatchObject({ Tpn: TPN, Authkey: AUTHKEY_PLACEHOLDER, TransactionNumber: 1 });
    const shown = JSON.parse((await page().getByRole('region', { name: 'Response body' }).textContent()) ?? '') as Answer;
    expect(await app.checkScreen('troubleshooting-log-detail')).toEqual([]);

    await page().getByRole('button', { name: 'Copy as curl' }).click();
    await page().getByText('Copied as a curl command.', { exact: false }).first().waitFor();
    copied = await page().evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/v2\/Payment\/Status'/);
    expect(copied).not.toContain(SENTINEL);

    // Whoever replays it types the key in themselves; here the real curl binary does the rest.
    const { stdout } = await run('sh', ['-c', copied.replace(AUTHKEY_PLACEHOLDER, SENTINEL)]);
    const replayed = JSON.parse(stdout) as Answer;
    expect(general(replayed)).toEqual(general(shown));
    expect(general(replayed)).toEqual({ ResultCode: '0', StatusCode: '0000', Message: 'Approved' });
    for (const field of ['ReferenceId', 'TransactionType', 'TransactionNumber', 'BatchNumber', 'AuthCode', 'Amounts', 'RRN']) {
      expect(replayed[field], field).toEqual(shown[field]);
    }
    expect(replayed.CardData?.Last4).toBe(shown.CardData?.Last4);
  });

  it('saves a support bundle with what support needs and never the key', async () => {
    // The Journal tab first: "Check the journal" gives its verdict, and at 1024 x 700 nothing is cut off.
    await tab('Journal');
    await page().setViewportSize({ width: 1024, height: 700 });
    await page().getByRole('button', { name: 'Check the journal' }).click();
    await page().getByRole('status').filter({ hasText: 'The journal is healthy' }).waitFor();
    // This app runs without a data folder: its journal is in memory, with no backups to restore.
    await page().getByText('keeps its journal in memory', { exact: false }).waitFor();
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    expect(await app.checkScreen('troubleshooting-journal')).toEqual([]);
    await page().setViewportSize({ width: 1280, height: 860 });
    await tab('Support bundle');
    expect(await app.checkScreen('troubleshooting-bundle')).toEqual([]);
    const [download] = await Promise.all([
      page().waitForEvent('download'),
      page().getByRole('button', { name: 'Save support bundle' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^spin-desk-support-.*\.json$/);
    bundleText = await downloadedText(download);
    const bundle = JSON.parse(bundleText) as SupportBundleContent;
    expect(bundle).toMatchObject({ kind: 'spin-desk-support-bundle', app: { shell: 'browser' }, secretStorage: { level: 'memory' } });
    expect(bundle.profiles.map((p) => p.name)).toEqual(['Demo terminal', 'Log lab']);
    expect(bundle.journal.byState).toMatchObject({ approved: 1, declined: 1 });
    expect(bundle.journal.lastBackup).toEqual({ at: null, kept: 0 });
    expect(bundle.connectionChecks[0]?.verdict?.kind).toBe('ready');
    expect(bundle.requestLog.entries.length).toBeGreaterThanOrEqual(4);
    // The panel says what the file holds, and the file opens with the same words.
    await page().getByText(supportBundleAbout().leftOut).waitFor();
    for (const line of supportBundleAbout().holds) await page().getByRole('listitem').filter({ hasText: line }).waitFor();
    expect(bundle.about).toEqual({ holds: [...supportBundleAbout().holds], leftOut: supportBundleAbout().leftOut });
    // The simulator's answers carried a cardholder name, an expiry date and card tokens: none is in the file.
    const records = simulator.control.getState(TPN).records as unknown as { IPosToken: string; CardData: { Name: string } }[];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(bundleText).not.toContain(record.IPosToken);
      expect(bundleText).not.toContain(record.CardData.Name);
    }
    expect(bundleText).toContain('[expiry date removed]');
  });

  it('never lets the sentinel key out: log, curl, bundle, page and host traffic', async () => {
    expect(bundleText).not.toContain(SENTINEL);
    const page = (await app.services.dispatch('diagnostics:log', {})) as { ok: true; data: LogPage };
    for (const entry of page.data.entries) {
      const detail = (await app.services.dispatch('diagnostics:logEntry', { entryId: entry.id })) as { ok: true; data: LogEntryDetail };
      expect(JSON.stringify(detail.data)).not.toContain(SENTINEL);
      const curl = (await app.services.dispatch('diagnostics:curl', { entryId: entry.id })) as { ok: true; data: { command: string } };
      expect(curl.data.command).not.toContain(SENTINEL);
    }
    expect(await app.page.content()).not.toContain(SENTINEL);
    await app.settle();
    const carrying = app.traffic.filter((entry) => entry.body.includes(SENTINEL));
    expect(carrying.map((entry) => `${entry.kind} ${new URL(entry.url).pathname}`)).toEqual(['request /api/profiles%3AsetAuthkey']);
    expect(JSON.stringify(app.hostLog.entries())).not.toContain(SENTINEL);
  });

  it('clears the log only after asking; Esc keeps it', async () => {
    await tab('Request log');
    await page().getByRole('button', { name: 'Clear log…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Clear the request log?' });
    await dialog.waitFor();
    expect(await app.checkScreen('troubleshooting-clear-dialog')).toEqual([]);
    await page().keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await rows().count()).toBeGreaterThan(1);
    await page().getByRole('button', { name: 'Clear log…' }).click();
    await dialog.getByRole('button', { name: 'Clear log' }).click();
    await page().getByText('Showing 0 of 0 requests.').waitFor();
    await page().getByText('No requests yet.', { exact: false }).waitFor();
  });

  it('says in About which version runs, where its data is, and that the installed app handles updates; Esc closes it', async () => {
    const opener = page().getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'About spin-desk' });
    await opener.click();
    const dialog = page().getByRole('dialog', { name: 'About spin-desk' });
    await dialog.getByRole('heading', { name: 'About spin-desk' }).waitFor();
    await dialog.getByText('e2e', { exact: true }).waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Browser version');
    expect(text).toContain('Not here: updates are handled by the installed app');
    // This run keeps no data folder (launchApp without one): said so, not left blank.
    expect(text).toContain('None: this copy keeps its data in memory only');
    expect(await app.checkScreen('about-dialog')).toEqual([]);
    await page().keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems).toEqual([]);
  });
});

type Answer = Record<string, unknown> & { GeneralResponse: Record<string, unknown>; CardData?: { Last4?: string } };

function general(answer: Answer) {
  const { ResultCode, StatusCode, Message } = answer.GeneralResponse;
  return { ResultCode, StatusCode, Message };
}
