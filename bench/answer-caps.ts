// What answers of many rows cost the SPIn client, and how long it holds the event loop at a time
// (issue 24, item 6): real reports of 10,000 and 50,000 rows, 40,000 rows that all need zod, and
// the answers the caps refuse (1,000,000 `{}`, 5,000,000 `0`, 100,000 nested lists). Each answer
// comes from a canned server in its own process, so the loop probe sees only the client's work.
// The baseline beside each read is JSON.parse of the same body alone, the one step no one can
// interrupt.
//
//   npx tsx bench/answer-caps.ts [--rounds 5]
//
// Goal: no stretch of more than ~100 ms (wall clock, and CPU within it) on an idle machine.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSpinClient } from '../electron/services/spin/spin-client';
import { probeLoopBlock } from '../tests/support/loop-block-probe';
import { startChildServer } from './support/child-server';
import { percentile, sortedCopy } from './support/stats';

const at = process.argv.indexOf('--rounds');
const ROUNDS = at < 0 ? 5 : Number(process.argv[at + 1]);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds must be a whole number of at least 1');

const APPROVED = '{"GeneralResponse":{"ResultCode":"0","StatusCode":"0000","Message":"Approved"}';
const ROW = '{"Number":"1","ReferenceId":"REF000001","CardType":"Visa","TransactionType":"Sale","Last4":"4242","Amount":12.34}';
const list = (count: number, entry: (index: number) => string) => `[${Array.from({ length: count }, (_, i) => entry(i)).join(',')}]`;
const daily = (rows: string) =>
  `${APPROVED},"DailyDetails":[{"MerchantNumber":1,"Application":"Credit","TransactionsDailyReports":${rows}}]}`;

const CASES: { what: string; body: () => string }[] = [
  { what: 'Daily, 10,000 rows', body: () => daily(list(10_000, () => ROW)) },
  { what: 'Daily, 50,000 rows', body: () => daily(list(50_000, () => ROW)) },
  {
    what: 'Daily, 40,000 rows all through zod (amounts as text, half unreadable)',
    body: () => daily(list(40_000, (i) => `{"Number":"${i}","Amount":"${i % 2 ? 'n/a' : '12.34'}"}`)),
  },
  { what: 'refused: 1,000,000 `{}` rows', body: () => daily(list(1_000_000, () => '{}')) },
  { what: 'refused: 5,000,000 `0` rows', body: () => daily(`[${'0,'.repeat(4_999_999)}0]`) },
  { what: 'refused: 100,000 nested lists', body: () => daily(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) },
];

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'answer-caps-bench-'));
  const rows: string[] = [];
  try {
    for (const { what, body } of CASES) {
      const text = body();
      const file = join(dir, 'answer.json');
      writeFileSync(file, text);
      const parse: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const started = performance.now();
        JSON.parse(text);
        parse.push(performance.now() - started);
      }
      const server = await startChildServer('bench/support/canned-server.ts', ['--body', file]);
      try {
        const client = createSpinClient({ baseUrl: server.url, tpn: 'BENCHTPN0001', authkey: 'FAKEKEY024' });
        await client.call('Daily', {}).catch(() => undefined); // warm-up
        const total: number[] = [];
        const wall: number[] = [];
        const cpu: number[] = [];
        let outcome = '';
        for (let round = 0; round < ROUNDS; round += 1) {
          const probe = probeLoopBlock();
          const started = performance.now();
          outcome = await client.call('Daily', {}).then(
            (answer) => `read, ${answer.DailyDetails?.[0]?.TransactionsDailyReports?.length ?? 0} rows`,
            (error: Error) => `refused: ${error.message.replace(/^The terminal's Daily answer /, '')}`,
          );
          total.push(performance.now() - started);
          const block = await probe.stop();
          wall.push(block.longestGapMs);
          cpu.push(block.mostCpuInOneGapMs);
        }
        const median = (values: number[]) => percentile(sortedCopy(values), 50).toFixed(0);
        rows.push(
          `| ${what} (${(text.length / 1024 / 1024).toFixed(1)} MB) | ${median(total)} ms | ${median(wall)} ms (max ${Math.max(...wall).toFixed(0)}) | ${median(cpu)} ms | JSON.parse alone ${median(parse)} ms | ${outcome} |`,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${ROUNDS} rounds each after a warm-up; medians.\n`);
  console.log('| Answer | Client call | Longest loop block, wall | CPU in one block | Baseline | Outcome |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
