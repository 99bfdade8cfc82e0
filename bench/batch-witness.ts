// What the batch witness costs a sale (issue 37, item 5). A sale whose journal holds no approval of
// this PC in the open batch (the day's first, the first after a Settle) reads a witness from the
// terminal before its intent: Status for its own reference and, as the plain 1001 names no batch
// (docs/PROTOCOL.md §4.8), StatusList 1..1, the open batch's oldest transaction, so that a lost
// answer can still tell "not processed" from "settled since" (electron/services/recovery/batch-boundary.ts).
// Every later sale takes its witness from the journal and reads nothing.
//
// Two contestants, rotated one by one so both see the same machine load: a sale through the real
// payment path (journal intent -> send -> outcome; runSale over runMoneyMove) to the simulator over
// loopback, once with a witness in the journal (no read), once with a fresh journal (the read).
// The simulator answers at once (processingDelayMs 0), so the figures are the app's and the
// loopback's share; a live terminal adds its own round trip to the read.
//
//   npx tsx bench/batch-witness.ts [--sales 400]
import { MemoryJournal } from '../electron/services/journal/sqlite-journal';
import { runSale } from '../electron/services/payments/sale';
import { fastDeps, fakeTpn, saleForm } from '../tests/support/money-move-kit';
import { startSimulator } from '../simulator';
import { percentile, ratio, sortedCopy } from './support/stats';

const at = process.argv.indexOf('--sales');
const SALES = at < 0 ? 400 : Number(process.argv[at + 1]);
if (!Number.isInteger(SALES) || SALES < 50) throw new Error('--sales must be a whole number of at least 50');
const WARM_UP = 50;

async function main(): Promise<void> {
  const sim = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    terminals: [{ tpn: fakeTpn(1), authkey: 'FAKEKEY001' }],
    processingDelayMs: 0,
    seed: 37,
  });
  try {
    const sent: string[] = [];
    const counting: typeof fetch = (input, init) => {
      sent.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return fetch(input, init);
    };
    const withWitness = new MemoryJournal();
    const deps = (journal: MemoryJournal) => fastDeps(journal, sim.url, { clientOptions: { fetch: counting } });
    const times: Record<'journal' | 'read', number[]> = { journal: [], read: [] };
    let n = 0;
    const sale = async (journal: MemoryJournal): Promise<number> => {
      const started = performance.now();
      const result = await runSale(deps(journal), saleForm(`BW${String((n += 1)).padStart(6, '0')}`, 100 + (n % 900)));
      const ms = performance.now() - started;
      if (result.outcome !== 'approved') throw new Error(`sale ${n} was ${result.outcome}`);
      return ms;
    };
    await sale(withWitness); // the journal's witness from here on
    for (let round = 0; round < WARM_UP + SALES; round += 1) {
      const a = await sale(withWitness);
      const b = await sale(new MemoryJournal());
      if (round >= WARM_UP) {
        times.journal.push(a);
        times.read.push(b);
      }
    }
    // Every sale is approved, so no lookup follows: each Status or StatusList is a witness read.
    const reads = (name: string) => sent.filter((path) => path.endsWith(`/${name}`)).length;
    const journalSorted = sortedCopy(times.journal);
    const readSorted = sortedCopy(times.read);
    const row = (label: string, p: number) => {
      const base = percentile(journalSorted, p);
      const read = percentile(readSorted, p);
      return `| ${label} | ${base.toFixed(2)} ms | ${read.toFixed(2)} ms | ${read >= base ? '+' : ''}${(read - base).toFixed(2)} ms | ${ratio(read, base)} |`;
    };
    console.log(
      `${SALES} sales each (after ${WARM_UP} warm-up), rotated; witness reads sent: Status ${reads('Status')}, StatusList ${reads('StatusList')}\n`,
    );
    console.log('| Sale, intent to outcome | Witness from the journal (no read) | No witness in the journal (read) | Read costs | Ratio |');
    console.log('|---|---|---|---|---|');
    console.log(row('p50', 50));
    console.log(row('p99', 99));
  } finally {
    await sim.close();
  }
}

await main();
