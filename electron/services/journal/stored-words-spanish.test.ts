// Issue 41: a payment the high-water record could not count is refused, and its outcome line says
// why: in English in the journal, as before, and with its Said, so a page in Spanish words it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wordSaid } from '@shared/ipc/said';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { toEntryView } from './entry-view';
import { HighWater } from './high-water';
import { openJournal } from './open-journal';

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
    const intent = { op: 'Sale', ref: 'ESHW1', tpn: 'FAKETPN0001', profileId: 'p1', amountCents: 500, tipCents: 0, deadlineMs: Date.now() } as const;
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
