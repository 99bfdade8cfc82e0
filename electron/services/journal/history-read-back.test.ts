import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileJournal } from './file-journal';
import type { JournalEntry, NewIntent, NewOutcome } from './records';
import { allEntries } from '../../../tests/support/journal-entries';

// Settled history is not held in memory: the index keeps a row per entry and reads the intent and
// outcome lines back from the segments by byte range. These check that what comes back is exactly
// what was recorded, wherever the lines sit.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-read-back-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const intent = (ref: string, amountCents: number): NewIntent => ({
  op: 'Sale',
  ref,
  tpn: 'FLT0000001',
  profileId: 'profile-fake-1',
  paymentType: 'Credit',
  amountCents,
  tipCents: 0,
  deadlineMs: Date.now() + 5000,
});

// Text outside ASCII, so a line's byte offsets differ from its character offsets.
const outcome = (approvedCents: number, last4: string): NewOutcome => ({
  result: 'approved',
  statusCode: '0000',
  message: 'Genehmigt – Karte geprüft ✓',
  approvedCents,
  card: { brand: 'Visa', first4: '4761', last4 },
});

/** What a rebuilt entry must equal: the entry as the journal held it when it was recorded. */
const essence = (entry: JournalEntry) => ({
  intent: entry.intent,
  outcome: entry.outcome,
  attempts: entry.attempts,
  unknownReason: entry.unknownReason,
  createdMs: entry.createdMs,
});

describe('history read back from the segments', () => {
  it('pages, streams and looks up entries whose outcome sits segments after the intent, past a corrupt line', async () => {
    const recorded = new Map<string, JournalEntry>();
    let journal = await FileJournal.open(dir, { maxSegmentLines: 4 });
    const late = await journal.recordIntent(intent('LATE-1', 4200));
    await journal.recordAttempt(late.intent.id, 2, Date.now() + 9000, 'busy');
    await journal.recordUnknown(late.intent.id, 'the answer was lost');
    for (let i = 0; i < 3; i += 1) {
      const entry = await journal.recordIntent(intent(`EARLY-${i}`, 100 + i));
      recorded.set(entry.intent.id, structuredClone(await journal.recordOutcome(entry.intent.id, outcome(100 + i, `000${i}`))));
    }
    await journal.close();
    // A line damaged from outside, between the intent and its outcome.
    const active = readdirSync(dir)
      .filter((file) => file.endsWith('.jsonl'))
      .sort()
      .at(-1) as string;
    appendFileSync(join(dir, active), '{"t":"outcome","id":\n');

    journal = await FileJournal.open(dir, { maxSegmentLines: 4 });
    for (let i = 0; i < 6; i += 1) {
      const entry = await journal.recordIntent(intent(`MID-${i}`, 200 + i));
      recorded.set(entry.intent.id, structuredClone(await journal.recordOutcome(entry.intent.id, outcome(200 + i, `100${i}`))));
    }
    recorded.set(late.intent.id, structuredClone(await journal.recordOutcome(late.intent.id, outcome(4200, '4242'))));
    const pending = await journal.recordIntent(intent('STILL-OPEN', 999));
    recorded.set(pending.intent.id, structuredClone(pending));
    await journal.close();

    const lines = (file: string) => readFileSync(join(dir, file), 'utf8').split('\n');
    const segmentOf = (needle: string) =>
      readdirSync(dir).filter((file) => file.endsWith('.jsonl') && lines(file).some((l) => l.includes(needle)));
    const [intentSegment, outcomeSegment] = segmentOf(`"id":"${late.intent.id}"`).sort();
    expect(intentSegment).not.toEqual(outcomeSegment);

    const reopened = await FileJournal.open(dir, { maxSegmentLines: 4 });
    try {
      const streamed = await allEntries(reopened);
      expect(streamed).toHaveLength(recorded.size);
      for (const entry of streamed) expect(essence(entry)).toEqual(essence(recorded.get(entry.intent.id) as JournalEntry));
      const lateBack = streamed.find((entry) => entry.intent.id === late.intent.id) as JournalEntry;
      expect(lateBack).toMatchObject({
        attempts: 2,
        unknownReason: 'the answer was lost',
        outcome: { result: 'approved', approvedCents: 4200 },
      });

      // Settled history is not held in memory; the pending entry is.
      expect(reopened.get(late.intent.id)).toBeUndefined();
      expect(reopened.get(pending.intent.id)?.intent.ref).toBe('STILL-OPEN');

      const oldestFirst: string[] = [];
      for await (const entry of reopened.entries('oldest')) oldestFirst.push(entry.intent.ref);
      expect(oldestFirst).toEqual(streamed.map((entry) => entry.intent.ref).reverse());

      const page = await reopened.page({ last4: '4242' }, 0, 10);
      expect(page).toMatchObject({ total: 1, nextOffset: null });
      expect(page.items.map(essence)).toEqual([essence(recorded.get(late.intent.id) as JournalEntry)]);
      const second = await reopened.page({ referenceId: 'mid-' }, 2, 2);
      expect(second.items.map((entry) => entry.intent.ref)).toEqual(['MID-3', 'MID-2']);
      expect(second).toMatchObject({ total: 6, nextOffset: 4 });
      expect((await reopened.page({ amountCents: 4200, state: 'approved' }, 0, 5)).items.map((e) => e.intent.ref)).toEqual(['LATE-1']);

      expect(essence((await reopened.newestWithReference('late-1')) as JournalEntry)).toEqual(
        essence(recorded.get(late.intent.id) as JournalEntry),
      );
      expect(await reopened.newestWithReference('NEVER-USED')).toBeUndefined();
      expect((await reopened.usesOf('FLT0000001', 'late-1')).map((e) => e.outcome?.result)).toEqual(['approved']);
      expect(reopened.warnings()).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'corrupt-line', file: active })]));

      // Changing a settled entry reads it back first; it is held from then on.
      await reopened.recordAttempt(late.intent.id, 3, Date.now() + 9000, 'checked again');
      expect(reopened.get(late.intent.id)).toMatchObject({ attempts: 3, outcome: { approvedCents: 4200 } });
    } finally {
      await reopened.close();
    }
  });

  it('reads a segment larger than one read, lines across every read boundary and one longer than a read, to the exact byte', async () => {
    const recorded = new Map<string, JournalEntry>();
    let journal = await FileJournal.open(dir, { durable: false });
    // About 1 MB in one segment: the reader takes it a chunk at a time and lines straddle the chunks.
    for (let i = 0; i < 1_600; i += 1) {
      const entry = await journal.recordIntent(intent(`BIG-${i}`, 300 + i));
      recorded.set(entry.intent.id, structuredClone(await journal.recordOutcome(entry.intent.id, outcome(300 + i, String(i % 10_000)))));
      if (i === 800) {
        const long = await journal.recordIntent({ ...intent('LONG-1', 77), profileId: `profile-${'x'.repeat(600_000)}` });
        recorded.set(long.intent.id, structuredClone(await journal.recordOutcome(long.intent.id, outcome(77, '7777'))));
      }
    }
    await journal.close();
    const [segment] = readdirSync(dir).filter((file) => file.endsWith('.jsonl'));
    appendFileSync(join(dir, segment as string), '{"t":"intent","id":"torn');

    journal = await FileJournal.open(dir, { durable: false });
    try {
      expect(journal.warnings()).toEqual([expect.objectContaining({ kind: 'torn-tail', file: segment })]);
      const streamed = await allEntries(journal);
      expect(streamed).toHaveLength(recorded.size);
      for (const entry of streamed) expect(essence(entry)).toEqual(essence(recorded.get(entry.intent.id) as JournalEntry));
      expect(journal.get(streamed[0]?.intent.id as string)).toBeUndefined();
    } finally {
      await journal.close();
    }
  });

  it('loads history in a worker thread to exactly what loading it in this thread gives', async () => {
    const journal = await FileJournal.open(dir, { maxSegmentLines: 4 });
    const late: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const entry = await journal.recordIntent(intent(`W-${i}`, 500 + i));
      if (i % 5 === 1) late.push(entry.intent.id);
      else if (i % 7 !== 3) await journal.recordOutcome(entry.intent.id, outcome(500 + i, String(1000 + i)));
      if (i % 7 === 3) await journal.recordAttempt(entry.intent.id, 2, Date.now() + 9000, 'busy');
      // Outcomes that land segments after their intent, some in history, the last ones after the checkpoint.
      if (late.length > 2) await journal.recordOutcome(late.shift() as string, outcome(9, '0009'));
    }
    await journal.close();
    // Lines written by hand into an early sealed segment: an id that is no UUID, a corrupt line, an orphan outcome.
    const [first] = readdirSync(dir)
      .filter((file) => file.endsWith('.jsonl'))
      .sort();
    const handWritten = { t: 'intent', id: 'by-hand-1', at: '2026-01-02T10:00:00.000Z', ...intent('HAND-1', 77) } as Record<
      string,
      unknown
    >;
    delete handWritten.deadlineMs;
    handWritten.deadlineAt = '2026-01-02T10:02:00.000Z';
    appendFileSync(join(dir, first as string), `${JSON.stringify(handWritten)}\n{"t":"outcome",\n`);
    appendFileSync(
      join(dir, first as string),
      `${JSON.stringify({ t: 'outcome', id: 'nobody', at: '2026-01-02T10:00:00.000Z', ...outcome(1, '0001') })}\n`,
    );

    const loaded = async (inThread: boolean) => {
      // A journal opened on a file system of its own reads history in this thread, through it.
      const reopened = await FileJournal.open(dir, { maxSegmentLines: 4, ...(inThread ? { fs: { ...fsp } } : {}) });
      try {
        const streamed = (await allEntries(reopened)).map((entry) => ({ ...essence(entry), position: entry.position }));
        const found = await reopened.page({ last4: '0009' }, 0, 50);
        return {
          streamed,
          pending: reopened.pending().map((entry) => entry.intent.ref),
          warnings: reopened.warnings(),
          found: found.items.map((entry) => entry.intent.ref),
          uses: (await reopened.usesOf('FLT0000001', 'hand-1')).map(essence),
        };
      } finally {
        await reopened.close();
      }
    };
    const inWorker = await loaded(false);
    expect(inWorker.streamed).toHaveLength(31);
    expect(inWorker.pending).toEqual(['HAND-1', 'W-3', 'W-10', 'W-17', 'W-21', 'W-24', 'W-26']);
    expect(inWorker.warnings.map((warning) => warning.kind).sort()).toEqual(['corrupt-line', 'orphan-outcome']);
    expect(inWorker.found).toEqual(['W-16', 'W-11', 'W-6', 'W-1']);
    expect(inWorker.uses).toHaveLength(1);
    expect(inWorker).toEqual(await loaded(true));
  });
});
