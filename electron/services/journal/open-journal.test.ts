import Database from 'better-sqlite3';
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalWriteError } from './journal-errors';
import { JOURNAL_FILE, SEGMENT_FOLDER } from './open-journal';
import { journalFolderPerTest } from './test-support/journal-folder-per-test';
import { toAppError } from '../to-app-error';
import { speakSpanishInThisTest } from '../../../tests/support/speak-spanish';

// Opening a data folder's journal: the one-time import of a segment journal written by the previous
// version (tests/fixtures/segment-journal was written by that code: six payments over four
// segments with a checkpoint, two of them pending), and what a damaged folder does.

const FIXTURE = 'tests/fixtures/segment-journal';
const data = journalFolderPerTest('open-journal-');
const { open } = data;

/** Every file of a folder with its bytes, to prove the folder was left as it was. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((file) => [file, readFileSync(join(dir, file), 'base64')]));
}

const withSegments = () => cpSync(FIXTURE, join(data.dir, SEGMENT_FOLDER), { recursive: true });

describe('importing a segment journal', () => {
  it('imports every entry once, pending ones included, with attempts, notes and outcomes, and leaves the old folder as it was', async () => {
    withSegments();
    const before = snapshot(join(data.dir, SEGMENT_FOLDER));
    // Settings with profiles beside the old journal: the upgrade, not a journal gone missing.
    const journal = open({ usedBefore: 'its settings hold terminal profiles' });
    expect(journal.health()).toMatchObject({ state: 'ok' });
    expect(journal.warnings()).toEqual([]);
    expect(journal.pending().map((entry) => [entry.intent.ref, entry.unknownReason])).toEqual([
      ['SEG0004', 'the app stopped before the answer was recorded'],
      ['SEG0006', undefined],
    ]);
    const page = await journal.page({}, 0, 10);
    expect(page.total).toBe(6);
    expect(page.items.map((entry) => [entry.intent.ref, entry.outcome?.result ?? 'pending'])).toEqual([
      ['SEG0006', 'pending'],
      ['SEG0005', 'refused'],
      ['SEG0004', 'pending'],
      ['SEG0003', 'approved'],
      ['seg0002', 'declined'],
      ['SEG0001', 'approved'],
    ]);
    const tipped = page.items.find((entry) => entry.intent.ref === 'seg0002');
    expect(tipped).toMatchObject({
      attempts: 1,
      intent: { tipCents: 100, sentAmountCents: 600 },
      deadlineMs: Date.parse('2026-11-20T10:00:35Z'),
    });
    expect((await journal.page({ last4: '4444' }, 0, 10)).items[0]?.outcome).toMatchObject({ recovery: { how: 'status-lookup' } });
    // The reference check sees the old journal's uses: SEG0001 moved money, so it is taken.
    expect(await journal.usesOf('Z9FAKE0001', 'seg0001')).toHaveLength(1);
    expect(journal.lines()).toHaveLength(13);
    await journal.close();
    expect(snapshot(join(data.dir, SEGMENT_FOLDER))).toEqual(before);

    // Not imported a second time, and what this version wrote since is kept.
    const again = open();
    const added = await again.recordIntent({
      op: 'Sale',
      ref: 'NEW0001',
      tpn: 'Z9FAKE0001',
      profileId: 'p',
      amountCents: 1,
      tipCents: 0,
      deadlineMs: 0,
    });
    await again.close();
    const third = open();
    expect((await third.page({}, 0, 10)).total).toBe(7);
    expect(third.get(added.intent.id)).toBeDefined();
  });

  it('keeps what the old reader only tolerated as warnings: a torn last line, a line that is not a journal line, an outcome without its intent', async () => {
    withSegments();
    const segments = join(data.dir, SEGMENT_FOLDER);
    const last = readdirSync(segments)
      .filter((file) => file.endsWith('.jsonl'))
      .sort()
      .at(-1) as string;
    appendFileSync(
      join(segments, last),
      '{"t":"outcome","id":"no-such-entry","at":"2026-11-26T07:40:00Z","result":"approved","statusCode":"0000","message":"A"}\n',
    );
    appendFileSync(join(segments, last), 'not json\n{"t":"intent","id":"torn');
    const journal = open();
    expect(journal.warnings().map((warning) => warning.kind)).toEqual(['orphan-outcome', 'corrupt-line', 'torn-tail']);
    expect(journal.warnings()[2]?.message).toMatch(/last line of seg-000004-\d{8}\.jsonl was incomplete/);
    expect((await journal.page({}, 0, 10)).total).toBe(6);
    await journal.close();
    // Still shown after a restart: they are part of the journal's record now.
    expect(open().warnings()).toHaveLength(3);
  });

  it('a read-only folder shows the old journal too, imported into memory, and refuses payments', async () => {
    withSegments();
    const journal = open({ readOnly: new JournalWriteError('READ_ONLY', 'EROFS') });
    expect((await journal.page({}, 0, 10)).total).toBe(6);
    expect(journal.health()).toMatchObject({ state: 'read-only' });
    expect(readdirSync(data.dir)).toEqual([SEGMENT_FOLDER]);
  });
});

describe('a damaged journal', () => {
  it('a file that is not a database: read-only with the file named, a copy kept aside, the original never written', async () => {
    const damaged = Buffer.from('this is not an SQLite database, it was damaged by something outside spin-desk\n'.repeat(100));
    writeFileSync(join(data.dir, JOURNAL_FILE), damaged);
    const journal = open();
    const health = journal.health();
    expect(health).toMatchObject({ state: 'read-only', error: { fault: 'DAMAGED' } });
    expect(health.error?.message).toContain(join(data.dir, JOURNAL_FILE));
    expect(health.error?.remedy).toMatch(/backup|move it out/);
    await expect(
      journal.recordIntent({ op: 'Sale', ref: 'X1', tpn: 'T', profileId: 'p', amountCents: 1, tipCents: 0, deadlineMs: 0 }),
    ).rejects.toMatchObject({
      fault: 'DAMAGED',
    });
    await journal.close();
    const copies = readdirSync(data.dir).filter((file) => file.startsWith(`${JOURNAL_FILE}.damaged-`));
    expect(copies).toHaveLength(1);
    expect(health.error?.message).toContain(copies[0]);
    expect(readFileSync(join(data.dir, copies[0] as string))).toEqual(damaged);
    expect(readFileSync(join(data.dir, JOURNAL_FILE))).toEqual(damaged);
  });

  it('a folder where the database should be: read-only, named', () => {
    mkdirSync(join(data.dir, JOURNAL_FILE));
    expect(open().health()).toMatchObject({
      state: 'read-only',
      error: { fault: 'DAMAGED', message: expect.stringContaining('is a folder') },
    });
  });

  it('a journal from a newer spin-desk is not written by this one', () => {
    const newer = new Database(join(data.dir, JOURNAL_FILE));
    newer.pragma('user_version = 99');
    newer.exec('CREATE TABLE future (x)');
    newer.close();
    expect(open().health()).toMatchObject({
      state: 'read-only',
      error: { message: expect.stringContaining('newer spin-desk (schema 99') },
    });
  });
});

// Issue 41, item 1: a journal found missing at start refuses payments all session long; each refusal
// is worded when it is answered, in the language main speaks then, the file named.
describe('a journal gone missing, said in Spanish', () => {
  it('refuses a payment with why and what to do in Spanish', async () => {
    writeFileSync(join(data.dir, JOURNAL_FILE), '');
    const journal = open({ usedBefore: 'its settings hold terminal profiles' });
    await speakSpanishInThisTest();
    const { error } = journal.health();
    expect(toAppError(error)).toEqual({
      code: 'JOURNAL_UNAVAILABLE',
      message: expect.stringMatching(
        /^spin-desk no puede registrar pagos: un archivo de su carpeta de datos está dañado, .*journal\.sqlite está vacío \(0 bytes\) aunque esta carpeta de datos ya se usó antes \(its settings hold terminal profiles\) \(se guarda una copia como journal\.sqlite\.damaged-[^)]+\)\.$/,
      ),
      remedy: 'Restaure el archivo desde una copia, o sáquelo de la carpeta para empezar uno nuevo, y luego reinicie spin-desk.',
    });
  });
});
