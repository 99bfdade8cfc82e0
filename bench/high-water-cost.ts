// What the journal's high-water record (electron/services/journal/high-water.ts) adds to each
// payment: recordIntent on a durable journal in a data folder (WAL, synchronous=FULL, plus the
// record's 32-byte slot overwritten in place and fdatasynced) against the same journal without the
// record (opened without a data folder), and the record's write alone. One loop, the contestants'
// order rotated each round, on an empty journal and on a copy of the N-entry fixture (default
// 1,000,000; built once by bench/support/journal-fixture.ts). Printed as a markdown table.
// Goal: the record adds <= 1 fdatasync (about the bare fsync's median) to an intent.
//
//   npx tsx bench/high-water-cost.ts [--entries 1000000] [--writes 300] [--dir <folder on the disk to test>]
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HighWater } from '../electron/services/journal/high-water';
import { openForWriting } from '../electron/services/journal/journal-database';
import { JOURNAL_FILE, openJournal } from '../electron/services/journal/open-journal';
import { SqliteJournal } from '../electron/services/journal/sqlite-journal';
import { copyFixture, fixtureFolder, saleIntent } from './support/journal-fixture';
import { benchFolder, wholeOption } from './support/options';
import { percentile, sortedCopy } from './support/stats';

const BASE = benchFolder();
const ENTRIES = wholeOption('entries', 1_000_000);
const WRITES = wholeOption('writes', 300);

const median = (xs: readonly number[]) => percentile(sortedCopy(xs), 50);
const p95 = (xs: readonly number[]) => percentile(sortedCopy(xs), 95);
const ms = (x: number) => x.toFixed(2);

interface Row {
  journal: string;
  withRecord: number[];
  without: number[];
  recordAlone: number[];
}

/** Two copies of the same journal (the fixture, or empty): one opened as the app does, one without the record. */
async function measure(label: string, fixture: string | undefined): Promise<Row> {
  const withDir = mkdtempSync(join(BASE, 'hw-bench-with-'));
  const withoutDir = mkdtempSync(join(BASE, 'hw-bench-without-'));
  const aloneDir = mkdtempSync(join(BASE, 'hw-bench-alone-'));
  try {
    if (fixture) {
      copyFixture(fixture, withDir);
      copyFixture(fixture, withoutDir);
    }
    const withRecord = openJournal(withDir);
    // No data folder given: the same durable database, no high-water record.
    const without = new SqliteJournal(openForWriting(join(withoutDir, JOURNAL_FILE)));
    const { file } = HighWater.open(aloneDir);
    const row: Row = { journal: label, withRecord: [], without: [], recordAlone: [] };
    const contestants: [number[], (round: number) => Promise<unknown>][] = [
      [row.withRecord, (round) => withRecord.recordIntent(saleIntent(round))],
      [row.without, (round) => without.recordIntent(saleIntent(round))],
      [row.recordAlone, async (round) => file.write({ entries: round, seq: round })],
    ];
    for (let round = 0; round < WRITES; round += 1) {
      for (let k = 0; k < contestants.length; k += 1) {
        const [times, work] = contestants[(round + k) % contestants.length] as (typeof contestants)[number];
        const start = performance.now();
        await work(round);
        times.push(performance.now() - start);
      }
    }
    file.close();
    await withRecord.close();
    await without.close();
    return row;
  } finally {
    for (const dir of [withDir, withoutDir, aloneDir]) rmSync(dir, { recursive: true, force: true });
  }
}

const rows = [await measure('empty', undefined), await measure(`${ENTRIES.toLocaleString('en-US')} entries`, fixtureFolder(ENTRIES).dir)];
console.log(`\nHigh-water record: what it adds to each intent (${WRITES} writes each, order rotated; ${BASE})\n`);
console.log(
  '| Journal | Intent with the record, median / p95 (ms) | Without it, median / p95 (ms) | Added, median (ms) | The record alone, median / p95 (ms) |',
);
console.log('| --- | --- | --- | --- | --- |');
for (const row of rows) {
  console.log(
    `| ${row.journal} | ${ms(median(row.withRecord))} / ${ms(p95(row.withRecord))} | ${ms(median(row.without))} / ${ms(p95(row.without))} | ` +
      `${ms(median(row.withRecord) - median(row.without))} | ${ms(median(row.recordAlone))} / ${ms(p95(row.recordAlone))} |`,
  );
}
