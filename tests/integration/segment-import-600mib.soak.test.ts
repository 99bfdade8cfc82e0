import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openInMemory, type OpenedDatabase } from '../../electron/services/journal/journal-database';
import { encodeLine } from '../../electron/services/journal/line-codec';
import { importSegments } from '../../electron/services/journal/segment-import';
import { SqliteJournal } from '../../electron/services/journal/sqlite-journal';
import { segmentIntent, segmentOutcome } from '../support/segment-lines';

// Soak only: a real segment over 512 MiB (V8's longest string), which the import read as one string
// and lost with every valid line in it. A sparse file costs no disk, but reading its hole fills
// 600 MiB of page cache (3 s here), too much for npm test; segment-import.test.ts reads small files
// through a small buffer instead.

let dir: string;
let opened: OpenedDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'segment-600mib-'));
  opened = openInMemory();
});
afterEach(() => {
  closeDatabase(opened);
  rmSync(dir, { recursive: true, force: true });
});

describe('importing an old segment over 512 MiB', () => {
  it('reads a segment of any size line by line: one over 512 MiB keeps its valid lines (the whole file as one string was refused)', async () => {
    const first = segmentIntent(1);
    const second = segmentIntent(2);
    const file = join(dir, 'seg-000001-20261120.jsonl');
    writeFileSync(file, encodeLine(first) + encodeLine(segmentOutcome(first, 'approved', '2026-11-20T10:00:02Z')) + encodeLine(second));
    // 600 MiB, the rest a hole of zero bytes with no newline (sparse: costs no disk), as a disk that
    // failed mid-write leaves it. Larger than the longest string V8 makes (512 MiB).
    truncateSync(file, 600 * 1024 * 1024);

    expect(importSegments(opened.db, dir)).toMatchObject({ segments: 1, lines: 3, entries: 2 });
    expect(
      (await new SqliteJournal(opened).page({}, 0, 50)).items.map((entry) => [entry.intent.ref, entry.outcome?.result ?? 'pending']),
    ).toEqual([
      ['BIG0002', 'pending'],
      ['BIG0001', 'approved'],
    ]);
    expect(new SqliteJournal(opened).warnings()).toEqual([
      expect.objectContaining({
        kind: 'torn-tail',
        message: expect.stringMatching(/^The last line of seg-000001-20261120\.jsonl was incomplete/),
      }),
    ]);
  });
});
