// Opens the real renderer in Debian's Chromium (the run's shared browser, a context of its own)
// against the browser host, with the app's real services behind it (memory store and vault), and
// tears it all down again. Every e2e file uses this; nothing here is specific to one screen.
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as AxeCore from 'axe-core';
import type { Download, Page } from 'playwright-core';
import { HostLog } from '../../electron/host/host-log';
import { startHost, type RunningHost } from '../../electron/host/host-server';
import { createAppServices, type AppServices } from '../../electron/services/app-services';
import { Redactor } from '../../electron/services/security/redactor';
import { MemoryStore, type KeyValueStore } from '../../electron/services/settings/key-value-store';
import { MemoryVault } from '../../electron/services/vault/secret-vault';
import type { RecoveryPolicy } from '../../electron/services/recovery/policy';
import { openBrowser } from './shared-browser';
import { tier } from '../support/tier';

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
   * Screenshots the current screen (test-results/<name>-light|dark.png) and runs axe on it, in light
   * and dark in the soak, in one of them in `npm test` (schemesToCheck); returns the serious and
   * critical violations, described in one line each.
   */
  checkScreen(name: string): Promise<string[]>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Think time of the built-in demo terminal; 0 keeps tests fast. */
  demoProcessingDelayMs?: number;
  /** Keep the journal and the request log on disk here, as the app does, so a test can read them. */
  dataDir?: string;
  /**
   * 'short' (the default): the lookups and resends after a lost answer, and the HTTP grace past
   * SPInProxyTimeout, take a fraction of the app's timings, for tests that are not about timing.
   * 'real': the app's own timings.
   */
  timings?: 'short' | 'real';
  /**
   * The settings (terminal profiles): a fresh one by default. A test that restarts the app passes
   * the same store to both launches, as the browser version keeps its settings file; the vault is
   * always new, as Authkeys are kept in memory only.
   */
  store?: KeyValueStore;
  /** Recovery timings a test is about (e.g. a resend wait long enough to look at), over the chosen ones. */
  recoveryPolicy?: Partial<RecoveryPolicy>;
}

/**
 * The lost-answer timings of a test that is not about timing: a few lookups a second (not the
 * unit tests' ten: each lookup is a row in the request log, and a screen of hundreds of rows costs
 * axe its time), and a short grace past SPInProxyTimeout.
 */
const SHORT_TIMINGS = {
  recoveryPolicy: {
    backoffStartMs: 200,
    backoffMaxMs: 1_000,
    notFoundPollMs: 500,
    notFoundMarginMs: 500,
    resendStartMs: 200,
    busyDefaultMs: 1_000,
  } satisfies Partial<RecoveryPolicy>,
  // Enough for a loaded two-core machine to pass an answer from the simulator to the host.
  httpGraceMs: 2_000,
};

export async function launchApp(options: LaunchOptions = {}): Promise<AppUnderTest> {
  const redactor = new Redactor();
  // With a data folder the host also writes its log there, redacted, as `npm run start:browser` does.
  const { dataDir } = options;
  const hostLog = new HostLog(dataDir ? { sink: (line) => appendFileSync(join(dataDir, 'host.log'), `${redactor.text(line)}\n`) } : {});
  const services = await createAppServices({
    store: options.store ?? new MemoryStore(),
    vault: new MemoryVault(),
    info: { name: 'spin-desk', version: 'e2e', shell: 'browser' },
    log: hostLog,
    redactor,
    demoProcessingDelayMs: options.demoProcessingDelayMs ?? 0,
    ...(dataDir ? { dataDir } : {}),
    ...(options.timings === 'real' ? {} : SHORT_TIMINGS),
    ...(options.recoveryPolicy
      ? { recoveryPolicy: { ...(options.timings === 'real' ? {} : SHORT_TIMINGS.recoveryPolicy), ...options.recoveryPolicy } }
      : {}),
  });
  const host = await startHost({ dispatch: services.dispatch, downloads: services.downloads, staticDir: 'out/renderer', log: hostLog });
  const browser = await openBrowser();
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

/**
 * A download's text, without a byte-order mark. Read through Playwright: the run's browser is
 * shared and its files are not this process's to open.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/** axe-core's own bundle, put into a page the first time a screen of it is checked. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core run in the page itself, once it is there (a reload drops it; it is put back). Only the
 * violations are collected. Not @axe-core/playwright: it sends axe's whole source into the page
 * and opens a second page for every check, which cost about four times as much, and the app has
 * no frames for it to visit.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof AxeCore };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

export type ColorScheme = 'light' | 'dark';

/**
 * The colour schemes a screen is checked in. The soak checks every screen in both. `npm test`
 * checks each in one, light or dark by its name, so both schemes are still checked across the run
 * at half the cost (a screenshot and an axe run are about two fifths of an e2e file's time).
 */
function schemesToCheck(name: string): readonly ColorScheme[] {
  if (tier === 'soak') return ['light', 'dark'];
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003;
  return [hash % 2 === 0 ? 'light' : 'dark'];
}

/** checkScreen of a page of its own (a second window of the app), or in the schemes a test names. */
export async function checkScreen(page: Page, name: string, schemes: readonly ColorScheme[] = schemesToCheck(name)): Promise<string[]> {
  const problems: string[] = [];
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(RESULTS_DIR, `${name}-${colorScheme}.png`), fullPage: true });
    for (const violation of await axeViolations(page)) {
      if (!BLOCKING_IMPACTS.has(violation.impact)) continue;
      problems.push(`${name} (${colorScheme}): ${violation.id} [${violation.impact}] ${violation.help} at ${violation.targets.join(', ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return problems;
}
