import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileJournal } from './file-journal';
import type { NewIntent } from './records';
import type { JournalFs } from './segments';
import { allEntries } from '../../../tests/support/journal-entries';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const intent = (ref: string, amountCents = 1000): NewIntent => ({
  op: 'Sale',
  ref,
  tpn: 'FLT0000001',
  profileId: 'p1',
  paymentType: 'Credit',
  amountCents,
  tipCents: 0,
  deadlineMs: Date.now() + 5000,
});
const approved = {
  result: 'approved' as const,
  statusCode: '0000',
  message: 'Approved',
  approvedCents: 1000,
  card: { brand: 'Visa', first4: '4761', last4: '0119' },
};

function segments(): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
}

describe('FileJournal', () => {
  it('keeps intents and outcomes across a reopen; pending are those without an outcome', async () => {
    const journal = await FileJournal.open(dir);
    const a = await journal.recordIntent(intent('FJ0001'));
    await journal.recordIntent(intent('FJ0002'));
    await journal.recordOutcome(a.intent.id, approved);
    await journal.close();

    const reopened = await FileJournal.open(dir);
    expect(reopened.pending().map((e) => e.intent.ref)).toEqual(['FJ0002']);
    const history = await allEntries(reopened);
    expect(history.map((e) => [e.intent.ref, e.outcome?.result])).toEqual([
      ['FJ0002', undefined],
      ['FJ0001', 'approved'],
    ]);
    expect(reopened.warnings()).toEqual([]);
    await reopened.close();
  });

  it('tolerates a torn last line: reports it, cuts it off, and appends cleanly after it', async () => {
    const journal = await FileJournal.open(dir);
    const a = await journal.recordIntent(intent('FJ0003'));
    await journal.close();
    // A crash while the outcome line was being written: half a line, no newline.
    const file = join(dir, segments()[0]!);
    appendFileSync(file, `{"t":"outcome","id":"${a.intent.id}","at":"2026-01-0`);

    const reopened = await FileJournal.open(dir);
    expect(reopened.warnings()).toEqual([expect.objectContaining({ kind: 'torn-tail', file: segments()[0] })]);
    expect(reopened.pending().map((e) => e.intent.ref)).toEqual(['FJ0003']);
    await reopened.recordOutcome(a.intent.id, approved);
    await reopened.close();
    expect(
      readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).t),
    ).toEqual(['intent', 'outcome']);
    const third = await FileJournal.open(dir);
    expect(third.warnings()).toEqual([]);
    expect(third.pending()).toEqual([]);
    await third.close();
  });

  it('reports a corrupt line in the middle with its line number, skips it and reads on', async () => {
    const journal = await FileJournal.open(dir);
    await journal.recordIntent(intent('FJ0004'));
    await journal.close();
    const file = join(dir, segments()[0]!);
    appendFileSync(
      file,
      '{"t":"intent","id":"x","at":"2026-01-01T00:00:00Z","op":"Sale","ref":"FJ0005","tpn":"FLT0000001","profileId":"p1","amountCents":"12","tipCents":0,"deadlineAt":"2026-01-01T00:00:00Z"}\n',
    );
    appendFileSync(file, 'garbage\u0000\u0000\n');
    const again = await FileJournal.open(dir);
    await again.recordIntent(intent('FJ0006'));
    expect(again.warnings()).toEqual([
      expect.objectContaining({
        kind: 'corrupt-line',
        line: 2,
        message: expect.stringMatching(/amountCents must be a whole number of cents/),
      }),
      expect.objectContaining({ kind: 'corrupt-line', line: 3, message: expect.stringMatching(/not valid JSON/) }),
    ]);
    expect(again.pending().map((e) => e.intent.ref)).toEqual(['FJ0004', 'FJ0006']);
    await again.close();
  });

  it('reports an outcome without an intent and ignores it', async () => {
    writeFileSync(
      join(dir, 'seg-000001-20260101.jsonl'),
      '{"t":"outcome","id":"ghost","at":"2026-01-01T00:00:00Z","result":"approved","statusCode":"0000","message":"Approved"}\n',
    );
    const journal = await FileJournal.open(dir);
    expect(await allEntries(journal)).toEqual([]);
    expect(journal.warnings()).toEqual([expect.objectContaining({ kind: 'orphan-outcome', message: expect.stringMatching(/ghost/) })]);
    await journal.close();
  });

  it('fsyncs each line before record*() resolves, in call order', async () => {
    const calls: string[] = [];
    const watched: JournalFs = {
      ...fsp,
      open: (async (...args: Parameters<typeof fsp.open>) => {
        const handle = await fsp.open(...args);
        const write = handle.write.bind(handle) as (text: string) => Promise<unknown>;
        const datasync = handle.datasync.bind(handle);
        return Object.assign(handle, {
          write: async (text: string) => {
            calls.push(`write ${JSON.parse(text).t}`);
            return write(text);
          },
          datasync: async () => {
            calls.push('datasync');
            return datasync();
          },
        });
      }) as typeof fsp.open,
    };
    const journal = await FileJournal.open(dir, { fs: watched });
    const a = await journal.recordIntent(intent('FJ0007'));
    calls.push('intent resolved');
    await journal.recordOutcome(a.intent.id, approved);
    calls.push('outcome resolved');
    await journal.close();
    expect(calls).toEqual(['write intent', 'datasync', 'intent resolved', 'write outcome', 'datasync', 'outcome resolved']);
  });

  it('rotates segments with a checkpoint; start-up reads only what follows it, history reads the rest', async () => {
    const journal = await FileJournal.open(dir, { maxSegmentLines: 4 });
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push((await journal.recordIntent(intent(`FJ1${i}`))).intent.id);
    for (const [i, id] of ids.entries()) if (i % 3 !== 0) await journal.recordOutcome(id, approved);
    await journal.close();
    expect(segments().length).toBeGreaterThan(3);

    const reads: string[] = [];
    const watched: JournalFs = {
      ...fsp,
      open: ((path: string, ...rest: unknown[]) => {
        if (rest[0] === 'r') reads.push(String(path).split('/').pop() as string);
        return (fsp.open as (...a: unknown[]) => Promise<unknown>)(path, ...rest);
      }) as typeof fsp.open,
    };
    const reopened = await FileJournal.open(dir, { fs: watched, maxSegmentLines: 4 });
    const atStart = reads.filter((f) => f.endsWith('.jsonl')).length;
    expect(reopened.pending().map((e) => e.intent.ref)).toEqual(['FJ10', 'FJ13', 'FJ16', 'FJ19']);
    expect(atStart).toBeLessThan(segments().length);
    expect((await allEntries(reopened)).length).toBe(10);
    expect(reopened.warnings()).toEqual([]);
    await reopened.close();
  });

  it('reads everything when the checkpoint is damaged, and says so', async () => {
    const journal = await FileJournal.open(dir, { maxSegmentLines: 2 });
    for (let i = 0; i < 5; i += 1) await journal.recordIntent(intent(`FJ2${i}`));
    await journal.close();
    writeFileSync(join(dir, 'checkpoint.json'), '{"format":"spin-desk-journal-checkpoint","sealedThrough":');
    const reopened = await FileJournal.open(dir, { maxSegmentLines: 2 });
    expect(reopened.pending()).toHaveLength(5);
    expect(reopened.warnings()).toEqual([expect.objectContaining({ kind: 'checkpoint' })]);
    await reopened.close();
  });

  it('reports a sealed segment that cannot be read as the history load failing, as before, and still takes payments', async () => {
    const journal = await FileJournal.open(dir, { maxSegmentLines: 2 });
    for (let i = 0; i < 7; i += 1) await journal.recordIntent(intent(`FJ3${i}`));
    await journal.close();
    // An early sealed segment that is a folder now: opening it works, reading it fails (EISDIR).
    const [first] = segments();
    rmSync(join(dir, first as string));
    mkdirSync(join(dir, first as string));
    const reopened = await FileJournal.open(dir, { maxSegmentLines: 2 });
    try {
      await expect(reopened.page({}, 0, 10)).rejects.toMatchObject({ code: 'EISDIR' });
      await expect(reopened.recordIntent(intent('FJ3-after'))).resolves.toMatchObject({ intent: { ref: 'FJ3-after' } });
    } finally {
      await reopened.close();
    }
  });
});
