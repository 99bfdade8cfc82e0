// The simulator against a bare Node HTTP server answering the same body, under one load generator
// in the same run: wrk, one thread, keep-alive connections on loopback (16, one request in flight
// on each), as the issue measured it (bench/support/wrk.ts; needs `apt-get install -y wrk`). Each
// server runs as its own process; the phases alternate (simulator, bare, simulator, bare) so both
// see the same machine load. Counts and CPU are the sums of the two phases; p50 and p99 are the
// higher of the two phases' (wrk reports percentiles, not the samples, so they cannot be merged).
//
//   npx tsx bench/simulator-load.ts [--connections 16] [--seconds 4]
//
// Goal (issue 16): Status throughput at least half the bare server's, p99 under 5 ms.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer, type ChildServer } from './support/child-server';
import { ratio } from './support/stats';
import { requireWrk, runWrk } from './support/wrk';

const CREDS = { Tpn: 'DESK00000001', Authkey: 'DEMOKEY001' };

function option(flag: string, fallback: number): number {
  const at = process.argv.indexOf(flag);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!(value > 0)) throw new Error(`${flag} must be a positive number (see the header of bench/simulator-load.ts)`);
  return value;
}
const CONNECTIONS = option('--connections', 16);
const SECONDS = option('--seconds', 4);
if (SECONDS % 2 !== 0) throw new Error('--seconds must be even: wrk runs whole seconds, two halves per server');

/** CPU seconds (user + system) a process has used so far (Linux /proc); undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15, in ticks (USER_HZ = 100).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

interface Load {
  count: number;
  errors: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  cpu: number | undefined;
}

/** One wrk phase of `seconds` against `server`, added to `into` when given. */
async function load(server: ChildServer, path: string, body: string, seconds: number, into?: Load): Promise<Load> {
  const result = into ?? { count: 0, errors: 0, seconds: 0, p50Ms: 0, p99Ms: 0, cpu: 0 };
  const cpuBefore = cpuSeconds(server.child.pid);
  const run = await runWrk(server.url + path, body, seconds, CONNECTIONS);
  const cpuAfter = cpuSeconds(server.child.pid);
  result.count += run.requests;
  result.errors += run.errors;
  result.seconds += run.seconds;
  result.p50Ms = Math.max(result.p50Ms, run.p50Ms);
  result.p99Ms = Math.max(result.p99Ms, run.p99Ms);
  result.cpu =
    cpuBefore === undefined || cpuAfter === undefined || result.cpu === undefined ? undefined : result.cpu + cpuAfter - cpuBefore;
  return result;
}

async function post(url: string, path: string, body: unknown): Promise<string> {
  const response = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!text.includes('"ResultCode":"0"')) throw new Error(`${path} was not approved: ${text.slice(0, 200)}`);
  return text;
}

interface Pair {
  endpoint: string;
  simulator: Load;
  bare: Load;
}

/** Simulator and bare server, alternating twice, after a warm-up of each. */
async function compare(endpoint: string, sim: ChildServer, bare: ChildServer, path: string, body: string): Promise<Pair> {
  await load(sim, path, body, 1);
  await load(bare, path, body, 1);
  const simulator = await load(sim, path, body, SECONDS / 2);
  const baseline = await load(bare, path, body, SECONDS / 2);
  await load(sim, path, body, SECONDS / 2, simulator);
  await load(bare, path, body, SECONDS / 2, baseline);
  return { endpoint, simulator, bare: baseline };
}

function rows({ endpoint, simulator, bare }: Pair): string[] {
  const rate = (l: Load) => l.count / l.seconds;
  const usPerRequest = (l: Load) => (l.cpu === undefined ? NaN : (l.cpu / l.count) * 1e6);
  const line = (who: string, l: Load, vs: string, cpuVs: string) => {
    return `| ${endpoint} | ${who} | ${l.count} | ${l.errors} | ${rate(l).toFixed(0)} | ${vs} | ${l.p50Ms.toFixed(2)} | ${l.p99Ms.toFixed(2)} | ${usPerRequest(l).toFixed(0)} | ${cpuVs} |`;
  };
  return [
    line('simulator', simulator, ratio(rate(simulator), rate(bare)), ratio(usPerRequest(simulator), usPerRequest(bare))),
    line('bare server, same body', bare, '1.00x', '1.00x'),
  ];
}

async function main(): Promise<void> {
  requireWrk();
  const dir = mkdtempSync(join(tmpdir(), 'simulator-bench-'));
  const sim = await startChildServer('simulator/cli.ts', ['--port', '0', '--seed', '1']);
  const servers: ChildServer[] = [sim];
  try {
    // A batch of a realistic size first, so Status looks its record up among many.
    const saleBody = (i: number) => ({ ...CREDS, Amount: 12.34, PaymentType: 'Credit', ReferenceId: `BENCH${i}` });
    for (let i = 0; i < 2_000; i += 1) await post(sim.url, '/v2/Payment/Sale', saleBody(i));
    const statusRequest = JSON.stringify({ ...CREDS, PaymentType: 'Credit', ReferenceId: 'BENCH1000' });
    const statusAnswer = await post(sim.url, '/v2/Payment/Status', JSON.parse(statusRequest));
    writeFileSync(join(dir, 'status.json'), statusAnswer);
    const bare = await startChildServer('bench/support/canned-server.ts', ['--body', join(dir, 'status.json')]);
    servers.push(bare);
    const status = await compare('Status', sim, bare, '/v2/Payment/Status', statusRequest);

    console.log(
      `\nSimulator vs a bare Node http server answering the same body: wrk, 1 thread, ${CONNECTIONS} connections, ${SECONDS} s each (two alternating halves; p50/p99 the higher half's), batch of 2,000+ records\n`,
    );
    console.log(
      '| Endpoint | Server | Requests | Errors | Throughput (req/s) | Throughput ratio | p50 (ms) | p99 (ms) | Server CPU (µs/req) | CPU ratio |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const row of rows(status)) console.log(row);
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
