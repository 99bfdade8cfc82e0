// The desktop app itself, launched with the real Electron binary through Playwright's _electron:
// it opens on the demo terminal with its menu, starts and takes a demo sale while its update check
// waits on a feed that never answers, sends a second launch away, takes a demo sale, saves the
// Batch report as a PDF through the shell's printToPDF, and quits cleanly (journal closed, data
// folder released).
//
// Runs only through `npm run test:electron` (scripts/test-electron.mjs), which builds the app
// first and, where no Electron binary is installed, reports "not run: no Electron binary" and
// exits with status 3 instead of running this file: it is never counted as passed there.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../shared/ipc/bridge';
import { UPDATE_POLICY_FILE } from '../../electron/services/updates/update-policy';

const dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-electron-'));
const pdfPath = join(dataDir, 'batch-report.pdf');
let app: ElectronApplication;
let page: Page;

/**
 * The update feed the policy file names: it takes electron-updater's request for the feed file
 * (latest.yml on Windows, latest-linux.yml, latest-mac.yml) and never answers, so the app's first
 * update check stays out for as long as the test runs.
 */
let feed: Server;
const feedRequests: IncomingMessage[] = [];

/** The binary the electron npm package downloaded; its index.js names it (and throws when there is none). */
function electronBinary(): string {
  return createRequire(import.meta.url)('electron') as string;
}

beforeAll(async () => {
  feed = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://feed').pathname;
    // Held, unanswered; anything else is not the update check's and gets a 404.
    if (/^\/latest(-linux|-mac)?\.yml$/.test(path)) feedRequests.push(request);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  // An unpackaged run checks for updates only when the store's policy file names a feed
  // (electron/main/updates.ts); http is allowed there for a feed on this machine.
  const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/`;
  writeFileSync(join(dataDir, UPDATE_POLICY_FILE), JSON.stringify({ feedUrl }));
  app = await _electron.launch({
    executablePath: electronBinary(),
    // A data folder of its own (electron/main/data-dir.ts): no settings, journal or single-instance
    // lock shared with a copy in use.
    args: ['.', `--data-dir=${dataDir}`],
  });
  page = await app.firstWindow();
}, 120_000);

afterAll(async () => {
  if (app && app.process().exitCode === null) await app.close();
  if (feed) {
    // The held requests' sockets would keep close() waiting.
    feed.closeAllConnections();
    await new Promise<void>((resolve) => feed.close(() => resolve()));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('spin-desk in Electron', () => {
  it('keeps its data in the folder it was given and loads the renderer from app://', async () => {
    expect(await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'))).toBe(dataDir);
    expect(page.url()).toBe('app://spin-desk/index.html');
    await page.getByRole('heading', { name: 'Sale', level: 1 }).waitFor();
    // The page has no Node and reaches main only through the contract's functions.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => Object.keys((window as unknown as { spinDesk: object }).spinDesk))).toContain('payments:sale');
  });

  it('starts and takes a sale while its update check waits on a feed that never answers', async () => {
    // The check is out: the feed has the request, and has not answered it.
    await vi.waitFor(() => expect(feedRequests.length).toBeGreaterThan(0), { timeout: 30_000, interval: 100 });
    await page.getByRole('heading', { name: 'Sale', level: 1 }).waitFor();
    await page.getByLabel('Amount', { exact: true }).fill('3');
    await page.getByLabel('Amount', { exact: true }).press('Enter');
    await page.getByRole('heading', { name: 'Approved', level: 2 }).waitFor();
    expect(await page.locator('article').textContent()).toContain('$3.00');
    // Still out: the app has not given up on the request, and says it is looking, not that an
    // update is ready (no "Restart to update" in the banner or enabled in the menu).
    expect(feedRequests.every((request) => !request.socket.destroyed)).toBe(true);
    const updates = await page.evaluate(() => (window as unknown as { spinDesk: Bridge }).spinDesk['app:updates'](undefined));
    expect(updates).toMatchObject({ ok: true, data: { state: 'checking', managed: true } });
    expect(await page.getByText('Restart to update').count()).toBe(0);
    const restart = await app.evaluate(({ Menu }) =>
      Menu.getApplicationMenu()
        ?.items.flatMap((menu) => menu.submenu?.items ?? [])
        .filter((item) => item.label.startsWith('Restart to update'))
        .map((item) => item.enabled),
    );
    expect(restart).toEqual([false]);
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByLabel('Amount', { exact: true }).waitFor();
  });

  it('shows the application menu', async () => {
    const menus = await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.items.map((item) => item.label.replace('&', '')) ?? []);
    expect(menus.filter((label) => label !== 'spin-desk')).toEqual(['File', 'Edit', 'View', 'Help']);
  });

  it('hands a second launch on the same data folder over to this one', async () => {
    const second = spawn(electronBinary(), ['.', `--data-dir=${dataDir}`], { stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(0);
    expect(await page.getByRole('heading', { name: 'Sale', level: 1 }).isVisible()).toBe(true);
  });

  it('takes a sale on the demo terminal', async () => {
    await page.getByLabel('Amount', { exact: true }).fill('5');
    await page.getByLabel('Amount', { exact: true }).press('Enter');
    await page.getByRole('heading', { name: 'Approved', level: 2 }).waitFor();
    expect(await page.locator('article').textContent()).toContain('$5.00');
  });

  it('saves the batch report as a PDF', async () => {
    // The save dialog is the one thing a test cannot click: answer it in main with the test's path.
    await app.evaluate(({ dialog }, path) => {
      dialog.showSaveDialog = (async () => ({ canceled: false, filePath: path })) as typeof dialog.showSaveDialog;
    }, pdfPath);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batch & reports' }).click();
    await page.getByRole('table', { name: 'Open batch by payment application' }).waitFor();
    await page.getByRole('button', { name: 'Save as PDF…' }).click();
    await page.getByText(`Saved ${pdfPath}`).waitFor();
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('quits cleanly: the process ends with 0, the journal holds the sale, the data folder is released', async () => {
    const exited = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)));
    // The process may end before Playwright hears the answer.
    await app.evaluate(({ app: electronApp }) => electronApp.quit()).catch(() => undefined);
    expect(await exited).toBe(0);
    const journal = join(dataDir, 'journal');
    const lines = readdirSync(journal)
      .filter((name) => name.endsWith('.jsonl'))
      .flatMap((name) => readFileSync(join(journal, name), 'utf8').trim().split('\n'));
    expect(lines.some((line) => line.includes('"t":"outcome"'))).toBe(true);
    expect(existsSync(join(dataDir, 'spin-desk.lock'))).toBe(false);
  });
});
