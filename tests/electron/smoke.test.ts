// The desktop app itself, launched with the real Electron binary through Playwright's _electron:
// it opens on the demo terminal with its menu, sends a second launch away, takes a demo sale, saves
// the Batch report as a PDF through the shell's printToPDF, and quits cleanly (journal closed, data
// folder released).
//
// Runs only through `npm run test:electron` (scripts/test-electron.mjs), which builds the app
// first and, where no Electron binary is installed, reports "not run: no Electron binary" and
// exits with status 3 instead of running this file: it is never counted as passed there.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-electron-'));
const pdfPath = join(dataDir, 'batch-report.pdf');
let app: ElectronApplication;
let page: Page;

/** The binary the electron npm package downloaded; its index.js names it (and throws when there is none). */
function electronBinary(): string {
  return createRequire(import.meta.url)('electron') as string;
}

beforeAll(async () => {
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
