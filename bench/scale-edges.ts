// The journal's scale edges at N entries (default 1,000,000; issue 37), on a copy of the fixture
// journal (bench/support/journal-fixture.ts, built once into out/bench/ and reused):
//
//  1. The schema 2 migration: the first open of a schema 1 journal builds the filters' indexes
//     (journal-database.ts, MIGRATIONS); its time, once.
//  2. Every History filter: page(filter, 0, 50) with its count, the first query of each kind after
//     opening, then the median and worst of --runs more. Goal: <= 50 ms each (median).
//  3. journal:pending's answer with the fixture's 10,100 pending entries: its size in bytes and time.
//  4. The History CSV export as the page downloads it (GET /download/journal.csv) from the real
//     browser host (electron/host/cli.ts, a child process, the journal on disk), read as fast as
//     this process takes it: its size, time, and the host's resident memory before and at its peak
//     during the export (VmHWM, reset first through /proc/<pid>/clear_refs). Goal: flat (the peak
//     within a few tens of MB of before; one string was 237 MB of CSV and 3.1 GB of host RSS).
//  5. Sales on the demo terminal through the same host (POST /api/payments:sale, one at a time as
//     one counter takes them): --sales without an export, then as many during exports (a new
//     export begins whenever one ends). Goal: p99 during an export <= 2x p99 without.
//
//   npx tsx bench/scale-edges.ts [--entries 1000000] [--runs 7] [--sales 200]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { journalCsvAddress, type JournalFilter } from '../shared/ipc/journal-views';
import { TOKEN_HEADER } from '../electron/host/host-guard';
import type { EntryFilter } from '../electron/services/journal/journal-query';
import { openJournal } from '../electron/services/journal/open-journal';
import { copyFixture, FIXTURE_TPNS, fixtureFolder } from './support/journal-fixture';
import { wholeOption } from './support/options';
import { percentile, ratio, sortedCopy } from './support/stats';

const option = wholeOption;
const ENTRIES = option('entries', 1_000_000);
const RUNS = option('runs', 7);
const SALES = option('sales', 200);

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
const now = () => performance.now();
const median = (xs: readonly number[]) => percentile(sortedCopy(xs), 50);
const p99 = (xs: readonly number[]) => percentile(sortedCopy(xs), 99);

// ---- 1-3. migration, filters, pending -------------------------------------------------------------

async function filters(dataDir: string): Promise<void> {
  const t0 = now();
  const journal = openJournal(dataDir);
  const migrated = now() - t0;
  console.log(`\n### Journal scale edges, ${ENTRIES.toLocaleString('en')} entries\n`);
  console.log(`First open of the schema 1 journal (builds the amount and outcome indexes): ${ms(migrated)} ms\n`);
  const probe = (await journal.page({ state: 'approved' }, 500_000 % ENTRIES, 1)).items[0];
  if (!probe?.outcome?.card) throw new Error('the fixture has no approved entry with a card at the probe');
  const from = new Date(probe.createdMs - 15 * 24 * 3600 * 1000).toISOString();
  const to = new Date(probe.createdMs + 15 * 24 * 3600 * 1000).toISOString();
  const queries: { what: string; filter: EntryFilter }[] = [
    { what: 'no filter (first page)', filter: {} },
    { what: 'date range (30 days)', filter: { from, to } },
    { what: `whole ReferenceId "${probe.intent.ref}"`, filter: { referenceId: probe.intent.ref } },
    { what: `part of one, 6 characters "${probe.intent.ref.slice(-6)}"`, filter: { referenceId: probe.intent.ref.slice(-6) } },
    { what: `amount ${probe.intent.amountCents} cents`, filter: { amountCents: probe.intent.amountCents } },
    { what: `last 4 "${probe.outcome.card.last4}"`, filter: { last4: probe.outcome.card.last4 } },
    { what: 'outcome approved (95 %)', filter: { state: 'approved' } },
    { what: 'outcome declined', filter: { state: 'declined' } },
    { what: 'outcome pending', filter: { state: 'pending' } },
    { what: `terminal ${FIXTURE_TPNS[1]}`, filter: { tpn: FIXTURE_TPNS[1] } },
    { what: `amount and outcome declined`, filter: { amountCents: probe.intent.amountCents, state: 'declined' } },
    { what: `outcome declined and terminal, 30 days`, filter: { state: 'declined', tpn: FIXTURE_TPNS[1], from, to } },
  ];
  console.log('| History filter, page(filter, 0, 50) with its count | matches | first | median | worst | goal <= 50 ms |');
  console.log('|---|---|---|---|---|---|');
  for (const { what, filter } of queries) {
    const first = now();
    const page = await journal.page(filter, 0, 50);
    const firstMs = now() - first;
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const t = now();
      await journal.page(filter, 0, 50);
      times.push(now() - t);
    }
    const total = page.totalExact ? page.total.toLocaleString('en') : 'not counted';
    const verdict = median(times) <= 50 ? 'pass' : 'FAIL';
    console.log(`| ${what} | ${total} | ${ms(firstMs)} | ${ms(median(times))} | ${ms(Math.max(...times))} | ${verdict} |`);
  }
  await journal.close();
}

// ---- 4-5. the host: pending, export, sales ---------------------------------------------------------

interface Host {
  child: ChildProcess;
  origin: string;
  token: string;
}

async function startHost(dataDir: string, staticDir: string): Promise<Host> {
  const args = [
    '--import',
    'tsx',
    'electron/host/cli.ts',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--static',
    staticDir,
    '--demo-delay-ms',
    '0',
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the host exited with ${code}`)));
  });
  const url = new URL(line);
  return { child, origin: url.origin, token: url.searchParams.get('token') ?? '' };
}

async function call(host: Host, channel: string, input: unknown): Promise<{ ok: boolean; data?: unknown; bytes: number }> {
  const response = await fetch(`${host.origin}/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: host.token },
    body: JSON.stringify(input ?? null),
  });
  const text = await response.text();
  return { ...(JSON.parse(text) as { ok: boolean; data?: unknown }), bytes: Buffer.byteLength(text) };
}

function statusMb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN) / 1024;
}

/** Downloads the CSV as the page does (the host's token as a header here, as a cookie in the page); resolves with its bytes and lines. */
function download(host: Host, filter: JournalFilter): Promise<{ bytes: number; lines: number; ms: number }> {
  const url = new URL(host.origin);
  const started = now();
  return new Promise((resolve, reject) => {
    request(
      { host: url.hostname, port: url.port, path: journalCsvAddress(filter), headers: { host: url.host, [TOKEN_HEADER]: host.token } },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`download answered ${response.statusCode}`));
        let bytes = 0;
        let lines = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines += 1;
        });
        response.on('end', () => resolve({ bytes, lines, ms: now() - started }));
      },
    )
      .on('error', reject)
      .end();
  });
}

let saleCount = 0;
async function timedSale(host: Host): Promise<number> {
  saleCount += 1;
  const t = now();
  const answer = await call(host, 'payments:sale', {
    referenceId: `BENCHX${String(saleCount).padStart(6, '0')}`,
    // $12.34 to $12.83: none of the simulator's magic amounts ($10.01-$10.24, $20.01-$20.11 force codes or a lost answer).
    amountCents: 1234 + (saleCount % 50),
  });
  const took = now() - t;
  if (!answer.ok || (answer.data as { outcome?: string }).outcome !== 'approved')
    throw new Error(`a sale was not approved: ${JSON.stringify(answer)}`);
  return took;
}

async function onTheHost(dataDir: string): Promise<void> {
  const staticDir = mkdtempSync(join(tmpdir(), 'scale-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>spin-desk</title>');
  const host = await startHost(dataDir, staticDir);
  const pid = host.child.pid as number;
  try {
    // journal:pending with the fixture's pending entries (wait for the start-up reconciliation to say them).
    const pendingTimes: number[] = [];
    let pending = await call(host, 'journal:pending', null);
    for (let run = 0; run < RUNS; run += 1) {
      const t = now();
      pending = await call(host, 'journal:pending', null);
      pendingTimes.push(now() - t);
    }
    const shape = pending.data as { total: number; entries: unknown[]; warningCount: number };
    console.log(
      `\njournal:pending: ${shape.total.toLocaleString('en')} pending, ${shape.entries.length} listed, ${(pending.bytes / 1024).toFixed(0)} KB per poll, median ${ms(median(pendingTimes))} ms (was every entry: 3.6 MB)\n`,
    );

    // Sales without an export.
    process.stderr.write('sales without an export…\n');
    for (let i = 0; i < 20; i += 1) await timedSale(host);
    const alone: number[] = [];
    for (let i = 0; i < SALES; i += 1) alone.push(await timedSale(host));

    // The export, its memory; sales meanwhile.
    process.stderr.write('sales during exports…\n');
    const before = statusMb(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const during: number[] = [];
    const exports: { bytes: number; lines: number; ms: number }[] = [];
    let exporting = true;
    const exportLoop = (async () => {
      while (exporting) exports.push(await download(host, {}));
    })();
    while (during.length < SALES || exports.length === 0) during.push(await timedSale(host));
    exporting = false;
    await exportLoop;
    const peak = statusMb(pid, 'VmHWM');
    const first = exports[0] as { bytes: number; lines: number; ms: number };
    console.log('| History CSV export through the host (GET /download/journal.csv) | figure |');
    console.log('|---|---|');
    console.log(`| rows (header included) | ${first.lines.toLocaleString('en')} |`);
    console.log(`| size | ${(first.bytes / 1024 / 1024).toFixed(1)} MB |`);
    console.log(`| time, first export (sales going on) | ${(first.ms / 1000).toFixed(1)} s |`);
    console.log(`| exports while the sales ran | ${exports.length} |`);
    console.log(`| host RSS before | ${before.toFixed(0)} MB |`);
    console.log(`| host RSS peak during (VmHWM) | ${peak.toFixed(0)} MB (${ratio(peak, before)}) |`);
    console.log('');
    console.log('| Sale on the demo terminal through the host | sales | median | p99 | worst |');
    console.log('|---|---|---|---|---|');
    console.log(`| without an export | ${alone.length} | ${ms(median(alone))} | ${ms(p99(alone))} | ${ms(Math.max(...alone))} |`);
    console.log(`| during an export | ${during.length} | ${ms(median(during))} | ${ms(p99(during))} | ${ms(Math.max(...during))} |`);
    const verdict = p99(during) <= 2 * p99(alone) ? 'pass' : 'FAIL';
    console.log(`\np99 during an export / without: ${ratio(p99(during), p99(alone))} (goal <= 2x): ${verdict}`);
  } finally {
    const exited = new Promise((resolve) => host.child.once('exit', resolve));
    host.child.kill('SIGTERM');
    await exited;
    rmSync(staticDir, { recursive: true, force: true });
  }
}

const fixture = fixtureFolder(ENTRIES);
const dataDir = mkdtempSync(join(tmpdir(), 'scale-edges-'));
try {
  copyFixture(fixture.dir, dataDir);
  await filters(dataDir);
  await onTheHost(dataDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
