// The host's memory over a long session: 100,000 sales in one run of the browser host (the same
// services as Electron's main process), against its memory after the first 1,000. Goal: <= 1.2x.
//
// The host is the real one (electron/host/cli.ts) bundled by esbuild as bench/startup.ts bundles it,
// wrapped by bench/support/gc-host.ts, which answers SIGUSR2 with a full GC (--expose-gc) and its
// memoryUsage(). Its data folder is on disk, so the journal is the durable one (WAL,
// synchronous=FULL) unless --journal-on tmpfs puts the folder in /dev/shm (fsync then costs
// nothing; everything else is the same). The terminals are the SPIn simulator (simulator/cli.ts,
// bundled), in its own process: its batch is not the host's memory. Sales go in as the renderer
// sends them: POST /api/payments:sale with the launch token, one lane per terminal (profile), each
// lane one sale at a time, as a shop with that many counters; each sale a new ReferenceId and amount.
//
// Amounts avoid the simulator's magic amounts, so every sale is an ordinary approval.
//
// Each reading is taken twice, after a full GC each time: right as the lanes stop (what the host
// holds under load), and once the host has gone idle (under 20 ms of CPU in each of 2 s; the work
// the sales queued is then done): its resident set (VmRSS) read every 500 ms until it has not fallen
// by more than 1 MB for 3 s (at most 30 s), and once more 45 s after the host went idle (V8 hands
// back heap room only after a while idle, as bench/startup.ts found). Readings at 1,000 (the
// baseline), 10,000, 25,000, 50,000, 75,000 and 100,000 sales. --snapshots writes a heap snapshot
// at each GC (bench/support/gc-host.ts).
//
//   npx tsx bench/sales-memory.ts [--sales 100000] [--lanes 4] [--journal-on disk|tmpfs] [--snapshots <folder>]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { Agent } from 'undici';
import { TOKEN_HEADER } from '../electron/host/host-guard';
import { ratio } from './support/stats';

function option(flag: string): string | undefined {
  const at = process.argv.indexOf(flag);
  return at < 0 ? undefined : process.argv[at + 1];
}
function whole(flag: string, fallback: number): number {
  const text = option(flag);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${flag} must be a whole number above 0 (see bench/sales-memory.ts)`);
  return value;
}
const SALES = whole('--sales', 100_000);
const LANES = whole('--lanes', 4);
const BASELINE_AT = Math.min(1_000, SALES);
const JOURNAL_ON = option('--journal-on') ?? 'disk';
if (JOURNAL_ON !== 'disk' && JOURNAL_ON !== 'tmpfs') throw new Error('--journal-on must be disk or tmpfs');
const SNAPSHOTS = option('--snapshots');
const READ_AT = [...new Set([BASELINE_AT, 10_000, 25_000, 50_000, 75_000, SALES].filter((n) => n <= SALES))].sort((a, b) => a - b);
const HOST_BUNDLE = 'out/bench/gc-host.mjs';
const SIMULATOR_BUNDLE = 'out/bench/simulator.mjs';
const HOST_LOG = 'out/bench/sales-memory-host.log';
const SIMULATOR_LOG = 'out/bench/sales-memory-simulator.log';
const AUTHKEY = 'BENCHKEY01';
const tpn = (lane: number) => `BENCHTPN${String(lane + 1).padStart(4, '0')}`;

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

interface Child {
  child: ChildProcess;
  lines: Interface;
  url: string;
}

/** Spawns a server that prints its URL first; its stderr (problems the host logs) goes to `log`. */
async function spawnPrintingUrl(args: string[], log: string, env: NodeJS.ProcessEnv = process.env): Promise<Child> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  child.stderr!.pipe(createWriteStream(log));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before printing its URL (see ${log})`)));
  });
  return { child, lines, url };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A memory field of /proc/<pid>/status (VmRSS, RssAnon, RssFile), in MB. */
function statusMb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN) / 1024;
}
const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

/** CPU time the process has used so far, in ms (utime + stime from /proc, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Full GC in the host (two passes, gc-host.ts), answered with its memoryUsage(). */
async function collect(host: Child): Promise<NodeJS.MemoryUsage & { snapshot?: string }> {
  const answer = new Promise<string>((resolve) => {
    const take = (line: string) => {
      if (!line.startsWith('gc ')) return;
      host.lines.off('line', take);
      resolve(line.slice(3));
    };
    host.lines.on('line', take);
  });
  host.child.kill('SIGUSR2');
  return JSON.parse(await answer) as NodeJS.MemoryUsage & { snapshot?: string };
}

/** Waits until the host has used under 20 ms of CPU in each of 2 s running (at most 120 s); returns the seconds waited. */
async function untilIdle(pid: number): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  let last = cpuMs(pid);
  while (quiet < 2 && performance.now() - started < 120_000) {
    await sleep(1_000);
    const now = cpuMs(pid);
    quiet = now - last < 20 ? quiet + 1 : 0;
    last = now;
  }
  return (performance.now() - started) / 1000;
}

/** RSS once it has not fallen by more than 1 MB for 3 s (read every 500 ms, at most 30 s). */
async function settledRss(pid: number): Promise<number> {
  const readings = [rssMb(pid)];
  const started = performance.now();
  while (performance.now() - started < 30_000) {
    await sleep(500);
    readings.push(rssMb(pid));
    const window = readings.slice(-7);
    if (window.length === 7 && (window[0] as number) - Math.min(...window) <= 1) break;
  }
  return readings.at(-1) as number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
/** How long after going idle the last RSS reading is taken (as bench/startup.ts reads an idle host). */
const IDLE_MS = 45_000;

interface Reading {
  sales: number;
  /** Seconds the sales since the previous reading took. */
  seconds: number;
  /** Right after the lanes stopped: full GC, then RSS. */
  stop: { heapUsedMb: number; rssMb: number };
  /** Seconds the host kept working after the lanes stopped. */
  busySeconds: number;
  /** Once idle: full GC, then RSS once it stopped falling. The goal's figure. */
  rssMb: number;
  /** RSS after IDLE_MS idle (V8 hands back heap room only after a while idle), and its anonymous and file-backed parts. */
  late: { rssMb: number; anonMb: number; fileMb: number };
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  journalMb: number;
  snapshots: string[];
}

/** The host's memory at the lanes' stop and once it has gone idle (each after a full GC). */
async function read(host: Child, sales: number, seconds: number, dataDir: string): Promise<Reading> {
  const pid = host.child.pid as number;
  const atStop = await collect(host);
  const stop = { heapUsedMb: mb(atStop.heapUsed), rssMb: rssMb(pid) };
  const busySeconds = await untilIdle(pid);
  const idleAt = performance.now();
  const memory = await collect(host);
  const rss = await settledRss(pid);
  await sleep(IDLE_MS - (performance.now() - idleAt));
  const late = { rssMb: rssMb(pid), anonMb: statusMb(pid, 'RssAnon'), fileMb: statusMb(pid, 'RssFile') };
  let journalMb = 0;
  for (const file of ['journal.sqlite', 'journal.sqlite-wal'])
    journalMb += mb(statSync(join(dataDir, file), { throwIfNoEntry: false })?.size ?? 0);
  return {
    sales,
    seconds,
    stop,
    busySeconds,
    rssMb: rss,
    late,
    heapUsedMb: mb(memory.heapUsed),
    heapTotalMb: mb(memory.heapTotal),
    externalMb: mb(memory.external),
    journalMb,
    snapshots: [atStop.snapshot, memory.snapshot].filter((file): file is string => file !== undefined),
  };
}

/**
 * An amount that is not one of the simulator's magic amounts (simulator/scenarios.ts: $10.01-$10.24
 * and $20.01-$20.11 force terminal and proxy codes, $20.07 a terminal that never answers), so every
 * sale is an ordinary one: the lookups some of those codes start would hold a lane for minutes.
 */
function ordinaryAmount(cents: number): number {
  return (cents >= 1001 && cents <= 1024) || (cents >= 2001 && cents <= 2011) ? cents + 100 : cents;
}

interface Api {
  <T>(channel: string, input: unknown): Promise<T>;
}

function hostApi(url: string): Api {
  const address = new URL(url);
  const token = address.searchParams.get('token') ?? '';
  // A sale whose answer was lost is looked up before it answers, which may take minutes: no timeouts.
  const dispatcher = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  return async <T>(channel: string, input: unknown): Promise<T> => {
    const response = await fetch(`${address.origin}/api/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: token },
      body: JSON.stringify(input),
      // @ts-expect-error Node's fetch takes undici's dispatcher; its types do not say so
      dispatcher,
    });
    const body = (await response.json()) as { ok: boolean; data?: T; error?: unknown };
    if (!body.ok) throw new Error(`${channel} failed: ${JSON.stringify(body.error)}`);
    return body.data as T;
  };
}

async function main(): Promise<void> {
  bundle('bench/support/gc-host.ts', HOST_BUNDLE);
  bundle('simulator/cli.ts', SIMULATOR_BUNDLE);
  const base = JOURNAL_ON === 'tmpfs' ? '/dev/shm' : tmpdir();
  const dataDir = mkdtempSync(join(base, 'sales-memory-'));
  if (SNAPSHOTS) mkdirSync(SNAPSHOTS, { recursive: true });
  const terminals = Array.from({ length: LANES }, (_, lane) => `--terminal=${tpn(lane)}:${AUTHKEY}`);
  const simulator = await spawnPrintingUrl([SIMULATOR_BUNDLE, '--port=0', '--delay-ms=0', '--seed=23', ...terminals], SIMULATOR_LOG);
  const host = await spawnPrintingUrl(
    ['--expose-gc', HOST_BUNDLE, '--port', '0', '--data-dir', dataDir, '--demo-delay-ms', '0'],
    HOST_LOG,
    SNAPSHOTS ? { ...process.env, BENCH_HEAP_SNAPSHOT_DIR: SNAPSHOTS } : process.env,
  );
  const outcomes = new Map<string, number>();
  /** Sales not approved, or slower than 5 s: listed after the table. */
  const slow: string[] = [];
  try {
    const api = hostApi(host.url);
    const profiles: string[] = [];
    for (let lane = 0; lane < LANES; lane += 1) {
      const view = await api<{ id: string }>('profiles:save', {
        name: `Counter ${lane + 1}`,
        environment: 'custom',
        customUrl: simulator.url,
        tpn: tpn(lane),
        proxyTimeoutSeconds: 120,
        merchantNumber: null,
      });
      await api('profiles:setAuthkey', { id: view.id, authkey: AUTHKEY });
      profiles.push(view.id);
    }
    let started = 0;
    let sequence = 0;
    const lane = async (profileId: string, until: number) => {
      while (started < until) {
        started += 1;
        sequence += 1;
        const referenceId = `SD${Date.now().toString(36)}${sequence.toString(36).padStart(6, '0')}`.toUpperCase();
        const amountCents = ordinaryAmount(100 + ((sequence * 7919) % 25_000));
        const t = performance.now();
        const result = await api<{ outcome: string; statusCode: string; message: string }>('payments:sale', {
          profileId,
          amountCents,
          referenceId,
          paymentType: 'Credit',
        });
        const seconds = (performance.now() - t) / 1000;
        outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1);
        if (result.outcome !== 'approved' || seconds > 5)
          slow.push(`${referenceId}: ${result.outcome} ${result.statusCode} "${result.message}" in ${seconds.toFixed(1)} s`);
      }
    };
    const readings: Reading[] = [];
    let last = performance.now();
    for (const target of READ_AT) {
      await Promise.all(profiles.map((profileId) => lane(profileId, target)));
      const seconds = (performance.now() - last) / 1000;
      const reading = await read(host, target, seconds, dataDir);
      readings.push(reading);
      process.stderr.write(
        `${target} sales: at the stop heap used ${reading.stop.heapUsedMb.toFixed(1)} MB, RSS ${reading.stop.rssMb.toFixed(1)} MB; idle after ${reading.busySeconds.toFixed(0)} s: heap used ${reading.heapUsedMb.toFixed(1)} MB, RSS ${reading.rssMb.toFixed(1)} MB (${seconds.toFixed(0)} s of sales; ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')})\n`,
      );
      last = performance.now();
    }
    const baseline = readings[0] as Reading;
    const final = readings.at(-1) as Reading;
    const f = (x: number) => x.toFixed(1);
    console.log(
      `\nHost memory over one session, ${SALES.toLocaleString('en')} sales on ${LANES} lanes (simulator terminals, 0 ms think time), journal on ${JOURNAL_ON === 'tmpfs' ? 'tmpfs (/dev/shm)' : `disk (${base})`}; outcomes: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}\n`,
    );
    console.log(
      '| Sales | At the stop: heap used after GC (MB) | At the stop: RSS (MB) | Host busy after the stop (s) | Idle: heap used after GC (MB) | Idle: heap total (MB) | Idle: external (MB) | Idle: RSS after GC, settled (MB) | vs 1,000 sales | RSS after 45 s idle (MB) | of it anonymous / file (MB) | vs 1,000 sales | Journal on disk (MB) | Sales/s since previous |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    let previous = 0;
    for (const r of readings) {
      console.log(
        `| ${r.sales.toLocaleString('en')} | ${f(r.stop.heapUsedMb)} | ${f(r.stop.rssMb)} | ${r.busySeconds.toFixed(0)} | ${f(r.heapUsedMb)} | ${f(r.heapTotalMb)} | ${f(r.externalMb)} | ${f(r.rssMb)} | ${ratio(r.rssMb, baseline.rssMb)} | ${f(r.late.rssMb)} | ${f(r.late.anonMb)} / ${f(r.late.fileMb)} | ${ratio(r.late.rssMb, baseline.late.rssMb)} | ${f(r.journalMb)} | ${((r.sales - previous) / r.seconds).toFixed(0)} |`,
      );
      previous = r.sales;
    }
    const growth = final.rssMb / baseline.rssMb;
    const lateGrowth = final.late.rssMb / baseline.late.rssMb;
    console.log(
      `\nRSS after ${SALES.toLocaleString('en')} sales against after ${BASELINE_AT.toLocaleString('en')} (goal <= 1.2x): idle, after GC, settled ${f(final.rssMb)} / ${f(baseline.rssMb)} MB = ${growth.toFixed(2)}x (${growth <= 1.2 ? 'pass' : 'FAIL'}); after ${IDLE_MS / 1000} s idle ${f(final.late.rssMb)} / ${f(baseline.late.rssMb)} MB = ${lateGrowth.toFixed(2)}x (${lateGrowth <= 1.2 ? 'pass' : 'FAIL'}).`,
    );
    if (slow.length > 0) console.log(`\nNot approved or slower than 5 s (${slow.length}): ${slow.slice(0, 20).join('; ')}`);
    console.log(`The host's and the simulator's stderr: ${HOST_LOG}, ${SIMULATOR_LOG}.`);
    if (SNAPSHOTS) console.log(`Heap snapshots (at the stop, once idle): ${readings.flatMap((r) => r.snapshots).join(', ')}`);
  } finally {
    await stop(host.child);
    await stop(simulator.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
