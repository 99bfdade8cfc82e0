// The SPIn client's cost over a bare fetch: Status round trips to one canned server (its own
// process), interleaved one by one (client, bare, client, bare ...) so both see the same machine
// load. The bare side is undici's fetch on a keep-alive Agent without the 300 s caps (the client
// sends through ky and Node's fetch on the same kind of Agent in plain Node), posting the same
// JSON and parsing the answer; the client adds ky (a Request per call, its clone and a combined
// signal), the request's validation, the deadline, the redirect and size checks, the lenient
// parse of the answer, the Authkey scrub and the exchange record for the request log.
//
//   npx tsx bench/spin-client.ts [--calls 5000]
//
// Goal (issue 16): the client at most 1.3x the bare fetch at p50 and at p99.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { responseExamples } from '@shared/spin/examples';
import { createSpinClient, type SpinExchange } from '../electron/services/spin/spin-client';
import { startChildServer } from './support/child-server';
import { percentile, ratio, sortedCopy } from './support/stats';

const at = process.argv.indexOf('--calls');
const CALLS = at < 0 ? 5_000 : Number(process.argv[at + 1]);
if (!Number.isInteger(CALLS) || CALLS < 100) throw new Error('--calls must be a whole number of at least 100');
const WARM_UP = 1_000;

const TPN = 'BENCHTPN0001';
const KEY = 'FAKEKEY016';
const request = { PaymentType: 'Credit', ReferenceId: 'BENCH0001', SPInProxyTimeout: 5 } as const;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'spin-client-bench-'));
  const bodyFile = join(dir, 'status.json');
  writeFileSync(bodyFile, JSON.stringify(responseExamples.Status));
  const server = await startChildServer('bench/support/canned-server.ts', ['--body', bodyFile]);
  try {
    const exchanges: SpinExchange[] = [];
    // The request log's consumer keeps the record; a bounded list stands in for it.
    const client = createSpinClient(
      { baseUrl: server.url, tpn: TPN, authkey: KEY },
      { onExchange: (exchange) => (exchanges.length < 100 ? exchanges.push(exchange) : (exchanges[CALLS % 100] = exchange)) },
    );
    const agent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
    const url = `${server.url}/v2/Payment/Status`;
    const bare = async () => {
      const response = await undiciFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...request, Tpn: TPN, Authkey: KEY }),
        dispatcher: agent,
      });
      const answer = (await response.json()) as { GeneralResponse?: { ResultCode?: string } };
      if (answer.GeneralResponse?.ResultCode !== '0') throw new Error('the canned answer was not read');
    };
    const viaClient = async () => {
      const answer = await client.call('Status', request);
      if (answer.GeneralResponse.ResultCode !== '0') throw new Error('the client did not read the canned answer');
    };
    const timed = async (run: () => Promise<void>, into: number[]) => {
      const t0 = performance.now();
      await run();
      into.push(performance.now() - t0);
    };
    const clientMs: number[] = [];
    const bareMs: number[] = [];
    for (let i = 0; i < WARM_UP; i += 1) {
      await timed(viaClient, []);
      await timed(bare, []);
    }
    for (let i = 0; i < CALLS; i += 1) {
      // Alternate which goes first, so neither always follows the other's garbage.
      if (i % 2 === 0) {
        await timed(viaClient, clientMs);
        await timed(bare, bareMs);
      } else {
        await timed(bare, bareMs);
        await timed(viaClient, clientMs);
      }
    }
    await agent.close();
    const c = sortedCopy(clientMs);
    const b = sortedCopy(bareMs);
    const ms = (v: number) => v.toFixed(3);
    console.log(`\nSPIn client Status round trip vs bare undici fetch, ${CALLS} each, interleaved, canned server in its own process\n`);
    console.log('| Measure | SPIn client (ms) | Bare fetch (ms) | Ratio | Goal |');
    console.log('|---|---|---|---|---|');
    for (const p of [50, 90, 99]) {
      const goal = p === 90 ? '-' : '<= 1.30x';
      console.log(`| p${p} | ${ms(percentile(c, p))} | ${ms(percentile(b, p))} | ${ratio(percentile(c, p), percentile(b, p))} | ${goal} |`);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
