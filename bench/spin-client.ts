// The SPIn client's cost over a bare fetch: Status round trips to one canned server (its own
// process), three contestants rotated one by one (client, ky alone, bare; then ky alone, bare,
// client ...) so all see the same machine load. The bare side is undici's fetch on a keep-alive
// Agent without the 300 s caps, posting the same JSON and parsing the answer. "ky alone" is ky
// with the client's settings on the client's own plain-Node transport (spin/undici-fetch.ts: Node's
// fetch over the same kind of Agent, a new connection per POST) and nothing else: a Request per
// call, its body stream, and the transport reading that Request. So "Client / ky alone" is the
// client's own share, and "ky alone / bare" is ky's plus the transport's (fetch and a connect). The
// client adds to ky the request's validation, the deadline, the redirect and size checks, the
// lenient parse of the answer, the Authkey scrub and the exchange record for the request log.
//
//   npx tsx bench/spin-client.ts [--calls 5000]
//
// Goal (issue 16): the client at most 1.3x the bare fetch at p50 and at p99.
// `CALLS` rounds after `WARM_UP` rounds; each round times every contestant once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ky from 'ky';
import { Agent, fetch as undiciFetch } from 'undici';
import { responseExamples } from '../tests/support/spin-examples';
import { createSpinClient, type SpinExchange } from '../electron/services/spin/spin-client';
import { createNodeFetch } from '../electron/services/spin/undici-fetch';
import { startChildServer } from './support/child-server';
import { timeRotated } from './support/rotated';
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
    const body = { ...request, Tpn: TPN, Authkey: KEY };
    const expectApproved = (answer: { GeneralResponse?: { ResultCode?: string } }, who: string) => {
      if (answer.GeneralResponse?.ResultCode !== '0') throw new Error(`${who} did not read the canned answer`);
    };
    // ky with the client's own settings and nothing else: what ky itself costs over a bare fetch,
    // so the table shows which share of the client's cost is ky's and which is the client's.
    const kyAlone = ky.create({ fetch: createNodeFetch(), retry: 0, timeout: false, throwHttpErrors: false, redirect: 'manual' });
    const contestants: Record<'client' | 'ky' | 'bare', () => Promise<void>> = {
      client: async () => expectApproved(await client.call('Status', request), 'the client'),
      ky: async () => expectApproved(await kyAlone.post(url, { json: body }).json(), 'ky alone'),
      bare: async () => {
        const response = await undiciFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          dispatcher: agent,
        });
        expectApproved((await response.json()) as { GeneralResponse?: { ResultCode?: string } }, 'the bare fetch');
      },
    };
    const times = await timeRotated(contestants, CALLS, WARM_UP);
    await agent.close();
    const c = sortedCopy(times.client);
    const k = sortedCopy(times.ky);
    const b = sortedCopy(times.bare);
    const ms = (v: number) => v.toFixed(3);
    console.log(
      `\nSPIn client Status round trip vs ky alone vs bare undici fetch, ${CALLS} each, rotated, canned server in its own process\n`,
    );
    console.log(
      '| Measure | SPIn client (ms) | ky alone (ms) | Bare fetch (ms) | Client / bare | ky alone / bare | Client / ky alone | Goal (client / bare) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const p of [50, 90, 99]) {
      const [cp, kp, bp] = [percentile(c, p), percentile(k, p), percentile(b, p)];
      const goal = p === 90 ? '-' : '<= 1.30x';
      console.log(`| p${p} | ${ms(cp)} | ${ms(kp)} | ${ms(bp)} | ${ratio(cp, bp)} | ${ratio(kp, bp)} | ${ratio(cp, kp)} | ${goal} |`);
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
