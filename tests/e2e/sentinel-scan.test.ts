// The security issue's sentinel scan: an obviously fake Authkey is set through the UI, the app is
// used the way a store uses it (sales, a decline, a sale cancelled on the terminal, reports printed
// and exported, the journal exported, a connection check and TerminalStatus, whose URL carries the
// key, curl commands copied, a support bundle saved), and then the key
// is searched for in everything the run produced: the data folder (journal, request log, host
// log), every download, the printed PDF, the diagnostics bundle, the page's DOM and every byte
// between the page and the host after the key was sent. Zero hits allowed.
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { downloadedText, launchApp, type AppUnderTest } from './harness';
import { expectResult, goTo, useTerminal } from './payments-kit';
import { printLayoutToPdf } from './print-kit';

const SENTINEL = 'SNTNL7Q2ZX';
const TPN = 'SCANTERM01';

let simulator: RunningSimulator;
let app: AppUnderTest;
let dataDir: string;
/** Every artefact the run produced, by name, as text. */
const produced = new Map<string, string>();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-scan-'));
  simulator = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    terminals: [{ tpn: TPN, authkey: SENTINEL }],
    processingDelayMs: 0,
    seed: 5,
  });
  app = await launchApp({ dataDir });
});

afterAll(async () => {
  await app?.close();
  await simulator?.close();
});

async function saved(download: Promise<Download>, name: string): Promise<string> {
  const file = await download;
  const text = await downloadedText(file);
  produced.set(`download ${name} (${file.suggestedFilename()})`, text);
  return text;
}

/** Calls the host's API from the page, as the renderer does, so the traffic is recorded too. */
function callFromPage(channel: string, input: unknown): Promise<string> {
  return app.page.evaluate(
    async ([name, body]) =>
      (await fetch(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).text(),
    [channel, input] as const,
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('sentinel Authkey scan', () => {
  it('uses the app with the sentinel key through the UI', async () => {
    const page = app.page;
    await goTo(app, 'Terminals');
    await page.getByRole('button', { name: 'Add a terminal' }).click();
    await page.getByLabel('Name').fill('Scan lab');
    await page.getByLabel('Environment').selectOption('custom');
    await page.getByLabel('Base URL').fill(simulator.url);
    await page.getByLabel('TPN').fill(TPN);
    await page.getByRole('button', { name: 'Add terminal' }).click();
    await page.getByRole('heading', { name: 'Edit Scan lab', level: 2 }).waitFor();
    await page.getByLabel('Authkey', { exact: true }).fill(SENTINEL);
    await page.getByRole('button', { name: 'Save Authkey' }).click();
    await page.getByText('Authkey set').first().waitFor();
    await useTerminal(app, 'Scan lab');

    await goTo(app, 'Sale');
    for (const [amount, outcome] of [
      ['12.34', 'Approved'],
      ['10.15', 'Declined'],
    ] as const) {
      if (await page.getByRole('button', { name: 'New sale' }).isVisible()) await page.getByRole('button', { name: 'New sale' }).click();
      await page.getByLabel('Amount', { exact: true }).fill(amount);
      await page.getByLabel('Amount', { exact: true }).press('Enter');
      produced.set(`result card ${amount}`, await expectResult(app, outcome));
    }
    // The key really was used: the simulator only approves with it.
    expect(simulator.control.getState(TPN).records).toHaveLength(1);

    // A sale the terminal holds (20.07), cancelled from the screen: AbortTransaction carries the key too.
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByLabel('Amount', { exact: true }).fill('20.07');
    await page.getByLabel('Amount', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Cancel on terminal' }).click();
    produced.set('canceled sale', await expectResult(app, 'Canceled on the terminal'));

    await goTo(app, 'Batch & reports');
    await page.getByRole('tab', { name: /Daily/ }).click();
    await page.getByRole('table', { name: 'Transactions in the open batch' }).waitFor();
    await Promise.all([saved(page.waitForEvent('download'), 'daily csv'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const pdf = await printLayoutToPdf(page, 'A4');
    produced.set('daily report PDF text', await pdf.allText());
    expect(produced.get('daily report PDF text')).toContain('12.34');

    produced.set('journal CSV', await callFromPage('journal:exportCsv', {}));
    produced.set('connection check', await callFromPage('diagnostics:check', {}));
    // TerminalStatus is a GET with the key in its query string: the header's status and the check ask it.
    produced.set('terminal status', await callFromPage('terminal:status', {}));
    const log = JSON.parse(await callFromPage('diagnostics:log', {})) as {
      data: { entries: { id: string; endpoint: string; url: string }[] };
    };
    expect(log.data.entries.length).toBeGreaterThan(3);
    expect(log.data.entries.map((entry) => entry.endpoint)).toEqual(expect.arrayContaining(['AbortTransaction', 'TerminalStatus']));
    const statusEntry = log.data.entries.find((entry) => entry.endpoint === 'TerminalStatus');
    // Online proves the key went out in the query; the log shows the placeholder in its place.
    expect(produced.get('terminal status')).toContain('"state":"online"');
    expect(statusEntry?.url).toBe(`${simulator.url}/v2/Common/TerminalStatus?request.tpn=${TPN}&request.authkey=<AUTH_KEY>`);
    for (const entry of log.data.entries) {
      produced.set(`log entry ${entry.id}`, await callFromPage('diagnostics:logEntry', { entryId: entry.id }));
      produced.set(`curl ${entry.id}`, await callFromPage('diagnostics:curl', { entryId: entry.id }));
    }

    await goTo(app, 'Troubleshooting');
    await page.getByRole('tab', { name: 'Support bundle' }).click();
    await Promise.all([
      saved(page.waitForEvent('download'), 'support bundle'),
      page.getByRole('button', { name: 'Save support bundle' }).click(),
    ]);
  });

  it('finds the key in none of the files the app wrote', () => {
    const files = filesUnder(dataDir);
    expect(files.some((file) => file.includes('journal'))).toBe(true);
    expect(files.some((file) => file.endsWith('host.log'))).toBe(true);
    for (const file of files) expect({ file, hit: readFileSync(file, 'latin1').includes(SENTINEL) }).toEqual({ file, hit: false });
  });

  it('finds the key in none of the downloads, PDFs, exports, curl commands or the bundle', () => {
    expect(produced.size).toBeGreaterThan(8);
    expect([...produced.keys()].some((name) => name.startsWith('download support bundle'))).toBe(true);
    for (const [name, text] of produced) expect({ name, hit: text.includes(SENTINEL) }).toEqual({ name, hit: false });
  });

  it('finds the key nowhere in the page or its traffic after it was sent, nor in the host log', async () => {
    await app.settle();
    expect(await app.page.content()).not.toContain(SENTINEL);
    const values = await app.page
      .locator('input, textarea')
      .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
    expect(values.filter((value) => value.includes(SENTINEL))).toEqual([]);
    const sentAt = app.traffic.findIndex(
      (entry) => entry.kind === 'request' && decodeURIComponent(entry.url).endsWith('/api/profiles:setAuthkey'),
    );
    // The scan can see the key: it is in the one request that set it.
    expect(app.traffic[sentAt]?.body).toContain(SENTINEL);
    const later = app.traffic.filter((entry, index) => index !== sentAt && entry.body.includes(SENTINEL));
    expect(later.map((entry) => `${entry.kind} ${entry.url}`)).toEqual([]);
    expect(JSON.stringify(app.hostLog.entries())).not.toContain(SENTINEL);
  });
});
