// The journal's backups (electron/services/journal/journal-backup.ts) on the N-entry fixture
// (default 1,000,000; bench/support/journal-fixture.ts, built once into out/bench and reused),
// printed as a markdown table:
//
//  1. What a payment costs the journal while the online backup runs, beside the same without one,
//     interleaved: a sale's journal work (recordIntent, then recordOutcome: the two fsynced
//     transactions a sale makes) back to back, median, p99 and worst, and the longest the event loop
//     was held at once (each backup step runs on the main thread between turns of the loop: a
//     payment's HTTP exchange waits at most that long). Goal: a payment is never blocked by it.
//  2. The backup itself: how long it takes, its size, the check of the copy included.
//  3. "Check the journal": PRAGMA quick_check of the live 1,000,000-entry journal.
//  4. The copy before a schema migration (VACUUM INTO), which start-up waits for.
//
//   npx tsx bench/backups.ts [--entries 1000000] [--sales 200] [--dir <folder>]
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { backUpBeforeMigration, backUpOnline, problemsOf } from '../electron/services/journal/journal-backup';
import { openJournal } from '../electron/services/journal/open-journal';
import type { SqliteJournal } from '../electron/services/journal/sqlite-journal';
import { copyFixture, fixtureFolder, saleIntent } from './support/journal-fixture';
import { benchFolder, wholeOption } from './support/options';
import { percentile, ratio, sortedCopy } from './support/stats';

const BASE = benchFolder();
const ENTRIES = wholeOption('entries', 1_000_000);
const SALES = wholeOption('sales', 200);

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
const now = () => performance.now();
const stats = (xs: readonly number[]) => {
  const sorted = sortedCopy(xs);
  return { median: percentile(sorted, 50), p99: percentile(sorted, 99), worst: sorted.at(-1) ?? 0 };
};

let counter = 0;

/** One sale's journal work: the intent and the outcome, each its own fsynced transaction. */
async function sale(journal: SqliteJournal): Promise<number> {
  const started = now();
  const entry = await journal.recordIntent(saleIntent((counter += 1)));
  await journal.recordOutcome(entry.intent.id, {
    result: 'approved',
    statusCode: '0000',
    message: 'Approved',
    approvedCents: entry.intent.amountCents,
  });
  return now() - started;
}

/** The longest gap between turns of the event loop while `work` runs (a 1 ms timer that should fire every ms). */
async function longestStall<T>(work: Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const at = now();
    stallMs = Math.max(stallMs, at - last);
    last = at;
  }, 1);
  try {
    return { result: await work, stallMs };
  } finally {
    clearInterval(timer);
  }
}

async function salesWhile(journal: SqliteJournal, running: () => boolean, max: number): Promise<number[]> {
  const times: number[] = [];
  while (running() && times.length < max) {
    times.push(await sale(journal));
    // A real sale waits on the terminal between its intent and its outcome; here a turn of the
    // event loop stands for that wait (without it the loop would never let the backup's steps run).
    await new Promise((resolve) => setImmediate(resolve));
  }
  return times;
}

async function main(): Promise<void> {
  const fixture = fixtureFolder(ENTRIES);
  const dataDir = mkdtempSync(join(BASE, 'journal-backup-bench-'));
  try {
    copyFixture(fixture.dir, dataDir);
    const journal = openJournal(dataDir);
    const db = journal.liveDatabase();
    if (!db) throw new Error('the fixture opened read-only');

    // Without a backup: SALES sales back to back, the loop's longest stall measured the same way.
    const quiet = await longestStall(salesWhile(journal, () => true, SALES));

    // During one: sales back to back from the backup's start to its end.
    let backingUp = true;
    const startedAt = now();
    const backup = backUpOnline(db, dataDir).finally(() => {
      backingUp = false;
    });
    const during = await longestStall(Promise.all([backup, salesWhile(journal, () => backingUp, Number.MAX_SAFE_INTEGER)]));
    const backupMs = now() - startedAt;
    const [made, duringTimes] = during.result;

    const checkStarted = now();
    const problems = problemsOf(db);
    const checkMs = now() - checkStarted;

    const migrationStarted = now();
    backUpBeforeMigration(db, dataDir);
    const migrationMs = now() - migrationStarted;
    await journal.close();

    const a = stats(quiet.result);
    const b = stats(duringTimes);
    console.log(`Fixture: ${ENTRIES.toLocaleString('en-US')} entries (${fixture.reused ? 'reused' : 'built now'}); journals in ${BASE}.`);
    console.log('');
    console.log('| What | During the backup | Without (same run) | Ratio |');
    console.log('|---|---|---|---|');
    console.log(
      `| A sale's journal work (intent + outcome, fsynced), median | ${ms(b.median)} ms | ${ms(a.median)} ms | ${ratio(b.median, a.median)} |`,
    );
    console.log(`| p99 | ${ms(b.p99)} ms | ${ms(a.p99)} ms | ${ratio(b.p99, a.p99)} |`);
    console.log(`| worst | ${ms(b.worst)} ms | ${ms(a.worst)} ms | ${ratio(b.worst, a.worst)} |`);
    console.log(`| Sales made | ${duringTimes.length} | ${quiet.result.length} | - |`);
    console.log(`| Longest the event loop was held | ${ms(during.stallMs)} ms | ${ms(quiet.stallMs)} ms | - |`);
    console.log('');
    console.log('| What | Time | Notes |');
    console.log('|---|---|---|');
    console.log(
      `| Online backup, copy + check of the copy + rename | ${ms(backupMs)} ms | ${(made.bytes / 1e6).toFixed(0)} MB, ${made.entries.toLocaleString('en-US')} entries |`,
    );
    console.log(
      `| Check the journal (PRAGMA quick_check, live) | ${ms(checkMs)} ms | ${problems.length === 0 ? 'ok' : `${problems.length} problems`} |`,
    );
    console.log(
      `| Copy before a schema migration (VACUUM INTO + check) | ${ms(migrationMs)} ms | start-up waits for it, once per migration |`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
