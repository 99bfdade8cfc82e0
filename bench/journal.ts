// Payment journal benchmarks, printed as a markdown table:
//  (a) start-up reconciliation: open a journal of N entries (default 100,000; 1 % left without an
//      outcome, some of those resolved in later segments) and find the pending ones. Target < 500 ms.
//      The full history load that follows in the background is measured too, for the record.
//  (c) the ReferenceId check of the first payment after start: the uses of a reference from the
//      first segment, asked right after open while the history index loads (the check reads the
//      sealed segments on demand), against the full history load it used to wait for.
//  (b) cost of writing an intent (append + fdatasync, through FileJournal) against a bare
//      write + fdatasync of the same number of bytes, interleaved in one loop. Target: intent <=
//      fsync + 1 ms (median).
//
//   npx tsx bench/journal.ts [--entries 100000] [--writes 300] [--dir /path/on/the/disk/to/test]
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal } from '../electron/services/journal/open-journal';
import { encodeLine } from '../electron/services/journal/line-codec';
import { buildJournal, fixtureIntent as intent, FIXTURE_TPN } from './support/journal-fixture';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a whole number above 0`);
  return value;
}
const dirIndex = process.argv.indexOf('--dir');
const base = dirIndex < 0 ? tmpdir() : (process.argv[dirIndex + 1] ?? tmpdir());
const ENTRIES = option('entries', 100_000);
const WRITES = option('writes', 300);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] as number;
const ms = (x: number) => `${x.toFixed(2)} ms`;

interface StartRun {
  openMs: number;
  historyMs: number;
  /** From open to the first payment's ReferenceId check answered (an old reference, history loading). */
  firstCheckMs: number;
  firstCheckUses: number;
  pending: number;
  total: number;
}

async function reconcileOnce(dir: string): Promise<StartRun> {
  const started = performance.now();
  const journal = openJournal(dir);
  const pending = journal.pending().length;
  const openMs = performance.now() - started;
  const history = journal.page({}, 0, 50).then((page) => ({ total: page.total, historyMs: performance.now() - started }));
  const uses = await journal.usesOf(FIXTURE_TPN, intent(10).ref);
  const firstCheckMs = performance.now() - started;
  const { total, historyMs } = await history;
  await journal.close();
  return { openMs, historyMs, firstCheckMs, firstCheckUses: uses.length, pending, total };
}

async function writeCosts(dir: string): Promise<{ intent: number[]; fsync: number[]; bytes: number }> {
  const journal = openJournal(dir);
  const bare = await open(join(dir, 'bare.jsonl'), 'a');
  const sample = await journal.recordIntent(intent(0));
  const bytes = Buffer.byteLength(encodeLine(sample.intent));
  const payload = 'x'.repeat(bytes - 1) + '\n';
  const costs = { intent: [] as number[], fsync: [] as number[], bytes };
  for (let i = 0; i < WRITES; i += 1) {
    let t = performance.now();
    await journal.recordIntent(intent(i));
    costs.intent.push(performance.now() - t);
    t = performance.now();
    await bare.write(payload);
    await bare.datasync();
    costs.fsync.push(performance.now() - t);
  }
  await bare.close();
  await journal.close();
  return costs;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(base, 'journal-bench-'));
  try {
    const built = performance.now();
    await buildJournal(join(dir, 'big'), ENTRIES);
    const buildMs = performance.now() - built;
    const runs = [];
    for (let i = 0; i < 5; i += 1) runs.push(await reconcileOnce(join(dir, 'big')));
    const writes = await writeCosts(dir);
    const open = runs.map((r) => r.openMs);
    const history = runs.map((r) => r.historyMs);
    const intentMedian = median(writes.intent);
    const fsyncMedian = median(writes.fsync);
    console.log(
      `\nJournal, Node ${process.version}, ${process.platform}, journal in ${base} (built ${ENTRIES} entries in ${(buildMs / 1000).toFixed(1)} s)\n`,
    );
    console.log('| Measure | Median | Worst / p95 | Target | Result |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| (a) Start-up reconciliation: open ${runs[0]?.total} entries, find ${runs[0]?.pending} pending (5 runs) | ${ms(median(open))} | ${ms(Math.max(...open))} | < 500 ms | ${Math.max(...open) < 500 ? 'pass' : 'FAIL'} |`,
    );
    console.log(
      `| Full history index in the background (after start-up, 5 runs) | ${ms(median(history))} | ${ms(Math.max(...history))} | - | - |`,
    );
    const check = runs.map((r) => r.firstCheckMs);
    if (runs.some((r) => r.firstCheckUses !== 1)) throw new Error('the first reference check did not find the old reference');
    console.log(
      `| (c) First payment's reference check after start (old reference, history loading; open included, 5 runs) | ${ms(median(check))} | ${ms(Math.max(...check))} | never behind the history index | ${(median(check) / median(history)).toFixed(2)}x of the history load: ${Math.max(...check) < median(history) ? 'pass' : 'FAIL'} |`,
    );
    console.log(
      `| (b) Write an intent (${writes.bytes} B, append + fdatasync), ${WRITES} writes | ${ms(intentMedian)} | ${ms(p95(writes.intent))} | <= fsync + 1 ms | ${intentMedian <= fsyncMedian + 1 ? 'pass' : 'FAIL'} |`,
    );
    console.log(`| Bare write + fdatasync of ${writes.bytes} B, same loop | ${ms(fsyncMedian)} | ${ms(p95(writes.fsync))} | - | - |`);
    console.log(
      `| Intent overhead over bare fsync (medians) | ${ms(intentMedian - fsyncMedian)} | - | <= 1 ms | ${intentMedian - fsyncMedian <= 1 ? 'pass' : 'FAIL'} |`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
