import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openInMemory, type OpenedDatabase } from './journal-database';
import { encodeLine } from './line-codec';
import type { OutcomeLine } from './records';
import { importSegments } from './segment-import';
import { SqliteJournal } from './sqlite-journal';
import { segmentIntent, segmentOutcome } from '../../../tests/support/segment-lines';

// The one-time import of an old segment journal at its edges: a segment read a chunk at a time, a
// file named like a segment that is not a file, and two outcomes for one payment that disagree about
// money. The segment over 512 MiB itself is read in the soak (tests/integration/segment-import-600mib.soak.test.ts):
// filling the page cache with its 600 MiB took 3 s here.

let dir: string;
let opened: OpenedDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'segment-import-'));
  opened = openInMemory();
});
afterEach(() => {
  closeDatabase(opened);
  rmSync(dir, { recursive: true, force: true });
});

const intent = segmentIntent;
const outcome = segmentOutcome;

const journal = () => new SqliteJournal(opened);
const refsIn = async () => (await journal().page({}, 0, 50)).items.map((entry) => [entry.intent.ref, entry.outcome?.result ?? 'pending']);

/** A segment of one sale answered twice (`first`, then `then` a second later), imported; the sale. */
function importSaleAnsweredTwice(first: OutcomeLine['result'], then: OutcomeLine['result']) {
  const sale = intent(1);
  writeFileSync(
    join(dir, 'seg-000001-20261120.jsonl'),
    encodeLine(sale) + encodeLine(outcome(sale, first, '2026-11-20T10:00:02Z')) + encodeLine(outcome(sale, then, '2026-11-20T10:00:03Z')),
  );
  importSegments(opened.db, dir);
  return sale;
}

describe('importing old segments', () => {
  it('a line longer than any journal line is a corrupt line, skipped without holding it, and the lines around it are imported', async () => {
    const first = intent(1);
    const second = intent(2);
    writeFileSync(join(dir, 'seg-000001-20261120.jsonl'), `${encodeLine(first)}${'x'.repeat(5000)}\n${encodeLine(second)}`);
    importSegments(opened.db, dir, { maxLineBytes: 1000, chunkBytes: 64 });
    expect(await refsIn()).toEqual([
      ['BIG0002', 'pending'],
      ['BIG0001', 'pending'],
    ]);
    expect(journal().warnings()).toEqual([
      expect.objectContaining({
        kind: 'corrupt-line',
        line: 2,
        message: 'Line 2 of seg-000001-20261120.jsonl is longer than 1000 bytes, so it is not a journal line; it was not imported.',
      }),
    ]);
  });

  it('skips a FIFO or a folder named like a segment with a warning, instead of waiting for a writer forever', async () => {
    const first = intent(1);
    writeFileSync(join(dir, 'seg-000001-20261120.jsonl'), encodeLine(first));
    execFileSync('mkfifo', [join(dir, 'seg-000002-20261120.jsonl')]);
    mkdirSync(join(dir, 'seg-000003-20261120.jsonl'));

    expect(importSegments(opened.db, dir)).toMatchObject({ lines: 1, entries: 1 });
    expect(await refsIn()).toEqual([['BIG0001', 'pending']]);
    expect(journal().warnings()).toEqual([
      expect.objectContaining({
        kind: 'corrupt-line',
        file: 'seg-000002-20261120.jsonl',
        message: 'seg-000002-20261120.jsonl is not a regular file (a FIFO); it was skipped.',
      }),
      expect.objectContaining({
        kind: 'corrupt-line',
        file: 'seg-000003-20261120.jsonl',
        message: 'seg-000003-20261120.jsonl is not a regular file (a folder); it was skipped.',
      }),
    ]);
  });

  it('a later not-processed line never overrides an approval of the same payment: money moved, and History says so', async () => {
    const sale = importSaleAnsweredTwice('approved', 'not-processed');
    expect(await refsIn()).toEqual([['BIG0001', 'approved']]);
    expect((await journal().page({ state: 'approved' }, 0, 5)).total).toBe(1);
    expect(journal().warnings()).toEqual([
      expect.objectContaining({
        kind: 'duplicate-outcome',
        line: 3,
        message: `Entry ${sale.id} was approved, then a later line said not-processed; the approval is kept (money moved).`,
      }),
    ]);
  });

  it('a later outcome that agrees money moved still replaces the earlier one, as before', async () => {
    const sale = importSaleAnsweredTwice('declined', 'approved');
    expect(await refsIn()).toEqual([['BIG0001', 'approved']]);
    expect(journal().warnings()).toEqual([
      expect.objectContaining({
        kind: 'duplicate-outcome',
        message: `Entry ${sale.id} had outcome declined, then another; the later one is kept.`,
      }),
    ]);
  });
});

describe("an import warning's Said, kept in meta beside its row", () => {
  const addRow = (message: string) =>
    Number(
      opened.db.prepare("INSERT INTO warnings (kind, file, line, message) VALUES ('corrupt-line', 'seg-1.jsonl', 1, ?)").run(message)
        .lastInsertRowid,
    );
  const addSaid = (rowid: number, json: string) =>
    opened.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(`warning-said:${rowid}`, json);

  it('is read back with its row; a row an older build stored without one, or with one this build cannot word, keeps only its English', () => {
    const sale = importSaleAnsweredTwice('approved', 'declined');
    addRow('Line 1 of seg-1.jsonl is not valid JSON; it was not imported.');
    addSaid(addRow('A note a later version wrote.'), JSON.stringify({ key: 'said_seg_from_the_future', params: {} }));
    addSaid(addRow('A note whose Said was damaged.'), '{"key":');
    expect(journal().warnings()).toEqual([
      {
        kind: 'duplicate-outcome',
        file: 'seg-000001-20261120.jsonl',
        line: 3,
        message: `Entry ${sale.id} was approved, then a later line said declined; the approval is kept (money moved).`,
        said: { key: 'said_seg_approval_kept', params: { id: sale.id, before: 'approved', later: 'declined' } },
      },
      { kind: 'corrupt-line', file: 'seg-1.jsonl', line: 1, message: 'Line 1 of seg-1.jsonl is not valid JSON; it was not imported.' },
      { kind: 'corrupt-line', file: 'seg-1.jsonl', line: 1, message: 'A note a later version wrote.' },
      { kind: 'corrupt-line', file: 'seg-1.jsonl', line: 1, message: 'A note whose Said was damaged.' },
    ]);
  });
});
