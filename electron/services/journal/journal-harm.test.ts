import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { alterKey, damagePage, objectsOf } from '../../../tests/support/damage-page';
import { JournalWriteError } from './journal-errors';
import { JOURNAL_FILE, openJournal } from './open-journal';
import type { SqliteJournal } from './sqlite-journal';

// Harm done to the journal's own files (issue 37, SQLite's "How To Corrupt An SQLite Database
// File"): deleted, renamed or replaced while the app runs, a missing or empty file where the folder
// was used, one damaged page in any table or index. Each is seen and said (read-only, the file
// named, a copy kept), never a silent fresh start, never SQLite's error at the caller.

const TPN = 'HARM00000001';
const folders: string[] = [];
const opened: SqliteJournal[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((journal) => journal.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'journal-harm-'));
  folders.push(dir);
  return dir;
}

function open(dir: string, options: Parameters<typeof openJournal>[1] = {}): SqliteJournal {
  const journal = openJournal(dir, options);
  opened.push(journal);
  return journal;
}

function intent(ref: string) {
  return { op: 'Sale' as const, ref, tpn: TPN, profileId: 'p1', amountCents: 1000, tipCents: 0, deadlineMs: Date.now() + 60_000 };
}

/** A journal of 30 approved sales and 2 pending ones, written and closed. */
async function fill(dir: string): Promise<void> {
  const journal = openJournal(dir);
  for (let i = 1; i <= 30; i += 1) {
    const entry = await journal.recordIntent(intent(`HARM${String(i).padStart(4, '0')}`));
    await journal.recordOutcome(entry.intent.id, { result: 'approved', statusCode: '0000', message: 'Approved', approvedCents: 1000 });
  }
  await journal.recordIntent(intent('PEND0001'));
  await journal.recordIntent(intent('ZZREUSE1'));
  await journal.close();
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

const kept = (dir: string, kind: string) => readdirSync(dir).filter((name) => name.startsWith(`${JOURNAL_FILE}.${kind}-`));

describe('the journal file taken away while running', () => {
  it.each([
    ['deleted', (path: string) => rmSync(path)],
    ['renamed', (path: string) => renameSync(path, `${path}.old`)],
    ['its WAL deleted', (path: string) => rmSync(`${path}-wal`)],
  ])('%s: the next intent is refused before it is written, naming the file; health read-only', async (_, harm) => {
    const dir = folder();
    const journal = open(dir);
    await journal.recordIntent(intent('TAKE0001'));
    harm(join(dir, JOURNAL_FILE));
    const refused = await journal.recordIntent(intent('TAKE0002')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(JournalWriteError);
    expect((refused as JournalWriteError).fault).toBe('MOVED');
    expect((refused as JournalWriteError).message).toContain(join(dir, JOURNAL_FILE));
    expect(journal.health()).toMatchObject({ state: 'read-only' });
    // History still reads from the open connection.
    expect((await journal.page({}, 0, 10)).items.map((entry) => entry.intent.ref)).toEqual(['TAKE0001']);
  });

  it('a deleted journal is copied while the connection still holds it, and the next start reads that copy', async () => {
    const dir = folder();
    const journal = open(dir);
    await journal.recordIntent(intent('RESCUE01'));
    rmSync(join(dir, JOURNAL_FILE));
    journal.checkFiles();
    await vi.waitFor(() => expect(journal.health().error?.message).toMatch(/kept as journal\.sqlite\.rescued-/), { timeout: 5_000 });
    await journal.close();
    const next = open(dir, { usedBefore: 'its settings hold terminal profiles' });
    expect(next.health()).toMatchObject({ state: 'read-only', error: { fault: 'DAMAGED' } });
    expect(next.health().error?.message).toContain('is missing though this data folder was used before');
    expect((await next.page({}, 0, 10)).items.map((entry) => entry.intent.ref)).toEqual(['RESCUE01']);
  });
});

describe('a missing or empty journal where the folder was used', () => {
  it('zero bytes beside a WAL: read-only with the file named, the WAL left as it was, a copy kept', async () => {
    const dir = folder();
    await fill(dir);
    const path = join(dir, JOURNAL_FILE);
    // A killed app's WAL: written again by hand, since a clean close folds it in.
    const journal = openJournal(dir);
    await journal.recordIntent(intent('WALONLY1'));
    const wal = readFileSync(`${path}-wal`);
    cpSync(`${path}-wal`, `${path}-wal.saved`);
    await journal.close();
    cpSync(`${path}-wal.saved`, `${path}-wal`);
    truncateSync(path, 0);
    const reopened = open(dir);
    expect(reopened.health()).toMatchObject({ state: 'read-only', error: { fault: 'DAMAGED' } });
    expect(reopened.health().error?.message).toContain(`${path} is empty (0 bytes) though this data folder was used before`);
    expect(readFileSync(`${path}-wal`)).toEqual(wal);
    expect(kept(dir, 'damaged').sort()).toEqual([expect.stringMatching(/damaged-[^w]*$/), expect.stringMatching(/-wal$/)]);
    await expect(reopened.recordIntent(intent('NEW00001'))).rejects.toBeInstanceOf(JournalWriteError);
  });

  it('missing where the settings hold profiles: read-only; missing in a new folder: a first start', async () => {
    const used = open(folder(), { usedBefore: 'its settings hold terminal profiles' });
    expect(used.health()).toMatchObject({ state: 'read-only' });
    expect(used.health().error?.message).toContain(
      'is missing though this data folder was used before (its settings hold terminal profiles)',
    );
    const fresh = open(folder());
    expect(fresh.health()).toMatchObject({ state: 'ok' });
  });

  it('a link to a missing file: read-only, the link and its target left alone', () => {
    const dir = folder();
    symlinkSync(join(dir, 'elsewhere', 'journal.sqlite'), join(dir, JOURNAL_FILE));
    const journal = open(dir);
    expect(journal.health()).toMatchObject({ state: 'read-only' });
    expect(journal.health().error?.message).toContain('is a link to');
    expect(existsSync(join(dir, 'elsewhere'))).toBe(false);
  });
});

describe('one damaged page', () => {
  let base: string;
  let objects: { name: string; type: string }[];
  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'journal-harm-base-'));
    await fill(base);
    objects = objectsOf(join(base, JOURNAL_FILE));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('the journal has the tables and indexes the matrix below damages', () => {
    expect(objects.map((object) => object.name)).toEqual(
      expect.arrayContaining(['lines', 'entries', 'entries_by_ref', 'entries_pending_rows', 'entry_refs_data', 'entry_refs_idx']),
    );
  });

  // Every table and index of the journal (read from its schema, so a new one is covered too).
  it('in each table and index: opens read-only naming the file with a copy kept; pending(), History and the export stream never throw SQLite errors', async () => {
    for (const { name, type } of objects) {
      const dir = folder();
      cpSync(base, dir, { recursive: true });
      damagePage(join(dir, JOURNAL_FILE), name);
      const journal = open(dir);
      expect(journal.health(), name).toMatchObject({ state: 'read-only', error: { fault: 'DAMAGED' } });
      expect(journal.health().error?.message, name).toContain(join(dir, JOURNAL_FILE));
      expect(kept(dir, 'damaged').length, name).toBeGreaterThan(0);
      const pending = journal.pending();
      const page = await journal.page({}, 0, 50).catch((error: unknown) => error);
      const search = await journal.page({ referenceId: 'HARM0001' }, 0, 50).catch((error: unknown) => error);
      // What the CSV export and the batch check read: the journal streamed a slice at a time.
      const streamed = await collect(journal.entries('newest')).catch((error: unknown) => error);
      for (const answer of [page, search, streamed]) {
        if (answer instanceof Error) expect(answer, name).toBeInstanceOf(JournalWriteError);
      }
      // With only an index damaged, all of History is read off the table.
      if (type === 'index') {
        expect(
          pending.map((entry) => entry.intent.ref),
          name,
        ).toEqual(['PEND0001', 'ZZREUSE1']);
        expect(page, name).toMatchObject({ total: 32 });
        expect(search, name).toMatchObject({ total: 1 });
        expect((streamed as unknown[]).length, name).toBe(32);
      }
    }
  });

  it('a reference index page that answers "no rows" without an error: the guard still finds the earlier use', async () => {
    const dir = folder();
    cpSync(base, dir, { recursive: true });
    alterKey(join(dir, JOURNAL_FILE), 'entries_by_ref', 'zzreuse1', 'zzreuse9');
    const journal = open(dir);
    const uses = await journal.usesOf(TPN, 'ZZREUSE1');
    expect(uses.map((entry) => entry.intent.ref)).toEqual(['ZZREUSE1']);
    expect(journal.health()).toMatchObject({ state: 'read-only', error: { fault: 'DAMAGED' } });
    expect(journal.health().error?.message).toContain(join(dir, JOURNAL_FILE));
    // Closing (quitting) right after the damage is seen still leaves the whole copy beside the file.
    await journal.close();
    const copies = readdirSync(dir).filter((name) => /^journal\.sqlite\.damaged-[^-]/.test(name) && !name.endsWith('-wal'));
    expect(copies).toHaveLength(1);
    expect(readFileSync(join(dir, copies[0] ?? ''))).toEqual(readFileSync(join(dir, JOURNAL_FILE)));
  });
});
