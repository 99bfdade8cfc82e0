// Load generator for the SPIn simulator: keep-alive connections on loopback, bounded by request
// count and by time, measuring throughput and latency percentiles of Sale and Status.
//
//   npx tsx bench/simulator-load.ts [--url http://127.0.0.1:4747] [--connections 8]
//                                   [--requests 20000] [--seconds 15]
//
// Without --url it spawns the simulator CLI as a child process (its own core, as in production)
// and stops it afterwards. Credentials are the demo terminal's.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

interface Config {
  url: string | undefined;
  connections: number;
  requests: number;
  seconds: number;
}

function readConfig(argv: string[]): Config {
  const config: Config = { url: undefined, connections: 8, requests: 20_000, seconds: 15 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1] ?? ''];
    const n = Number(value);
    if (flag === '--url') config.url = value;
    else if (flag === '--connections' && Number.isInteger(n) && n > 0) config.connections = n;
    else if (flag === '--requests' && Number.isInteger(n) && n > 0) config.requests = n;
    else if (flag === '--seconds' && n > 0) config.seconds = n;
    else throw new Error(`bad option ${flag} ${value}: see the header of bench/simulator-load.ts`);
  }
  return config;
}

const CREDS = { Tpn: 'DESK00000001', Authkey: 'DEMOKEY001' };

async function startChild(): Promise<{ url: string; child: ChildProcess }> {
  // node --import tsx (not the tsx wrapper) so the child pid is the server itself, for CPU accounting.
  const child = spawn(process.execPath, ['--import', 'tsx', 'simulator/cli.ts', '--port', '0', '--seed', '1'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`simulator exited with ${code}`)));
  });
  return { url, child };
}

/** CPU seconds (user + system) the server process has used so far; undefined off Linux or for --url. */
function serverCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15, in ticks (USER_HZ = 100).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

interface PhaseResult {
  name: string;
  count: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
  serverCpu: number | undefined;
}

function post(agent: Agent, url: URL, path: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `total` requests over `connections` workers, or until the time budget is spent. */
async function phase(
  name: string,
  config: Config,
  url: URL,
  path: string,
  bodyFor: (i: number) => string,
  pid?: number,
): Promise<PhaseResult> {
  const cpuBefore = serverCpuSeconds(pid);
  const agent = new Agent({ keepAlive: true, maxSockets: config.connections });
  const latenciesMs: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + config.seconds * 1000;
  const worker = async () => {
    while (next < config.requests && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      try {
        const { status, text } = await post(agent, url, path, bodyFor(i));
        if (status !== 200 || !text.includes('"ResultCode":"0"')) errors++;
      } catch {
        errors++;
      }
      latenciesMs.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: config.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const cpuAfter = serverCpuSeconds(pid);
  const serverCpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return { name, count: latenciesMs.length, errors, seconds, latenciesMs, serverCpu };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function row(result: PhaseResult, connections: number): string {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const ms = (p: number) => percentile(sorted, p).toFixed(2);
  const rate = (result.count / result.seconds).toFixed(0);
  // Server CPU per request -> how many requests one core could serve if the client kept up.
  const cpu = result.serverCpu === undefined ? 'n/a' : ((result.serverCpu / result.count) * 1e6).toFixed(0);
  const capacity = result.serverCpu === undefined || result.serverCpu === 0 ? 'n/a' : (result.count / result.serverCpu).toFixed(0);
  return `| ${result.name} | ${connections} | ${result.count} | ${result.errors} | ${rate} | ${ms(50)} | ${ms(95)} | ${ms(99)} | ${(sorted.at(-1) ?? NaN).toFixed(2)} | ${cpu} | ${capacity} |`;
}

async function main(): Promise<void> {
  const config = readConfig(process.argv.slice(2));
  const spawned = config.url === undefined ? await startChild() : undefined;
  const url = new URL(config.url ?? spawned!.url);
  try {
    const sale = (i: number) =>
      JSON.stringify({ ...CREDS, Amount: 12.34, PaymentType: 'Credit', ReferenceId: `BENCH${Date.now().toString(36)}${i}` });
    const status = (i: number) => JSON.stringify({ ...CREDS, PaymentType: 'Credit', ReferenceId: refs[i % refs.length] });
    let refs: string[] = [];
    // Warm-up: JIT the hot paths of both endpoints before measuring.
    await phase('warm-up', { ...config, requests: 2_000 }, url, '/v2/Payment/Sale', (i) => sale(-i - 1));
    const pid = spawned?.child.pid;
    const saleResult = await phase('Sale', config, url, '/v2/Payment/Sale', sale, pid);
    const state = await fetch(`${url.origin}/_sim/terminals/${CREDS.Tpn}`).then(
      (r) => r.json() as Promise<{ state: { records: { ReferenceId: string }[] } }>,
    );
    refs = state.state.records.map((r) => r.ReferenceId);
    await phase('warm-up', { ...config, requests: 2_000 }, url, '/v2/Payment/Status', status);
    const statusResult = await phase('Status', config, url, '/v2/Payment/Status', status, pid);

    console.log(`\nSimulator load, loopback, keep-alive, batch of ${refs.length} records, Node ${process.version}\n`);
    console.log(
      '| Endpoint | Connections | Requests | Errors | Throughput (req/s) | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | Server CPU (µs/req) | Server capacity (req/s per core) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    console.log(row(saleResult, config.connections));
    console.log(row(statusResult, config.connections));
  } finally {
    spawned?.child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
