// Daily report rendering: does a 10,000-row batch keep the window responsive? The real renderer
// in Debian's Chromium through the browser host (tests/e2e/harness.ts), against a simulator whose
// terminals hold 100 (baseline) and 10,000 transactions. For each, printed as a markdown table:
//  - open: click the Daily tab on a fresh report until the table is painted (fetch through the
//    host, SPIn Daily, parse, IPC envelope check, render), timed in the page and, beside it, from
//    the driver (Playwright's round trips included), and how much of it the host's HTTP
//    answer took (the page's resource timing), the rest being the renderer's parse and paint, and
//    of that answer the host's own work (its request log: arrival to the last byte handed over);
//  - first render: the same with the report already loaded (Svelte mount + layout + paint only);
//  - scroll: 5,000 rows (or all of the baseline's) in 50 steps, one per animation frame; frame
//    times (rAF to rAF), and long tasks (> 50 ms) reported by the browser;
//  - jump: scrollTop to row 5,000 at once, to the next painted frame;
//  - rows in the DOM while scrolled;
//  - print layout (10,000 only): mounting every row for print, and page.pdf() on A4.
//
// The simulator runs in this process, beside the app's host, by default (as the built-in demo
// terminal does); with --terminal-apart it runs as a process of its own, as a real terminal is a
// device of its own: its work then no longer shares the host's event loop.
//
//   npx vite build --config renderer/vite.config.ts && npx tsx bench/report-render.ts [--rows 10000] [--terminal-apart]
import { existsSync } from 'node:fs';
import { startSimulator } from '../simulator';
import { fillSales, selectTerminal, type ReachableTerminal } from '../tests/e2e/batch-fixtures';
import { launchApp, type AppUnderTest } from '../tests/e2e/harness';
import { ratio } from './support/stats';
import { startChildServer } from './support/child-server';
import type { LogPage } from '@shared/ipc/diagnostics-views';

const index = process.argv.indexOf('--rows');
const BIG = index < 0 ? 10_000 : Number(process.argv[index + 1]);
const SMALL = 100;
const ROW_HEIGHT = 34; // VirtualTable's default row height (px)

if (!existsSync('out/renderer/index.html')) throw new Error('Build the renderer first: npx vite build --config renderer/vite.config.ts');

interface Result {
  rows: number;
  openMs: number;
  driverOpenMs: number;
  fetchMs: number;
  hostMs: number;
  terminalMs: number;
  firstRenderMs: number;
  frames: { median: number; p95: number; max: number };
  longTasks: number;
  jumpMs: number;
  domRows: number;
  printMountMs?: number;
  pdfMs?: number;
  pdfPages?: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

async function measure(app: AppUnderTest, terminal: ReachableTerminal, rows: number, withPrint: boolean): Promise<Result> {
  const page = app.page;
  await selectTerminal(app, terminal, `Bench ${rows}`);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batch & reports' }).click();
  await page.getByRole('table', { name: 'Open batch by payment application' }).waitFor();

  // Open: from the click to the painted table, fetch included, timed two ways in the same open:
  // in the page (the click event to the second frame after the table appears: what the manager
  // sees), and from the driver (Playwright's click, its wait and the frames, each a round trip
  // to the browser; the 100-row baseline shows that fixed cost).
  const grid = page.getByRole('table', { name: 'Transactions in the open batch' });
  await page.evaluate(() => {
    const tab = [...document.querySelectorAll('[role=tab]')].find((element) => element.textContent?.startsWith('Daily')) as HTMLElement;
    (window as unknown as { benchOpen: Promise<number> }).benchOpen = new Promise((resolve) => {
      let clickedAt = 0;
      tab.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[role=table][aria-rowcount] [role=row]')) return;
        observer.disconnect();
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - clickedAt)));
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  });
  let started = Date.now();
  await page.getByRole('tab', { name: /Daily/ }).click();
  await grid.waitFor({ timeout: 120_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const driverOpenMs = Date.now() - started;
  const openMs = await page.evaluate(() => (window as unknown as { benchOpen: Promise<number> }).benchOpen);
  // Of which the report's HTTP exchange with the host (request sent to last byte), from the page's resource timing.
  const fetchMs = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('reports%3Adaily'))
      .at(-1) as PerformanceResourceTiming | undefined;
    return entry ? entry.responseEnd - entry.startTime : Number.NaN;
  });
  // Of which the host's own work: the request's arrival to the answer's last byte handed to the socket (its log).
  const hostEntry = app.hostLog
    .entries()
    .filter((entry) => entry.path === '/api/reports%3Adaily')
    .at(-1);
  const hostMs = hostEntry?.durationMs ?? Number.NaN;
  // Of which the terminal's part: its Daily exchange as the app's SPIn client timed it (request
  // sent to the answer's last byte read), from the app's own request log.
  const log = await app.services.dispatch('diagnostics:log', { endpoint: 'Daily' });
  const terminalMs = log.ok ? ((log.data as LogPage).entries[0]?.durationMs ?? Number.NaN) : Number.NaN;

  // First render with the report in memory: Summary tab, then Daily again, timed in the page.
  await page.getByRole('tab', { name: 'Summary' }).click();
  await grid.waitFor({ state: 'detached' });
  const firstRenderMs = await page.evaluate(async () => {
    const tab = [...document.querySelectorAll('[role=tab]')].find((element) => element.textContent?.startsWith('Daily')) as HTMLElement;
    const t0 = performance.now();
    tab.click();
    while (!document.querySelector('[role=table][aria-rowcount]')) await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now() - t0;
  });

  const scrolled = await page.evaluate(
    async ({ distanceRows, rowHeight }) => {
      const scroller = document.querySelector('[role=region][tabindex="0"]') as HTMLElement;
      const longTasks: number[] = [];
      const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration)));
      observer.observe({ type: 'longtask', buffered: false });
      const frames: number[] = [];
      const steps = 50;
      const target = Math.min(distanceRows * rowHeight, scroller.scrollHeight - scroller.clientHeight);
      let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      for (let step = 1; step <= steps; step += 1) {
        scroller.scrollTop = (target * step) / steps;
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        frames.push(now - last);
        last = now;
      }
      const domRows = scroller.querySelectorAll('[role=row]').length;
      scroller.scrollTop = 0;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const t0 = performance.now();
      scroller.scrollTop = Math.min(5000 * rowHeight, scroller.scrollHeight - scroller.clientHeight);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const jumpMs = performance.now() - t0;
      observer.disconnect();
      return { frames, longTasks: longTasks.length, jumpMs, domRows };
    },
    { distanceRows: 5000, rowHeight: ROW_HEIGHT },
  );
  const sorted = [...scrolled.frames].sort((a, b) => a - b);
  const result: Result = {
    rows,
    openMs,
    driverOpenMs,
    fetchMs,
    hostMs,
    terminalMs,
    firstRenderMs,
    frames: { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? 0 },
    longTasks: scrolled.longTasks,
    jumpMs: scrolled.jumpMs,
    domRows: scrolled.domRows,
  };

  if (withPrint) {
    await page.evaluate(() => void (window.print = () => undefined));
    started = Date.now();
    await page.getByRole('button', { name: 'Print…' }).click();
    await page.locator('.print-root').waitFor({ state: 'attached' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    result.printMountMs = Date.now() - started;
    started = Date.now();
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    result.pdfMs = Date.now() - started;
    result.pdfPages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  }
  return result;
}

async function main(): Promise<void> {
  const terminals = [
    { tpn: 'BENCHTPN0100', authkey: 'BENCHKEY01' },
    { tpn: 'BENCHTPN9999', authkey: 'BENCHKEY02' },
  ];
  const apart = process.argv.includes('--terminal-apart');
  const sim = apart
    ? await startChildServer('simulator/cli.ts', [
        '--port',
        '0',
        '--seed',
        '3',
        ...terminals.flatMap((t) => ['--terminal', `${t.tpn}:${t.authkey}`]),
      ])
    : await startSimulator({ host: '127.0.0.1', port: 0, terminals, processingDelayMs: 0, seed: 3 });
  const small: ReachableTerminal = { sim, ...(terminals[0] as (typeof terminals)[number]) };
  const big: ReachableTerminal = { sim, ...(terminals[1] as (typeof terminals)[number]) };
  const fillStarted = Date.now();
  await fillSales(small, SMALL);
  await fillSales(big, BIG);
  process.stderr.write(`filled ${SMALL + BIG} sales in ${Date.now() - fillStarted} ms\n`);

  const app = await launchApp();
  try {
    const results = [await measure(app, small, SMALL, false), await measure(app, big, BIG, true)];
    const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(1));
    console.log(
      '| Rows | Open in the page (click to painted, fetch included, ms) | Open vs 100 rows | Open as the driver sees it (ms) | Of which the host answer (ms) | Of which the host itself (ms) | Of which the terminal’s answer (ms) | The app’s own: open less the terminal (ms) | First render (ms) | Scroll frames median / p95 / max (ms) | Long tasks while scrolling | Jump to row 5,000 (ms) | Rows in the DOM | Print layout mount (ms) | PDF A4 (ms, pages) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      const pdf = r.pdfMs === undefined ? '-' : `${r.pdfMs} (${r.pdfPages})`;
      console.log(
        `| ${r.rows} | ${ms(r.openMs)} | ${ratio(r.openMs, (results[0] as Result).openMs)} | ${r.driverOpenMs} | ${ms(r.fetchMs)} | ${r.hostMs} | ${r.terminalMs} | ${ms(r.openMs - r.terminalMs)} | ${ms(r.firstRenderMs)} | ${ms(r.frames.median)} / ${ms(r.frames.p95)} / ${ms(r.frames.max)} | ${r.longTasks} | ${ms(r.jumpMs)} | ${r.domRows} | ${r.printMountMs ?? '-'} | ${pdf} |`,
      );
    }
  } finally {
    await app.close();
    await ('close' in sim ? sim.close() : sim.stop());
  }
}

await main();
