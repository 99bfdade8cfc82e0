// What the journal's checks of its own files cost (issue 37, "harm is seen, never silent"):
//  1. the start's integrity check (journal-database.ts, checkIntegrity): SQLite's full quick_check
//     and the bounded check a journal over FULL_CHECK_BYTES gets, on the N-entry fixture
//     (default 1,000,000) and on a fixture about FULL_CHECK_BYTES large, warm (the file in the OS
//     page cache: each is run once before the runs counted);
//  2. openJournal on a copy of the N-entry fixture, the bounded check included, beside
//     BENCHMARKS.md's "The journal's share of start-up" (openJournal before the check);
//  3. the check the journal makes every 2 s and before every line it writes (journal-file-check.ts,
//     filesHarm: a stat of the database and of its WAL), median and p99 of 10,000 calls on that
//     open 1,000,000-entry journal. Goal: <= 1 ms.
//
//  4. the reference guard (SqliteJournal.usesOf) for a reference never used, which now also asks
//     the trigram index for the reference's tail: 300 app-made and 300 invoice-like references on
//     the 1,000,000-entry fixture (a read-only connection), median, p99 and worst, beside the
//     reference index alone.
//
//   npx tsx bench/journal-checks.ts [--entries 1000000] [--small 16000] [--runs 3]
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkIntegrity, FULL_CHECK_BYTES } from '../electron/services/journal/journal-database';
import { filesHarm, watchFiles } from '../electron/services/journal/journal-file-check';
import { JOURNAL_FILE, openJournal } from '../electron/services/journal/open-journal';
import { SqliteJournal } from '../electron/services/journal/sqlite-journal';
import { copyFixture, fixtureFolder } from './support/journal-fixture';
import { percentile, sortedCopy } from './support/stats';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a whole number above 0 (see bench/journal-checks.ts)`);
  return value;
}
const ENTRIES = option('entries', 1_000_000);
const SMALL = option('small', 16_000);
const RUNS = option('runs', 3);

function median(values: number[]): number {
  return percentile(sortedCopy(values), 50);
}

/** Median ms of `run` over RUNS runs, after one run not counted (it brings the file into the page cache). */
function timed(run: () => void): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return median(times);
}

function checks(file: string): { mb: number; full: number; bounded: number } {
  const db = new Database(file, { readonly: true });
  try {
    const full = timed(() => db.pragma('quick_check(3)'));
    const bounded = timed(() => checkIntegrity(db));
    return { mb: statSync(file).size / 1024 / 1024, full, bounded };
  } finally {
    db.close();
  }
}

const rows: string[] = [];
for (const entries of [SMALL, ENTRIES]) {
  const { dir } = fixtureFolder(entries);
  const { mb, full, bounded } = checks(join(dir, JOURNAL_FILE));
  const chosen = mb * 1024 * 1024 <= FULL_CHECK_BYTES ? 'full' : 'bounded';
  rows.push(`| ${entries.toLocaleString('en-US')} | ${mb.toFixed(0)} MB | ${full.toFixed(0)} | ${bounded.toFixed(1)} | ${chosen} |`);
}
console.log(`| Entries | File | quick_check, all (ms) | checkIntegrity (ms) | Start uses |\n|---|---|---|---|---|\n${rows.join('\n')}`);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-journal-checks-'));
try {
  copyFixture(fixtureFolder(ENTRIES).dir, dataDir);
  // The first open of a copy indexes the fixture's old cancels once (journal-database.ts): not counted.
  await openJournal(dataDir).close();
  const openTimes: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    const opened = openJournal(dataDir);
    openTimes.push(performance.now() - start);
    await opened.close();
  }
  const opens = median(openTimes);
  const journal = openJournal(dataDir);
  const files = watchFiles(join(dataDir, JOURNAL_FILE));
  const costs: number[] = [];
  for (let i = 0; i < 10_000; i += 1) {
    const start = performance.now();
    if (filesHarm(files) !== undefined) throw new Error('the journal files changed during the bench');
    costs.push(performance.now() - start);
  }
  await journal.close();
  const sorted = sortedCopy(costs);
  console.log(
    `\nopenJournal, ${ENTRIES.toLocaleString('en-US')} entries, bounded check included, median of ${RUNS}: ${opens.toFixed(1)} ms`,
  );
  console.log(
    `File check (filesHarm), 10,000 calls: median ${(percentile(sorted, 50) * 1000).toFixed(1)} µs, p99 ${(percentile(sorted, 99) * 1000).toFixed(1)} µs`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

/** The guard's cost for new references: two kinds, each a fresh set never used in the fixture. */
const fixtureDb = new Database(join(fixtureFolder(ENTRIES).dir, JOURNAL_FILE), { readonly: true });
try {
  const journal = new SqliteJournal({ db: fixtureDb });
  const indexAlone = fixtureDb.prepare('SELECT seq FROM entries WHERE ref_lower = ? AND tpn = ?');
  const kinds = [
    [
      'app-made ("SD" + base-36 time + 6 random)',
      (i: number) => `SDM${(1e9 + i * 7919).toString(36)}${(i * 104729).toString(36).padStart(6, 'q')}`.toUpperCase(),
    ],
    ['invoice-like ("INV-2026-9xxxxx")', (i: number) => `INV-2026-${900_000 + i}`],
  ] as const;
  console.log(
    '\n| New reference | usesOf median (ms) | p99 (ms) | worst (ms) | reference index alone, median (ms) |\n|---|---|---|---|---|',
  );
  for (const [label, make] of kinds) {
    const guard: number[] = [];
    const alone: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      let start = performance.now();
      if ((await journal.usesOf('FLT0000001', make(i))).length > 0) throw new Error(`${make(i)} is in the fixture`);
      guard.push(performance.now() - start);
      start = performance.now();
      indexAlone.all(make(i).toLowerCase(), 'FLT0000001');
      alone.push(performance.now() - start);
    }
    const sorted = sortedCopy(guard);
    console.log(
      `| ${label} | ${percentile(sorted, 50).toFixed(3)} | ${percentile(sorted, 99).toFixed(2)} | ${(sorted.at(-1) ?? NaN).toFixed(2)} | ${median(alone).toFixed(3)} |`,
    );
  }
} finally {
  fixtureDb.close();
}
