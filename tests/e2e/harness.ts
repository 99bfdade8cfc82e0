// Launches the real renderer in Debian's Chromium against the browser host, with the app's real
// services behind it (memory store and vault), and tears it all down again. Every e2e file uses
// this; nothing here is specific to one screen.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from 'playwright-core';
import { HostLog } from '../../electron/host/host-log';
import { startHost, type RunningHost } from '../../electron/host/host-server';
import { createAppServices, type AppServices } from '../../electron/services/app-services';
import { Redactor } from '../../electron/services/security/redactor';
import { MemoryStore } from '../../electron/services/store/key-value-store';
import { MemoryVault } from '../../electron/services/vault/secret-vault';

/** Debian's Chromium, or the one SPIN_DESK_CHROMIUM names (CI on Windows and macOS uses Playwright's). */
export const CHROMIUM_PATH = process.env.SPIN_DESK_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
export const RESULTS_DIR = 'test-results';
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** One request or response between the page and the host, with its body as text. */
export interface TrafficEntry {
  kind: 'request' | 'response';
  method: string;
  url: string;
  status?: number;
  body: string;
}

export interface AppUnderTest {
  page: Page;
  host: RunningHost;
  hostLog: HostLog;
  services: AppServices;
  /** Everything the page sent and received so far (call settle() first to include late bodies). */
  traffic: TrafficEntry[];
  settle(): Promise<void>;
  /** Console errors, failed CSP checks and uncaught exceptions seen in the page. */
  pageProblems: string[];
  /**
   * Screenshots the current screen in light and dark (test-results/<name>-light|dark.png) and runs
   * axe in both; returns the serious and critical violations, described in one line each.
   */
  checkScreen(name: string): Promise<string[]>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Think time of the built-in demo terminal; 0 keeps tests fast. */
  demoProcessingDelayMs?: number;
  /** Keep the journal and the request log on disk here, as the app does, so a test can read them. */
  dataDir?: string;
}

export async function launchApp(options: LaunchOptions = {}): Promise<AppUnderTest> {
  const redactor = new Redactor();
  // With a data folder the host also writes its log there, redacted, as `npm run start:browser` does.
  const { dataDir } = options;
  const hostLog = new HostLog(dataDir ? { sink: (line) => appendFileSync(join(dataDir, 'host.log'), `${redactor.text(line)}\n`) } : {});
  const services = await createAppServices({
    store: new MemoryStore(),
    vault: new MemoryVault(),
    info: { name: 'spin-desk', version: 'e2e', shell: 'browser' },
    log: hostLog,
    redactor,
    demoProcessingDelayMs: options.demoProcessingDelayMs ?? 0,
    ...(dataDir ? { dataDir } : {}),
  });
  const host = await startHost({ dispatch: services.dispatch, staticDir: 'out/renderer', log: hostLog });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();

  const traffic: TrafficEntry[] = [];
  const pendingBodies: Promise<void>[] = [];
  page.on('request', (request) => {
    traffic.push({ kind: 'request', method: request.method(), url: request.url(), body: request.postData() ?? '' });
  });
  page.on('response', (response) => {
    const entry: TrafficEntry = {
      kind: 'response',
      method: response.request().method(),
      url: response.url(),
      status: response.status(),
      body: '',
    };
    traffic.push(entry);
    // Redirects have no body to read; everything else is recorded in full.
    pendingBodies.push(
      response.text().then(
        (text) => void (entry.body = text),
        () => undefined,
      ),
    );
  });

  const pageProblems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') pageProblems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => pageProblems.push(`exception: ${error.message}`));

  await page.goto(host.url);
  mkdirSync(RESULTS_DIR, { recursive: true });

  return {
    page,
    host,
    hostLog,
    services,
    traffic,
    pageProblems,
    settle: async () => {
      await Promise.all(pendingBodies);
    },
    checkScreen: (name) => checkScreen(page, name),
    close: async () => {
      await browser.close();
      await host.close();
      await services.close();
    },
  };
}

async function checkScreen(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(RESULTS_DIR, `${name}-${colorScheme}.png`), fullPage: true });
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations) {
      if (!BLOCKING_IMPACTS.has(violation.impact ?? '')) continue;
      const where = violation.nodes.map((node) => node.target.join(' ')).join(', ');
      problems.push(`${name} (${colorScheme}): ${violation.id} [${violation.impact}] ${violation.help} at ${where}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return problems;
}
