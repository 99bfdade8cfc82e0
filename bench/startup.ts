// Start-up and memory of the app's main process (the browser host: the same services as
// Electron's main process, served over loopback), in Debian's Chromium through playwright-core as
// the e2e harness drives it.
//  - start-up: from spawning the host to a Sale screen that takes input (the Amount field is
//    editable), with an empty data folder and with a 1,000,000-entry journal (the fixture of
//    bench/journal.ts, copied into the data folder); beside it, the same browser opening a page
//    from a bare Node http server spawned the same way (the floor: a Node process starting plus a
//    page load). Goal (issue 23): the long journal <= 1.5x the empty folder;
//  - memory: the host's resident set (VmRSS) once the first History page has been answered
//    (journal:list, its count over the whole journal included), once it stops falling, and after
//    45 s idle (when V8 has handed back the heap room the start left), and its peak (VmHWM),
//    against the same host with an empty journal. Goal (issue 16): under 150 MB.
// Both servers run as esbuild bundles them (as the packaged app runs its main process), not
// through tsx, whose compiler would count towards their start-up and memory.
//
//   npx tsx bench/startup.ts [--entries 1000000] [--runs 3]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/shared-browser';
import { copyFixture, fixtureFolder } from './support/journal-fixture';
import { ratio } from './support/stats';

function option(flag: string, fallback: number): number {
  const at = process.argv.indexOf(flag);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${flag} must be a whole number above 0 (see bench/startup.ts)`);
  return value;
}
const ENTRIES = option('--entries', 1_000_000);
const RUNS = option('--runs', 3);
const HOST_BUNDLE = 'out/bench/host.mjs';
const BARE_BUNDLE = 'out/bench/canned-server.mjs';

/** One bundle in out/bench (the host reads package.json two folders up, as from its own place). */
function bundle(entry: string, outfile: string): void {
  mkdirSync('out/bench', { recursive: true });
  const args = [
    'esbuild',
    entry,
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--packages=external',
    `--outfile=${outfile}`,
    '--log-level=warning',
  ];
  const result = spawnSync('npx', args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`esbuild could not bundle ${entry}`);
}

interface Started {
  child: ChildProcess;
  url: string;
}

async function spawnPrintingUrl(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before printing its URL`)));
  });
  return { child, url };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident and peak memory of a process, in MB (Linux /proc). */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

interface AppRun {
  interactiveMs: number;
  rssMb: number;
  peakMb: number;
  /** RSS once it stopped falling after the load (see idleRss). */
  settledRssMb: number;
  /** RSS after IDLE_MS of idle from the load's end (see idleRss). */
  idleRssMb: number;
  entries: number;
}

/** How long the host idles after the load before its last reading. */
const IDLE_MS = 45_000;

/**
 * The resident set after the load, twice: once it stops falling (the first reading that has not
 * fallen by more than 1 MB for 3 s, read every 500 ms), and after IDLE_MS of idle. V8 gives the
 * heap room a burst of work left behind back to the system only once the process has been idle
 * for a while (its memory reducer, ~30 s here), so the first figure is what the app holds just
 * after loading and the second what an idle app keeps.
 */
async function idleRss(pid: number): Promise<{ settled: number; idle: number }> {
  const readings: number[] = [memoryMb(pid).rss];
  const started = performance.now();
  let settled: number | undefined;
  while (performance.now() - started < IDLE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    readings.push(memoryMb(pid).rss);
    const window = readings.slice(-7);
    if (settled === undefined && window.length === 7 && (window[0] as number) - Math.min(...window) <= 1) settled = readings.at(-1);
  }
  const idle = readings.at(-1) as number;
  return { settled: settled ?? idle, idle };
}

/** Host spawned -> Sale screen takes input; then the first History page is asked for and memory read. */
async function startApp(browser: Browser, dataDir: string): Promise<AppRun> {
  const t0 = performance.now();
  const { child, url } = await spawnPrintingUrl([HOST_BUNDLE, '--port', '0', '--data-dir', dataDir, '--demo-delay-ms', '0']);
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  try {
    await page.goto(url);
    const amount = page.getByLabel('Amount', { exact: true });
    await amount.waitFor();
    await amount.fill('1.00');
    const interactiveMs = performance.now() - t0;
    // The first History page, counted over the whole journal, as opening History asks for it.
    const entries = await page.evaluate(async () => {
      const response = await fetch('/api/journal:list', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"limit":1}',
      });
      const body = (await response.json()) as { ok: boolean; data?: { total: number } };
      return body.data?.total ?? -1;
    });
    const memory = memoryMb(child.pid as number);
    const { settled, idle } = await idleRss(child.pid as number);
    return { interactiveMs, rssMb: memory.rss, peakMb: memory.peak, settledRssMb: settled, idleRssMb: idle, entries };
  } finally {
    await page.close();
    await stop(child);
  }
}

/** The floor: a bare Node http server spawned the same way, its page loaded in the same browser. */
async function startBare(browser: Browser, dir: string): Promise<number> {
  const page = join(dir, 'page.html');
  writeFileSync(page, '<!doctype html><title>bare</title><label>Amount <input id=a></label>');
  const t0 = performance.now();
  const { child, url } = await spawnPrintingUrl([BARE_BUNDLE, '--body', page, '--type', 'text/html']);
  const tab = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  try {
    await tab.goto(url);
    await tab.getByLabel('Amount').fill('1.00');
    return performance.now() - t0;
  } finally {
    await tab.close();
    await stop(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<void> {
  bundle('electron/host/cli.ts', HOST_BUNDLE);
  bundle('bench/support/canned-server.ts', BARE_BUNDLE);
  const dir = mkdtempSync(join(tmpdir(), 'startup-bench-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const big = join(dir, 'big');
    const built = performance.now();
    const fixture = fixtureFolder(ENTRIES);
    copyFixture(fixture.dir, big);
    process.stderr.write(
      `${fixture.reused ? 'copied the' : 'built and copied a'} ${ENTRIES}-entry journal in ${((performance.now() - built) / 1000).toFixed(1)} s\n`,
    );
    const bare: number[] = [];
    const empty: AppRun[] = [];
    const full: AppRun[] = [];
    // Interleaved, a fresh empty data folder each time; the big one is reused (its lock released on stop).
    await startBare(browser, dir);
    for (let run = 0; run < RUNS; run += 1) {
      bare.push(await startBare(browser, dir));
      empty.push(await startApp(browser, mkdtempSync(join(dir, 'empty-'))));
      full.push(await startApp(browser, big));
    }
    if (full.some((r) => r.entries !== ENTRIES))
      throw new Error(`the host did not list the ${ENTRIES} journal entries: ${full.map((r) => r.entries)}`);
    const ms = (xs: number[]) => `${median(xs).toFixed(0)}`;
    const mb = (xs: number[]) => `${median(xs).toFixed(0)}`;
    console.log(`\nStart-up and main-process memory, median of ${RUNS} runs, Chromium headless 1280x860, host bundled by esbuild\n`);
    console.log(
      `| Data folder | Spawn to Sale screen taking input (ms) | vs bare server + page | vs empty folder | RSS after the first History page (MB) | RSS once it stopped falling (MB) | RSS after ${IDLE_MS / 1000} s idle (MB) | Peak RSS (MB) | vs empty journal (idle RSS) | Goals |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    const b = median(bare);
    const e = median(empty.map((r) => r.interactiveMs));
    console.log(`| bare Node http server + page (floor) | ${ms(bare)} | 1.00x | - | - | - | - | - | - | - |`);
    for (const [name, runs] of [
      ['empty', empty],
      [`${ENTRIES.toLocaleString('en')}-entry journal`, full],
    ] as const) {
      const idle = runs.map((r) => r.idleRssMb);
      const start = median(runs.map((r) => r.interactiveMs));
      const goal =
        runs === full
          ? `start-up <= 1.5x empty: ${start / e <= 1.5 ? 'pass' : 'FAIL'}; idle RSS < 150 MB: ${median(idle) < 150 ? 'pass' : 'FAIL'}`
          : '-';
      console.log(
        `| ${name} | ${ms(runs.map((r) => r.interactiveMs))} | ${ratio(start, b)} | ${ratio(start, e)} | ${mb(runs.map((r) => r.rssMb))} | ${mb(runs.map((r) => r.settledRssMb))} | ${mb(idle)} | ${mb(runs.map((r) => r.peakMb))} | ${ratio(median(idle), median(empty.map((r) => r.idleRssMb)))} | ${goal} |`,
      );
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
