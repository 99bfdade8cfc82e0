// The journal on a disk that fills up, fails or is damaged from outside: what record*() promise
// must hold on disk afterwards, read back by a fresh FileJournal.
import fc from 'fast-check';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FaultyDisk } from '../../../tests/support/faulty-disk';
import { FileJournal } from './file-journal';
import { JournalWriteError } from './journal-errors';
import type { NewIntent } from './records';
import { allEntries } from '../../../tests/support/journal-entries';
import { tierCount } from '../../../tests/support/tier';

/** 200 in the soak tier; `npm test` runs the first 40 of the same seed. */
const RUNS = tierCount({ fast: 40, soak: 200 });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-faults-'));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const TPN = 'FLT0000001';
const intent = (ref: string, tpn = TPN): NewIntent => ({
  op: 'Sale',
  ref,
  tpn,
  profileId: 'p1',
  paymentType: 'Credit',
  amountCents: 1000,
  tipCents: 0,
  deadlineMs: Date.now() + 5000,
});
const approved = { result: 'approved' as const, statusCode: '0000', message: 'Approved', approvedCents: 1000 };

function segmentFiles(): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
}

/** Every line of every segment must be complete JSON: nothing torn, nothing glued. */
function linesOnDisk(): { t: string; ref?: string; id: string }[] {
  return segmentFiles().flatMap((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    expect(text === '' || text.endsWith('\n'), `${file} ends mid-line`).toBe(true);
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { t: string; ref?: string; id: string });
  });
}

async function rejection(promise: Promise<unknown>): Promise<JournalWriteError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JournalWriteError);
  return error as JournalWriteError;
}

describe('FileJournal on a failing disk', () => {
  it('a write cut short by a full disk rejects with DISK_FULL, leaves only complete lines, and resumes cleanly once space is freed', async () => {
    const disk = new FaultyDisk();
    const journal = await FileJournal.open(dir, { fs: disk.fs });
    await journal.recordIntent(intent('DF0001'));
    disk.freeBytes = 37;
    const error = await rejection(journal.recordIntent(intent('DF0002')));
    expect(error.fault).toBe('DISK_FULL');
    expect(error.message).toBe('spin-desk cannot record payments: the disk holding its data is full (ENOSPC).');
    expect(disk.injected).toContain('short write 37/' + String(disk.injected[0]?.split('/')[1]));
    expect(journal.health()).toMatchObject({ state: 'failing', error: { fault: 'DISK_FULL' } });
    expect(linesOnDisk().map((l) => l.ref)).toEqual(['DF0001']);
    // Still full: refused again, nothing glued.
    await rejection(journal.recordIntent(intent('DF0003')));
    await rejection(journal.ensureWritable());

    disk.freeBytes = undefined;
    await journal.ensureWritable();
    expect(journal.health()).toEqual({ state: 'ok', unsaved: 0 });
    await journal.recordIntent(intent('DF0004'));
    await journal.close();
    expect(linesOnDisk().map((l) => l.ref)).toEqual(['DF0001', 'DF0004']);
    const reopened = await FileJournal.open(dir);
    expect(reopened.warnings()).toEqual([]);
    expect(reopened.pending().map((e) => e.intent.ref)).toEqual(['DF0001', 'DF0004']);
    await reopened.close();
  });

  it('an fdatasync that fails with EIO rejects with DISK_FAILED and the unsynced line is cut off', async () => {
    const disk = new FaultyDisk();
    const journal = await FileJournal.open(dir, { fs: disk.fs });
    disk.failSyncs = 1;
    expect((await rejection(journal.recordIntent(intent('EIO001')))).fault).toBe('DISK_FAILED');
    expect(linesOnDisk()).toEqual([]);
    await journal.recordIntent(intent('EIO002'));
    await journal.close();
    expect(linesOnDisk().map((l) => l.ref)).toEqual(['EIO002']);
  });

  it('when cutting the torn tail fails too, the tail stays marked and is cut before the next append', async () => {
    const disk = new FaultyDisk();
    const journal = await FileJournal.open(dir, { fs: disk.fs });
    await journal.recordIntent(intent('TT0001'));
    disk.eioAfterBytes = 25;
    disk.failTruncates = 1;
    await rejection(journal.recordIntent(intent('TT0002')));
    // The fragment is on disk right now...
    const file = join(dir, segmentFiles()[0] as string);
    expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(false);
    // ...and is cut off before the next line goes on.
    await journal.recordIntent(intent('TT0003'));
    await journal.close();
    expect(linesOnDisk().map((l) => l.ref)).toEqual(['TT0001', 'TT0003']);
    expect(disk.injected).toEqual(['write EIO after 25', 'truncate EIO']);
  });

  it('keeps an outcome the disk refuses in memory, shows it, refuses new lines before it, and writes it once space is back', async () => {
    const disk = new FaultyDisk();
    const journal = await FileJournal.open(dir, { fs: disk.fs });
    const entry = await journal.recordIntent(intent('UO0001'));
    disk.freeBytes = 0;
    const done = await journal.recordOutcome(entry.intent.id, approved);
    expect(done).toMatchObject({ unsaved: true, outcome: { result: 'approved' } });
    expect(journal.get(entry.intent.id)?.outcome?.result).toBe('approved');
    expect(journal.pending()).toEqual([]);
    expect(journal.unsavedOn(TPN).map((e) => e.intent.ref)).toEqual(['UO0001']);
    expect(journal.unsavedOn('FLT0000002')).toEqual([]);
    expect(journal.health()).toMatchObject({ state: 'failing', unsaved: 1 });
    await rejection(journal.recordIntent(intent('UO0002')));

    // Space comes back: the background retry writes the outcome without being asked.
    disk.freeBytes = undefined;
    await vi.waitFor(() => expect(journal.health()).toEqual({ state: 'ok', unsaved: 0 }), { timeout: 5000, interval: 50 });
    expect(journal.get(entry.intent.id)?.unsaved).toBeUndefined();
    await journal.recordIntent(intent('UO0003'));
    await journal.close();
    expect(linesOnDisk().map((l) => [l.t, l.ref ?? ''])).toEqual([
      ['intent', 'UO0001'],
      ['outcome', ''],
      ['intent', 'UO0003'],
    ]);
    const reopened = await FileJournal.open(dir);
    expect((await allEntries(reopened)).map((e) => [e.intent.ref, e.outcome?.result])).toEqual([
      ['UO0003', undefined],
      ['UO0001', 'approved'],
    ]);
    await reopened.close();
  });

  it(`${RUNS} random runs: whatever fails where, disk holds exactly the lines whose record*() resolved, all complete`, async () => {
    type Step =
      | { kind: 'intent' }
      | { kind: 'outcome' }
      | { kind: 'full'; bytes: number }
      | { kind: 'eio-write'; after: number }
      | { kind: 'eio-sync' }
      | { kind: 'free' };
    const step: fc.Arbitrary<Step> = fc.oneof(
      { weight: 4, arbitrary: fc.constant({ kind: 'intent' as const }) },
      { weight: 3, arbitrary: fc.constant({ kind: 'outcome' as const }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 900 }).map((bytes) => ({ kind: 'full' as const, bytes })) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 400 }).map((after) => ({ kind: 'eio-write' as const, after })) },
      { weight: 1, arbitrary: fc.constant({ kind: 'eio-sync' as const }) },
      { weight: 2, arbitrary: fc.constant({ kind: 'free' as const }) },
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), fc.integer({ min: 2, max: 6 }), async (steps, maxSegmentLines) => {
        const runDir = join(dir, `run-${run++}`);
        const disk = new FaultyDisk();
        const journal = await FileJournal.open(runDir, { fs: disk.fs, maxSegmentLines });
        const durable: string[] = [];
        const outcomes = new Map<string, string>();
        const open: { id: string; ref: string }[] = [];
        for (const [i, s] of steps.entries()) {
          if (s.kind === 'full') disk.freeBytes = s.bytes;
          else if (s.kind === 'eio-write') disk.eioAfterBytes = s.after;
          else if (s.kind === 'eio-sync') disk.failSyncs = 1;
          else if (s.kind === 'free') {
            disk.freeBytes = undefined;
            await journal.ensureWritable().catch(() => undefined);
          } else if (s.kind === 'intent') {
            const ref = `PR${i}`;
            const entry = await journal.recordIntent(intent(ref)).catch(() => undefined);
            if (entry) {
              durable.push(ref);
              open.push({ id: entry.intent.id, ref });
            }
          } else {
            const target = open.shift();
            if (target) {
              const done = await journal.recordOutcome(target.id, approved);
              outcomes.set(target.ref, done.unsaved ? 'unsaved' : 'saved');
            }
          }
        }
        disk.freeBytes = undefined;
        disk.eioAfterBytes = undefined;
        disk.failSyncs = 0;
        await journal.ensureWritable();
        await journal.close();
        const reopened = await FileJournal.open(runDir);
        expect(reopened.warnings()).toEqual([]);
        const history = await allEntries(reopened);
        expect(history.map((e) => e.intent.ref).sort()).toEqual([...durable].sort());
        for (const [ref] of outcomes) expect(history.find((e) => e.intent.ref === ref)?.outcome?.result, ref).toBe('approved');
        expect(
          reopened
            .pending()
            .map((e) => e.intent.ref)
            .sort(),
        ).toEqual(durable.filter((ref) => !outcomes.has(ref)).sort());
        await reopened.close();
      }),
      { numRuns: RUNS, seed: 20_261_123 },
    );
  }, 120_000);
});

describe('FileJournal checkpoint and order', () => {
  async function sealedJournal(): Promise<string[]> {
    // Two lines per segment: the intents of P1 and P2 end up in sealed segments.
    const journal = await FileJournal.open(dir, { maxSegmentLines: 2 });
    const refs = ['CP0001', 'CP0002', 'CP0003', 'CP0004', 'CP0005'];
    for (const ref of refs) await journal.recordIntent(intent(ref));
    await journal.close();
    return refs;
  }

  it('ignores a checkpoint that points past the real segments, warns, and still finds every pending entry', async () => {
    const refs = await sealedJournal();
    const checkpoint = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'checkpoint.json'), JSON.stringify({ ...checkpoint, sealedThrough: 9, pending: [] }));
    const reopened = await FileJournal.open(dir, { maxSegmentLines: 2 });
    expect(reopened.warnings()).toEqual([expect.objectContaining({ kind: 'checkpoint', message: expect.stringContaining('number 9') })]);
    expect(reopened.pending().map((e) => e.intent.ref)).toEqual(refs);
    await reopened.close();
  });

  it('warns when the checkpoint of a journal with sealed segments is gone, and reads everything', async () => {
    const refs = await sealedJournal();
    unlinkSync(join(dir, 'checkpoint.json'));
    const reopened = await FileJournal.open(dir, { maxSegmentLines: 2 });
    expect(reopened.warnings()).toEqual([expect.objectContaining({ kind: 'checkpoint', message: expect.stringContaining('missing') })]);
    expect(reopened.pending().map((e) => e.intent.ref)).toEqual(refs);
    await reopened.close();
  });

  it('does not trust a checkpoint whose sealed segment grew afterwards (a second writer): the late intent is found', async () => {
    await sealedJournal();
    const checkpoint = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as {
      sealedThrough: number;
      pending: { t: string; ref?: string }[];
    };
    const sealed = segmentFiles()[checkpoint.sealedThrough - 1] as string;
    const late = {
      t: 'intent',
      id: 'late-intent-1',
      at: new Date().toISOString(),
      op: 'Sale',
      ref: 'LATE01',
      tpn: TPN,
      profileId: 'p1',
      amountCents: 500,
      tipCents: 0,
      deadlineAt: new Date().toISOString(),
    };
    appendFileSync(join(dir, sealed), `${JSON.stringify(late)}\n`);
    const reopened = await FileJournal.open(dir, { maxSegmentLines: 2 });
    expect(reopened.warnings()).toEqual([expect.objectContaining({ kind: 'checkpoint', message: expect.stringContaining(sealed) })]);
    expect(reopened.pending().map((e) => e.intent.ref)).toContain('LATE01');
    await reopened.close();
  });

  it('orders entries written in the same millisecond by their place in the journal', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T10:00:00.000Z') });
    const journal = await FileJournal.open(dir, { maxSegmentLines: 3 });
    const refs = ['MS0001', 'MS0002', 'MS0003', 'MS0004', 'MS0005'];
    for (const ref of refs) await journal.recordIntent(intent(ref));
    expect((await allEntries(journal)).map((e) => e.intent.ref)).toEqual([...refs].reverse());
    await journal.close();
    const reopened = await FileJournal.open(dir, { maxSegmentLines: 3 });
    expect(reopened.pending().map((e) => e.intent.ref)).toEqual(refs);
    expect((await allEntries(reopened)).map((e) => e.intent.ref)).toEqual([...refs].reverse());
    await reopened.close();
  });

  it('read-only: history is readable, every write is refused with the reason', async () => {
    const refs = await sealedJournal();
    const reason = new JournalWriteError('READ_ONLY', 'EROFS');
    const journal = await FileJournal.open(dir, { readOnly: reason, maxSegmentLines: 2 });
    expect((await allEntries(journal)).map((e) => e.intent.ref)).toEqual([...refs].reverse());
    expect(journal.health()).toMatchObject({ state: 'read-only', error: { fault: 'READ_ONLY' } });
    expect((await rejection(journal.recordIntent(intent('RO0001')))).fault).toBe('READ_ONLY');
    await rejection(journal.ensureWritable());
    await journal.close();
  });
});
