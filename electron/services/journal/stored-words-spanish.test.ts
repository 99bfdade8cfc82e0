// Issue 41: what the journal says of itself and keeps for History (a refusal's outcome line, a note
// of what it could not read at its start) stays in English as before, with its Said beside it, so a
// page in Spanish words it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wordSaid } from '@shared/ipc/said';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { toEntryView } from './entry-view';
import { HighWater } from './high-water';
import { JOURNAL_FILE, openJournal } from './open-journal';

let dir = '';
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

speakSpanishInEachTest();

describe("a refusal's outcome line, worded for a page in Spanish", () => {
  it('"Not sent" when the high-water record cannot be written: English kept, Spanish shown', async () => {
    dir = mkdtempSync(join(tmpdir(), 'stored-words-'));
    const journal = openJournal(dir);
    // The disk fills up between the intent's commit and the record's write.
    vi.spyOn(HighWater.prototype, 'write').mockImplementationOnce(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    const intent = {
      op: 'Sale',
      ref: 'ESHW1',
      tpn: 'FAKETPN0001',
      profileId: 'p1',
      amountCents: 500,
      tipCents: 0,
      deadlineMs: Date.now(),
    } as const;
    await expect(journal.recordIntent(intent)).rejects.toMatchObject({ fault: 'DISK_FULL' });
    const entry = (await journal.newestWithReference('ESHW1'))!;
    const outcome = toEntryView(entry).outcome!;
    expect([entry.outcome?.result, outcome.message]).toEqual([
      'refused',
      'Not sent: spin-desk cannot record payments: the disk holding its data is full (ENOSPC).',
    ]);
    expect(wordSaid(outcome.messageSaid, outcome.message)).toBe(
      'No se envió: spin-desk no puede registrar pagos: el disco donde guarda sus datos está lleno (ENOSPC).',
    );
    await journal.close();
  });
});

describe("the journal's notes of its start, worded for a page in Spanish", () => {
  it('a database that cannot even be read for its history: English kept, Spanish shown', async () => {
    dir = mkdtempSync(join(tmpdir(), 'stored-words-'));
    writeFileSync(join(dir, JOURNAL_FILE), Buffer.alloc(8192, 'not a database '));
    const journal = openJournal(dir);
    expect(journal.health().state).toBe('read-only');
    const [note] = journal.warnings();
    expect(note?.message).toMatch(/^\S+ could not be read \(SqliteError: file is not a database\); no history is shown from it\.$/);
    expect(wordSaid(note?.said, note!.message)).toMatch(
      /^No se pudo leer \S+ \(SqliteError: file is not a database\); no se muestra ningún historial de él\.$/,
    );
    await journal.close();
  });
});
