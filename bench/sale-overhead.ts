// A Sale's own overhead over the terminal's time (issue 40's user-level budget: <= 5 ms). A sale
// through the real payment path (runSale over runMoneyMove: the request built and checked, the
// journal's intent, the SPIn client's exchange, the answer read, the outcome journaled) to the
// simulator over loopback, beside the terminal's own time: a bare undici fetch posting the very
// body the app sent (a new ReferenceId each time) to the same simulator and parsing its JSON. The
// app's overhead is the difference. Three contestants, rotated one by one so all see the same
// machine load: the sale on a MemoryJournal (the app's own code alone), the sale on a durable
// journal in a data folder (WAL, synchronous=FULL and the high-water record: the fsyncs a real
// sale pays, which a loaded disk makes slow; bench/high-water-cost.ts times them alone), and the
// bare fetch. The simulator answers at once (processingDelayMs 0) and runs in this process, so
// its handler's time is in both the sale's figure and the bare one, and cancels out.
//
//   npx tsx bench/sale-overhead.ts [--sales 300]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { openJournal } from '../electron/services/journal/open-journal';
import { MemoryJournal } from '../electron/services/journal/sqlite-journal';
import type { Journal } from '../electron/services/journal/journal';
import { runSale } from '../electron/services/payments/sale';
import { FAKE_AUTHKEY, fastDeps, fakeTpn, recordingFetch, saleForm, type SentRequest } from '../tests/support/money-move-kit';
import { startSimulator } from '../simulator';
import { timeRotated } from './support/rotated';
import { percentile, sortedCopy } from './support/stats';

const at = process.argv.indexOf('--sales');
const SALES = at < 0 ? 300 : Number(process.argv[at + 1]);
if (!Number.isInteger(SALES) || SALES < 50) throw new Error('--sales must be a whole number of at least 50');
const WARM_UP = 50;
/** Issue 40: a Sale's own overhead over the terminal's time. */
const BUDGET_MS = 5;

async function main(): Promise<void> {
  const sim = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    terminals: [{ tpn: fakeTpn(1), authkey: FAKE_AUTHKEY }],
    processingDelayMs: 0,
    seed: 40,
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'sale-overhead-'));
  const durable = openJournal(dataDir);
  const memory = new MemoryJournal();
  const agent = new Agent();
  try {
    let n = 0;
    const nextRef = () => `SO${String((n += 1)).padStart(8, '0')}`;
    const sale = async (journal: Journal) => {
      const result = await runSale(fastDeps(journal, sim.url), saleForm(nextRef(), 100 + (n % 900)));
      if (result.outcome !== 'approved') throw new Error(`sale ${n} was ${result.outcome}`);
    };
    // The body the app sends for a Sale, taken from one sent through a recording fetch; each
    // journal's first sale also puts the batch witness in it, so no sale below reads one.
    const sent: SentRequest[] = [];
    const first = await runSale(fastDeps(memory, sim.url, { clientOptions: { fetch: recordingFetch(sent) } }), saleForm(nextRef(), 100));
    if (first.outcome !== 'approved') throw new Error(`the first sale was ${first.outcome}`);
    await sale(durable);
    const saleSent = sent.find((request) => request.path.endsWith('/Sale'));
    if (!saleSent) throw new Error('the first sale sent no Sale request');
    const bare = async () => {
      const response = await undiciFetch(`${sim.url}/v2/Payment/Sale`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...saleSent.body, ReferenceId: nextRef() }),
        dispatcher: agent,
      });
      const answer = (await response.json()) as { GeneralResponse?: { ResultCode?: string } };
      if (answer.GeneralResponse?.ResultCode !== '0') throw new Error('the bare Sale was not approved');
    };
    const loadBefore = loadavg()[0]!;
    const times = await timeRotated({ memory: () => sale(memory), durable: () => sale(durable), bare }, SALES, WARM_UP);
    const sorted = { memory: sortedCopy(times.memory), durable: sortedCopy(times.durable), bare: sortedCopy(times.bare) };
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(
      `\n${SALES} of each after ${WARM_UP} warm-up, rotated, simulator in this process (processingDelayMs 0); load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after\n`,
    );
    console.log(
      '| Measure | Sale, MemoryJournal | Sale, durable journal | Terminal alone (bare fetch) | Overhead, MemoryJournal | Overhead, durable | Budget |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const p of [50, 90, 99]) {
      const [m, d, b] = [percentile(sorted.memory, p), percentile(sorted.durable, p), percentile(sorted.bare, p)];
      console.log(`| p${p} | ${ms(m)} | ${ms(d)} | ${ms(b)} | ${ms(m - b)} | ${ms(d - b)} | ${p === 50 ? `<= ${BUDGET_MS} ms` : '-'} |`);
    }
  } finally {
    await agent.close();
    await durable.close();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
