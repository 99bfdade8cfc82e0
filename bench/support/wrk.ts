// The load generator of bench/simulator-load.ts: wrk (https://github.com/wg/wrk, Debian package
// `wrk`), the tool the figures were taken with. A C event loop on its own core, so the
// latencies it reports are the server's and loopback's, not a Node generator's own garbage
// collection and timers (which put a floor of ~5 ms under every p99 the old generator measured).
//
// One wrk run per phase: POST the body on keep-alive connections for whole seconds, check every
// answer (HTTP 200 and an approved ResultCode) in wrk's Lua hook, and print one RESULT line that
// this module reads back.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkRun {
  requests: number;
  /** Answers that were not HTTP 200 with `"ResultCode":"0"`, plus socket errors and timeouts. */
  errors: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
}

// wrk runs this Lua per connection thread (-t1: one); `done` runs once at the end with the totals.
const SCRIPT = `
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = os.getenv("WRK_BODY")
local threads = {}
function setup(thread) table.insert(threads, thread) end
bad = 0
function response(status, headers, body)
  if status ~= 200 or not string.find(body, '"ResultCode":"0"', 1, true) then bad = bad + 1 end
end
function done(summary, latency, requests)
  local b = 0
  for _, t in ipairs(threads) do b = b + t:get("bad") end
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d\\n", summary.requests, summary.duration,
    b + e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(99)))
end
`;

/** Throws with the install command when wrk is not on this machine. */
export function requireWrk(): void {
  const probe = spawnSync('wrk', ['--version']);
  if (probe.error)
    throw new Error('bench/simulator-load.ts needs wrk as its load generator: apt-get install -y wrk (Debian), brew install wrk (macOS)');
}

/** One phase: `connections` keep-alive connections on one wrk thread posting `body` to `url` for `seconds`. */
export async function runWrk(url: string, body: string, seconds: number, connections: number): Promise<WrkRun> {
  const dir = mkdtempSync(join(tmpdir(), 'wrk-'));
  const script = join(dir, 'post.lua');
  writeFileSync(script, SCRIPT);
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', script, url];
      const child = spawn('wrk', args, { env: { ...process.env, WRK_BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk ${args.join(' ')} exited with ${code}`))));
    });
    const fields = /^RESULT (\d+) (\d+) (\d+) (\d+) (\d+)$/m.exec(output);
    if (!fields) throw new Error(`wrk printed no RESULT line:\n${output}`);
    const [requests, durationUs, errors, p50Us, p99Us] = fields.slice(1).map(Number) as [number, number, number, number, number];
    return { requests, errors, seconds: durationUs / 1e6, p50Ms: p50Us / 1000, p99Ms: p99Us / 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
