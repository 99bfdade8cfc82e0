// Issue 41: what the journal says of itself and keeps for History (a refusal's outcome line, a note
// of what it could not read at its start) stays in English as before, with its Said beside it, so a
// page in Spanish words it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JournalWarningView } from '@shared/ipc/journal-views';
import { wordSaid } from '@shared/ipc/said';
import { segmentIntent } from '../../../tests/support/segment-lines';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { toEntryView } from './entry-view';
import { HighWater } from './high-water';
import { encodeLine } from './line-codec';
import { JOURNAL_FILE, openJournal, SEGMENT_FOLDER } from './open-journal';

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

describe("the old journal's import notes, worded for a page in Spanish", () => {
  it('a damaged segment folder: the stored English as before, the warnings view words each note in Spanish, after a restart too', async () => {
    dir = mkdtempSync(join(tmpdir(), 'stored-words-'));
    const segments = join(dir, SEGMENT_FOLDER);
    mkdirSync(segments);
    const sale = segmentIntent(1);
    const orphan =
      '{"t":"outcome","id":"no-such-entry","at":"2026-11-20T10:00:09Z","result":"approved","statusCode":"0000","message":"A"}\n';
    writeFileSync(join(segments, 'seg-000001-20261120.jsonl'), `${encodeLine(sale)}${orphan}not json\n{"t":"intent","id":"torn`);
    const file = 'seg-000001-20261120.jsonl';
    const english = [
      `Line 2 of ${file} belongs to entry no-such-entry, which has no intent; it was not imported.`,
      `Line 3 of ${file} is not valid JSON; it was not imported.`,
      `The last line of ${file} was incomplete (24 bytes, cut off while it was being written) and was not imported. An intent cut off there was never sent; an outcome cut off there is looked up again.`,
    ];
    const spanish = [
      `La línea 2 de ${file} pertenece a la entrada no-such-entry, que no tiene intención; no se importó.`,
      `La línea 3 de ${file} no es una línea válida del diario (is not valid JSON); no se importó.`,
      `La última línea de ${file} estaba incompleta (24 bytes, cortada mientras se escribía) y no se importó. Una intención cortada ahí nunca se envió; un resultado cortado ahí se vuelve a buscar.`,
    ];
    const shown = (warnings: unknown[]) =>
      warnings.map((warning) => JournalWarningView.parse(warning)).map((view) => [view.message, wordSaid(view.said, view.message)]);

    const journal = openJournal(dir);
    expect(shown(journal.warnings())).toEqual(english.map((message, at) => [message, spanish[at]]));
    await journal.close();
    const again = openJournal(dir);
    expect(shown(again.warnings())).toEqual(english.map((message, at) => [message, spanish[at]]));
    await again.close();
  });
});
