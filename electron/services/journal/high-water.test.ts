// The high-water record's file on a real folder: the mark follows each intent, a torn slot leaves
// the other, and a database holding fewer entries than the mark is a loss, recorded once.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HIGH_WATER_FILE, HighWater, readHighWater } from './high-water';
import { openJournal } from './open-journal';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const intent = (ref: string) => ({
  op: 'Sale' as const,
  ref,
  tpn: 'FAKETPN0001',
  profileId: 'p1',
  amountCents: 500,
  tipCents: 0,
  deadlineMs: Date.now(),
});

function markOnDisk(): ReturnType<typeof readHighWater> {
  return readHighWater(readFileSync(join(dir, HIGH_WATER_FILE)));
}

describe('the high-water record', () => {
  it('counts every intent as it is written; outcomes do not move it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'high-water-'));
    const journal = openJournal(dir);
    expect(markOnDisk()).toEqual({ entries: 0, seq: 0 });
    const first = await journal.recordIntent(intent('HW1'));
    expect(markOnDisk()).toEqual({ entries: 1, seq: 1 });
    await journal.recordOutcome(first.intent.id, { result: 'approved', statusCode: '0000', message: 'Approved' });
    await journal.recordIntent(intent('HW2'));
    expect(markOnDisk()).toEqual({ entries: 2, seq: 3 });
    await journal.close();
  });

  it('a torn slot is passed over: the other, one intent behind, is read', () => {
    dir = mkdtempSync(join(tmpdir(), 'high-water-'));
    const { file } = HighWater.open(dir);
    file.write({ entries: 6, seq: 9 });
    file.write({ entries: 7, seq: 11 });
    file.close();
    const bytes = readFileSync(join(dir, HIGH_WATER_FILE));
    // Entry 7 went to the second slot: cut it short as a power cut mid-write would.
    bytes.fill(0, 32 + 10, 64);
    writeFileSync(join(dir, HIGH_WATER_FILE), bytes);
    expect(markOnDisk()).toEqual({ entries: 6, seq: 9 });
  });

  it('a database behind the mark is a loss, said once however often the start is repeated; new intents count from what the database holds', async () => {
    dir = mkdtempSync(join(tmpdir(), 'high-water-'));
    let journal = openJournal(dir);
    await journal.recordIntent(intent('HW1'));
    await journal.close();
    const { file } = HighWater.open(dir);
    file.reset({ entries: 4, seq: 4 });
    file.close();

    journal = openJournal(dir);
    expect(journal.tailLoss()).toMatchObject({ missing: 3, expected: 4, keptThroughSeq: 1, rebuilt: false });
    // Brought down to the database, both slots: the higher one would otherwise win on the next read.
    expect(markOnDisk()).toEqual({ entries: 1, seq: 1 });
    await journal.close();
    // A start killed before the rebuild: the same loss, not twice as many.
    journal = openJournal(dir);
    expect(journal.tailLoss()).toMatchObject({ missing: 3, rebuilt: false });
    await journal.recordIntent(intent('HW2'));
    expect(markOnDisk()).toEqual({ entries: 2, seq: 2 });
    await journal.close();
  });
});
