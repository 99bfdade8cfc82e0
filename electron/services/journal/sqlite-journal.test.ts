import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JournalWriteError } from './journal-errors';
import { JOURNAL_FILE, openJournal } from './open-journal';
import type { JournalEntry, JournalLine } from './records';
import { LAST_SETTLE_SQL, MemoryJournal, type SqliteJournal } from './sqlite-journal';
import { openSqlite } from './sqlite-binding';
import { Prng } from '../../../simulator/prng';
import { tierCount } from '../../../tests/support/tier';
import { saleIntent } from '../../../tests/support/journal-entries';

// The journal on its own, on a real SQLite file in a temporary folder. A failing disk is played by
// the `faults` seam, which throws SQLite's own error codes inside the write's transaction, the way
// better-sqlite3 reports a write or fsync the OS refused (tests/fault/full-disk.test.ts fills a
// real disk instead).

let dir: string;
const opened: SqliteJournal[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-journal-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((journal) => journal.close()));
  rmSync(dir, { recursive: true, force: true });
});

function open(options: Parameters<typeof openJournal>[1] = {}): SqliteJournal {
  const journal = openJournal(dir, options);
  opened.push(journal);
  return journal;
}

const sale = saleIntent;

/** A disk that refuses the next `count` writes with SQLite's `code`. */
function failingDisk(code: string, count = 1) {
  const state = { left: count, seen: [] as string[] };
  return {
    state,
    fault: (what: string) => {
      if (state.left <= 0) return;
      state.left -= 1;
      state.seen.push(what);
      throw Object.assign(new Error(`injected ${code}`), { code });
    },
  };
}

describe('the SQLite journal', () => {
  it('records intent, attempt, note and outcome in order, and reads the entry back as it stands, after a reopen too', async () => {
    const journal = open();
    const entry = await journal.recordIntent(sale('SQ0001'));
    await journal.recordAttempt(entry.intent.id, 1, Date.parse('2026-11-26T10:00:30Z'), 'Terminal in use (2008)');
    await journal.recordUnknown(entry.intent.id, 'the answer was lost');
    expect(journal.pending().map((e) => e.intent.ref)).toEqual(['SQ0001']);
    await journal.recordOutcome(entry.intent.id, { result: 'approved', statusCode: '0000', message: 'Approved', approvedCents: 1234 });
    expect(journal.lines().map((line) => line.t)).toEqual(['intent', 'attempt', 'unknown', 'outcome']);
    const expected = {
      intent: { ref: 'SQ0001', amountCents: 1234 },
      attempts: 1,
      deadlineMs: Date.parse('2026-11-26T10:00:30Z'),
      unknownReason: 'the answer was lost',
      outcome: { result: 'approved', approvedCents: 1234 },
    };
    expect(journal.get(entry.intent.id)).toMatchObject(expected);
    expect(journal.pending()).toEqual([]);
    await journal.close();
    const again = open();
    expect(again.get(entry.intent.id)).toMatchObject(expected);
    expect(again.lines()).toHaveLength(4);
  });

  it('finds every use of a reference in any letter case, per terminal, and the newest on any terminal', async () => {
    const journal = open();
    const first = await journal.recordIntent(sale('Ref-Mixed'));
    await journal.recordOutcome(first.intent.id, { result: 'refused', statusCode: '2008', message: 'Busy' });
    await journal.recordIntent(sale('REF-MIXED'));
    await journal.recordIntent(sale('ref-mixed', { tpn: 'FAKETPN002' }));
    expect((await journal.usesOf('FAKETPN001', 'ref-MIXED')).map((e) => e.intent.ref)).toEqual(['Ref-Mixed', 'REF-MIXED']);
    expect((await journal.newestWithReference('REF-mixed'))?.intent.tpn).toBe('FAKETPN002');
    expect(await journal.usesOf('FAKETPN003', 'REF-MIXED')).toEqual([]);
  });

  it("finds a terminal's newest entry and its newest Settle that closed a batch, that one off an index of its own", async () => {
    const journal = open();
    const settle = (ref: string, tpn = 'FAKETPN001') => sale(ref, { op: 'Settle', paymentType: undefined, amountCents: 0, tpn });
    const settled = async (ref: string, result: 'approved' | 'partial' | 'refused', tpn?: string) => {
      const entry = await journal.recordIntent(settle(ref, tpn));
      await journal.recordOutcome(entry.intent.id, { result, statusCode: result === 'refused' ? '2008' : '0000', message: result });
    };
    await settled('SETTLEOLD', 'approved');
    await settled('SETTLEPART', 'partial');
    await settled('SETTLEBUSY', 'refused');
    await journal.recordIntent(settle('SETTLEOPEN'));
    for (const ref of ['AFTER1', 'AFTER2']) await journal.recordIntent(sale(ref));
    await settled('SETTLELANE2', 'approved', 'FAKETPN002');

    expect((await journal.newestOn('FAKETPN001'))?.intent.ref).toBe('AFTER2');
    // The refused one and the one without an answer closed nothing; the partial one did.
    expect((await journal.lastSettleOn('FAKETPN001'))?.intent.ref).toBe('SETTLEPART');
    expect((await journal.lastSettleOn('FAKETPN002'))?.intent.ref).toBe('SETTLELANE2');
    expect(await journal.newestOn('FAKETPN003')).toBeUndefined();
    expect(await journal.lastSettleOn('FAKETPN003')).toBeUndefined();

    await journal.close();
    const db = openSqlite(join(dir, JOURNAL_FILE));
    try {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${LAST_SETTLE_SQL}`).all('FAKETPN001') as { detail: string }[];
      expect(plan.map((step) => step.detail).join('; ')).toContain('USING INDEX entries_closing_settles');
    } finally {
      db.close();
    }
  });

  it('searches a part of a reference through the trigram index, case-insensitive; one or two characters find only that whole reference', async () => {
    const journal = new MemoryJournal();
    for (const ref of ['ABC-0001', 'abc-0002', 'XYZ-0003', 'Q"uote-04', 'Z-']) await journal.recordIntent(sale(ref));
    const refs = async (referenceId: string) => (await journal.page({ referenceId }, 0, 10)).items.map((e) => e.intent.ref);
    expect(await refs('bc-000')).toEqual(['abc-0002', 'ABC-0001']);
    expect(await refs('0003')).toEqual(['XYZ-0003']);
    expect(await refs('z-')).toEqual(['Z-']);
    expect(await refs('yz-')).toEqual(['XYZ-0003']);
    expect(await refs('"uo')).toEqual(['Q"uote-04']);
    expect(await refs('nothing')).toEqual([]);
    await journal.close();
  });

  it('a part matching more than 2,000 entries is listed newest first (journal order) without counting them all; the last page says where it ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
    const journal = new MemoryJournal();
    const refs: string[] = [];
    for (let i = 0; i < 2_050; i += 1) {
      const ref = `BRD-${String(i).padStart(4, '0')}`;
      refs.push(ref);
      await journal.recordIntent(sale(ref, { tpn: i % 2 === 0 ? 'FAKETPN001' : 'FAKETPN002' }));
      vi.advanceTimersByTime(1_000);
    }
    await journal.recordIntent(sale('OTHER-1'));
    const newestFirst = refs.toReversed();
    const first = await journal.page({ referenceId: 'brd' }, 0, 50);
    expect(first).toMatchObject({ total: 51, totalExact: false, nextOffset: 50 });
    expect(first.items.map((e) => e.intent.ref)).toEqual(newestFirst.slice(0, 50));
    const last = await journal.page({ referenceId: 'brd' }, 2_000, 100);
    expect(last).toMatchObject({ total: 2_050, totalExact: false, nextOffset: null });
    expect(last.items.map((e) => e.intent.ref)).toEqual(newestFirst.slice(2_000));
    // Combined with the other filters.
    const onTwo = await journal.page({ referenceId: 'BRD-', tpn: 'FAKETPN002' }, 0, 3);
    expect(onTwo.items.map((e) => e.intent.ref)).toEqual(['BRD-2049', 'BRD-2047', 'BRD-2045']);
    expect(await journal.page({ referenceId: 'brd', from: '2026-11-26T09:34:05Z' }, 0, 50)).toMatchObject({
      total: 5,
      totalExact: false,
      nextOffset: null,
    });
    // A selective part is still counted through the index.
    expect(await journal.page({ referenceId: 'brd-000' }, 0, 50)).toMatchObject({ total: 10, totalExact: true, nextOffset: null });
    expect(await journal.page({ referenceId: 'brd-1' }, 0, 5)).toMatchObject({ total: 1_000, totalExact: true, nextOffset: 5 });
    await journal.close();
  });

  it('orders entries written in the same millisecond by their place in the journal, and streams a fixed set', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
    const journal = new MemoryJournal();
    for (const ref of ['SAME1', 'SAME2', 'SAME3']) await journal.recordIntent(sale(ref));
    expect((await journal.page({}, 0, 10)).items.map((e) => e.intent.ref)).toEqual(['SAME3', 'SAME2', 'SAME1']);
    const streamed: string[] = [];
    for await (const entry of journal.entries('oldest')) {
      streamed.push(entry.intent.ref);
      // Recorded while the stream runs: not part of it.
      if (streamed.length === 1) await journal.recordIntent(sale('LATER'));
    }
    expect(streamed).toEqual(['SAME1', 'SAME2', 'SAME3']);
    await journal.close();
  });

  it('streams a long journal in slices, newest first, every entry once', async () => {
    const journal = open({ durable: false });
    for (let i = 0; i < 4_500; i += 1) await journal.recordIntent(sale(`LONG${String(i).padStart(5, '0')}`));
    const seen: string[] = [];
    for await (const entry of journal.entries('newest', { tpn: 'FAKETPN001' })) seen.push(entry.intent.ref);
    expect(seen).toHaveLength(4_500);
    expect(new Set(seen).size).toBe(4_500);
    expect(seen[0]).toBe('LONG04499');
    expect(seen.at(-1)).toBe('LONG00000');
  });

  it('an intent the disk refuses is not recorded: the write rejects, new lines wait for a test write, which clears the failure', async () => {
    const disk = failingDisk('SQLITE_IOERR_FSYNC');
    const journal = open({ faults: disk.fault });
    await expect(journal.recordIntent(sale('FAIL0001'))).rejects.toMatchObject({ fault: 'DISK_FAILED', errno: 'SQLITE_IOERR_FSYNC' });
    expect(journal.lines()).toEqual([]);
    expect(journal.health()).toMatchObject({ state: 'failing', error: { fault: 'DISK_FAILED' } });
    // The disk works again: the test write succeeds and the next intent is recorded.
    await journal.ensureWritable();
    expect(disk.state.seen).toEqual(['line']);
    expect(journal.health()).toEqual({ state: 'ok', unsaved: 0 });
    await journal.recordIntent(sale('FAIL0002'));
    expect(journal.lines().map((line) => line.t === 'intent' && line.ref)).toEqual(['FAIL0002']);
  });

  it('keeps an outcome the disk refuses in memory, shows it unsaved, writes it first once the disk takes lines again', async () => {
    const disk = failingDisk('SQLITE_FULL', 2);
    disk.state.left = 0;
    const journal = open({ faults: disk.fault });
    const entry = await journal.recordIntent(sale('UNSAVED1'));
    disk.state.left = 2;
    const shown = await journal.recordOutcome(entry.intent.id, { result: 'approved', statusCode: '0000', message: 'Approved' });
    expect(shown).toMatchObject({ outcome: { result: 'approved' }, unsaved: true });
    expect(journal.pending()).toEqual([]);
    expect(journal.unsavedOn('FAKETPN001').map((e) => e.intent.ref)).toEqual(['UNSAVED1']);
    expect(journal.health()).toMatchObject({ state: 'failing', unsaved: 1 });
    // The repair's first try meets the disk still refusing; the second writes the outcome.
    await expect(journal.ensureWritable()).rejects.toBeInstanceOf(JournalWriteError);
    await journal.ensureWritable();
    expect(journal.lines().map((line) => line.t)).toEqual(['intent', 'outcome']);
    expect(journal.get(entry.intent.id)).not.toHaveProperty('unsaved');
    await journal.close();
    expect(open().get(entry.intent.id)).toMatchObject({ outcome: { result: 'approved' } });
  });

  it('read-only: history stays readable, every write is refused with the reason', async () => {
    const writer = open();
    await writer.recordIntent(sale('RO0001'));
    await writer.close();
    const reader = open({ readOnly: new JournalWriteError('READ_ONLY', 'EROFS') });
    expect(reader.pending().map((e) => e.intent.ref)).toEqual(['RO0001']);
    await expect(reader.recordIntent(sale('RO0002'))).rejects.toMatchObject({ fault: 'READ_ONLY', errno: 'EROFS' });
    expect(reader.health()).toMatchObject({ state: 'read-only' });
  });

  it('a second journal on the same folder while the first is open cannot write (SQLite holds the file locked)', async () => {
    const first = open();
    await first.recordIntent(sale('LOCK0001'));
    const second = open();
    expect(second.health()).toMatchObject({ state: 'read-only', error: { fault: 'LOCK_LOST' } });
    await expect(second.recordIntent(sale('LOCK0002'))).rejects.toBeInstanceOf(JournalWriteError);
    await first.recordIntent(sale('LOCK0003'));
    expect(first.lines()).toHaveLength(2);
  });

  it('a killed run leaves its WAL behind: the next start keeps every line and moves them into the database, the WAL truncated', async () => {
    const running = open();
    for (let i = 0; i < 30; i += 1) await running.recordIntent(sale(`WAL${String(i).padStart(4, '0')}`));
    // Each commit was fsynced, so the files as they are now are what a SIGKILL would leave.
    const killedDir = mkdtempSync(join(tmpdir(), 'sqlite-journal-killed-'));
    try {
      for (const file of [JOURNAL_FILE, `${JOURNAL_FILE}-wal`]) copyFileSync(join(dir, file), join(killedDir, file));
      expect(statSync(join(killedDir, `${JOURNAL_FILE}-wal`)).size).toBeGreaterThan(50_000);
      const restarted = openJournal(killedDir);
      expect(restarted.lines()).toHaveLength(30);
      expect(statSync(join(killedDir, `${JOURNAL_FILE}-wal`)).size).toBe(0);
      await restarted.close();
    } finally {
      rmSync(killedDir, { recursive: true, force: true });
    }
  });
});

/** 300 runs in the soak tier; `npm test` runs the first 25 (the same dice). */
const RANDOM_RUNS = tierCount({ fast: 25, soak: 300 });
const FAULT_CODES = ['SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC'];

describe('the SQLite journal on a disk that fails at random', () => {
  it(`${RANDOM_RUNS} random runs: after a reopen the journal holds exactly the lines whose transactions reached their commit, in order`, async () => {
    for (let run = 0; run < RANDOM_RUNS; run += 1) {
      const dice = new Prng(20_261_126 + run);
      /** The chance that the disk refuses a transaction, set per call. */
      let failing = 0;
      /** Every line whose transaction got past the disk, in order: what a reopened journal must hold. */
      const committed: string[] = [];
      const refOf = new Map<string, string>();
      const name = (line: JournalLine) => `${line.t} ${line.t === 'intent' ? line.ref : refOf.get(line.id)}`;
      const journal = open({
        faults: (what, line) => {
          if (dice.next() < failing) throw Object.assign(new Error('injected'), { code: FAULT_CODES[dice.int(FAULT_CODES.length)] });
          if (line) committed.push(name(line));
        },
      });
      const pending: { id: string; ref: string }[] = [];
      /** What the calls promised: each resolved intent and attempt is on disk, each rejected one is not. */
      const promised: string[] = [];
      const refused: string[] = [];
      const attempt = async (label: string, work: () => Promise<unknown>) => {
        failing = dice.next() < 0.4 ? 0.5 : 0;
        try {
          const value = await work();
          promised.push(label);
          return value;
        } catch (error) {
          if (!(error instanceof JournalWriteError)) throw error;
          refused.push(label);
          return undefined;
        }
      };
      for (let step = 0; step < 30; step += 1) {
        const choice = dice.int(5);
        const target = pending[dice.int(Math.max(1, pending.length))];
        if (choice === 0 || !target) {
          const ref = `R${run}S${step}`;
          const entry = (await attempt(`intent ${ref}`, () => journal.recordIntent(sale(ref)))) as JournalEntry | undefined;
          if (entry) {
            refOf.set(entry.intent.id, ref);
            pending.push({ id: entry.intent.id, ref });
          }
        } else if (choice === 1) {
          await attempt(`attempt ${target.ref} ${step}`, () => journal.recordAttempt(target.id, step, Date.now(), 'busy'));
        } else if (choice === 2) {
          await attempt(`unknown ${target.ref} ${step}`, () => journal.recordUnknown(target.id, 'lost'));
        } else if (choice === 3) {
          await attempt(`outcome ${target.ref}`, () =>
            journal.recordOutcome(target.id, { result: 'approved', statusCode: '0000', message: 'A' }),
          );
          pending.splice(pending.indexOf(target), 1);
        } else {
          await attempt('repair', () => journal.ensureWritable());
        }
      }
      failing = 0;
      // The disk works again: the outcomes kept in memory are written.
      await journal.ensureWritable();
      expect(journal.health(), `run ${run}`).toEqual({ state: 'ok', unsaved: 0 });
      await journal.close();
      const reopened = open();
      const onDisk = reopened.lines().map(name);
      expect(onDisk, `run ${run}`).toEqual(committed);
      // Intents: resolved means on disk, rejected means not. Outcomes always end up there.
      for (const label of promised.filter((l) => l.startsWith('intent') || l.startsWith('outcome')))
        expect(onDisk, `run ${run}`).toContain(label);
      for (const label of refused.filter((l) => l.startsWith('intent'))) expect(onDisk, `run ${run}`).not.toContain(label);
      await reopened.close();
      opened.splice(0);
      rmSync(dir, { recursive: true, force: true });
      dir = mkdtempSync(join(tmpdir(), 'sqlite-journal-'));
    }
  }, 120_000);
});
