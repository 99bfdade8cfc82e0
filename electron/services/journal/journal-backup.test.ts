import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BACKUP_FOLDER,
  BackupSchedule,
  backUpOnline,
  backupName,
  backupSummary,
  DAILY_KEPT,
  listBackups,
  rotateBackups,
  writeBackup,
} from './journal-backup';
import { SCHEMA_VERSION } from './journal-database';
import { checkJournal, restoreBackup } from './journal-restore';
import { JOURNAL_FILE } from './open-journal';
import { openSqlite } from './sqlite-binding';
import type { SqliteJournal } from './sqlite-journal';
import { journalFolderPerTest } from './test-support/journal-folder-per-test';
import { saleIntent } from '../../../tests/support/journal-entries';
import type { AppFailure } from '../app-failure';
import { speakSpanishInThisTest } from '../../../tests/support/speak-spanish';

// The journal's backups on real SQLite files in a temporary data folder: made at start when none
// is recent, rotated, never counted when half-written, made before a schema migration; and the
// verdict of "Check the journal" on a healthy and on a damaged file (damaged while it was closed).

/** Test data is written without fsync (the journal's bulk mode); what is under test is the copying and checking. */
const data = journalFolderPerTest('journal-backup-', { durable: false });
const { open, close } = data;

async function journalWith(count: number): Promise<SqliteJournal> {
  const journal = open();
  for (let i = 0; i < count; i += 1) await journal.recordIntent(saleIntent(`BK${String(i).padStart(4, '0')}`));
  return journal;
}

const backupFiles = () => (existsSync(join(data.dir, BACKUP_FOLDER)) ? readdirSync(join(data.dir, BACKUP_FOLDER)).sort() : []);

function schedule(journal: SqliteJournal, now: Date, errors: string[] = []): BackupSchedule {
  return new BackupSchedule({
    dataDir: data.dir,
    database: () => journal.liveDatabase(),
    onError: (message) => errors.push(message),
    firstCheckMs: 0,
    now: () => now,
  });
}

describe('the daily backup', () => {
  it('is made at start when there is none, holding every entry, and checked and named like a backup', async () => {
    const journal = await journalWith(3);
    const errors: string[] = [];
    const backups = schedule(journal, new Date('2026-12-02T05:15:00Z'), errors);
    backups.start();
    await backups.stop();
    expect(errors).toEqual([]);
    expect(backupFiles()).toEqual(['journal-20261202-051500.sqlite']);
    expect(listBackups(data.dir)).toEqual([
      expect.objectContaining({ name: 'journal-20261202-051500.sqlite', kind: 'daily', createdAt: '2026-12-02T05:15:00.000Z', entries: 3 }),
    ]);
    expect(backupSummary(data.dir)).toEqual({ at: '2026-12-02T05:15:00.000Z', kept: 1 });
  });

  it('is made at start only when the newest is a day old', async () => {
    const journal = await journalWith(1);
    await backUpOnline(journal.liveDatabase()!, data.dir, new Date('2026-12-01T06:00:00Z'));
    const recent = schedule(journal, new Date('2026-12-02T05:59:59Z'));
    recent.start();
    await recent.stop();
    expect(backupFiles()).toEqual(['journal-20261201-060000.sqlite']);
    const due = schedule(journal, new Date('2026-12-02T06:00:00Z'));
    due.start();
    await due.stop();
    expect(backupFiles()).toEqual(['journal-20261201-060000.sqlite', 'journal-20261202-060000.sqlite']);
  });

  it('copies entries written while it runs without holding them up', async () => {
    const journal = await journalWith(60);
    const copying = backUpOnline(journal.liveDatabase()!, data.dir, new Date('2026-12-02T05:15:00Z'));
    await journal.recordIntent(saleIntent('DURING'));
    await copying;
    expect((await journal.page({}, 0, 0)).total).toBe(61);
    // A page changed mid-backup by the same connection is copied as it is after the change.
    expect([60, 61]).toContain(listBackups(data.dir)[0]?.entries);
  });
});

describe('rotation', () => {
  it(`keeps the newest ${DAILY_KEPT} daily backups and the newest one made before a migration`, async () => {
    const journal = await journalWith(1);
    for (let day = 1; day <= 9; day += 1) {
      await backUpOnline(journal.liveDatabase()!, data.dir, new Date(`2026-11-${String(day).padStart(2, '0')}T12:00:00Z`));
    }
    const folder = join(data.dir, BACKUP_FOLDER);
    // Two copies made before migrations (by older starts); only the newer one is kept.
    for (const at of ['2026-10-01T00:00:00Z', '2026-10-15T00:00:00Z']) {
      writeFileSync(
        join(folder, backupName(new Date(at), 'before-migration')),
        readFileSync(join(folder, 'journal-20261101-120000.sqlite')),
      );
    }
    rotateBackups(data.dir);
    expect(backupFiles()).toEqual([
      'journal-20261015-000000-before-migration.sqlite',
      'journal-20261103-120000.sqlite',
      'journal-20261104-120000.sqlite',
      'journal-20261105-120000.sqlite',
      'journal-20261106-120000.sqlite',
      'journal-20261107-120000.sqlite',
      'journal-20261108-120000.sqlite',
      'journal-20261109-120000.sqlite',
    ]);
    expect(listBackups(data.dir).map((backup) => backup.name)[0]).toBe('journal-20261109-120000.sqlite');
  });

  it('runs after each daily backup', async () => {
    const journal = await journalWith(1);
    for (let day = 1; day <= DAILY_KEPT + 1; day += 1) {
      const backups = schedule(journal, new Date(`2026-11-${String(day).padStart(2, '0')}T12:00:00Z`));
      backups.start();
      await backups.stop();
    }
    expect(backupFiles()).toHaveLength(DAILY_KEPT);
    expect(backupFiles()[0]).toBe('journal-20261102-120000.sqlite');
  });
});

describe('a half-written backup', () => {
  it('is never named like a backup: a copy cut short fails its check, is removed, and the error says so', async () => {
    const journal = await journalWith(50);
    const whole = join(data.dir, 'whole.sqlite');
    await journal.liveDatabase()!.backup(whole);
    const bytes = readFileSync(whole);
    const at = new Date('2026-12-02T05:15:00Z');
    await expect(writeBackup(data.dir, at, 'daily', (to) => writeFileSync(to, bytes.subarray(0, bytes.length / 2)))).rejects.toThrow(
      /failed its check/,
    );
    expect(backupFiles()).toEqual([]);
    expect(listBackups(data.dir)).toEqual([]);
  });

  it('left by a crash is not counted and is removed by the next rotation', async () => {
    const folder = join(data.dir, BACKUP_FOLDER);
    mkdirSync(folder);
    writeFileSync(join(folder, 'journal-20261202-051500.sqlite.partial'), 'half');
    expect(listBackups(data.dir)).toEqual([]);
    expect(backupSummary(data.dir)).toEqual({ at: null, kept: 0 });
    rotateBackups(data.dir);
    expect(backupFiles()).toEqual([]);
  });
});

describe('the backup before a schema migration', () => {
  it('copies a journal of an older schema before changing it', async () => {
    await close(await journalWith(2));
    // What an older build left: its schema version (0, before versions were kept, is the one older than 1).
    const raw = openSqlite(join(data.dir, JOURNAL_FILE));
    raw.pragma(`user_version = ${SCHEMA_VERSION - 1}`);
    raw.close();
    const journal = open();
    const [backup, ...others] = listBackups(data.dir);
    expect(others).toEqual([]);
    expect(backup).toEqual(expect.objectContaining({ kind: 'before-migration', entries: 2 }));
    expect(backup?.name).toMatch(/^journal-\d{8}-\d{6}-before-migration\.sqlite$/);
    const copy = openSqlite(backup!.path, { readonly: true });
    expect(copy.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION - 1);
    copy.close();
    expect(journal.liveDatabase()!.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  });

  it('is not made for a new journal or one of the current schema', async () => {
    await close(await journalWith(2));
    open();
    expect(backupFiles()).toEqual([]);
  });
});

describe('Check the journal', () => {
  it('says a healthy journal is healthy', async () => {
    const journal = await journalWith(20);
    expect(checkJournal(journal)).toEqual(expect.objectContaining({ verdict: 'ok', problems: [] }));
  });

  it('says a journal with a damaged page is damaged and what to do', async () => {
    await close(await journalWith(400));
    // One page of the reference index overwritten while the app was stopped.
    const raw = openSqlite(join(data.dir, JOURNAL_FILE));
    const { rootpage } = raw.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'entries_by_ref'").get() as { rootpage: number };
    const pageSize = raw.pragma('page_size', { simple: true }) as number;
    raw.close();
    const fd = openSync(join(data.dir, JOURNAL_FILE), 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (rootpage - 1) * pageSize);
    closeSync(fd);
    const check = checkJournal(open());
    expect(check.verdict).toBe('damaged');
    expect(check.summary).toMatch(/^The journal is damaged/);
    expect(check.remedy).toMatch(/restore the newest backup/);
    expect(check.problems.length).toBeGreaterThan(0);
  });
});

/** A backup of `count` entries, then the journal's file overwritten with text and opened again (read-only, DAMAGED). */
async function damagedAfterBackup(count: number) {
  const healthy = await journalWith(count);
  const backup = await backUpOnline(healthy.liveDatabase()!, data.dir, new Date('2026-12-01T05:00:00Z'));
  await close(healthy);
  writeFileSync(join(data.dir, JOURNAL_FILE), 'not a database, not any more');
  return { backup, damaged: open() };
}

describe('restoring a journal whose file is damaged', () => {
  it('makes the journal writable again on the backup, the damaged file kept aside', async () => {
    const { backup, damaged } = await damagedAfterBackup(3);
    expect(damaged.health()).toEqual(expect.objectContaining({ state: 'read-only', error: expect.objectContaining({ fault: 'DAMAGED' }) }));
    expect(checkJournal(damaged).verdict).toBe('damaged');
    const lookups: string[] = [];
    const restored = await restoreBackup(
      {
        dataDir: data.dir,
        journal: damaged,
        paymentInFlight: () => undefined,
        stopLookups: async () => void lookups.push('stopped'),
        resumeLookups: () => lookups.push('resumed'),
        backupsIdle: async () => undefined,
      },
      backup.name,
    );
    expect(restored).toEqual(expect.objectContaining({ entries: 3, pending: 3 }));
    expect(lookups).toEqual(['stopped', 'resumed']);
    expect(readFileSync(join(data.dir, restored.keptAs), 'utf8')).toBe('not a database, not any more');
    expect(damaged.health().state).toBe('ok');
    expect(checkJournal(damaged).verdict).toBe('ok');
    await damaged.recordIntent(saleIntent('AFTER'));
    expect((await damaged.page({}, 0, 0)).total).toBe(4);
  });
});

// Issue 41, item 1: Troubleshooting's verdict and the restore's refusals are worded when answered,
// in the language main speaks then.
describe('the journal check and restore in Spanish', () => {
  it('says a damaged file, a restore refused during a payment and an unknown backup, in Spanish', async () => {
    const { backup, damaged } = await damagedAfterBackup(1);
    await speakSpanishInThisTest();
    const check = checkJournal(damaged);
    expect(check).toMatchObject({
      verdict: 'damaged',
      summary: 'El diario está dañado: SQLite encontró 1 problema.',
      remedy: expect.stringMatching(/^No cobre pagos en esta PC hasta que se resuelva\./),
    });
    expect(check.problems[0]).toMatch(
      /^spin-desk no puede registrar pagos: un archivo de su carpeta de datos está dañado, .*journal\.sqlite no es una base de datos del diario que se pueda leer \(SQLITE_NOTADB\) \(se guarda una copia como /,
    );
    const deps = {
      dataDir: data.dir,
      journal: damaged,
      paymentInFlight: () => 'Sale R-1',
      stopLookups: async () => undefined,
      resumeLookups: () => undefined,
      backupsIdle: async () => undefined,
    };
    const refusal = (name: string) => restoreBackup(deps, name).catch((error: AppFailure) => error.detail);
    expect(await refusal('journal-19990101-000000.sqlite')).toEqual({
      code: 'NOT_FOUND',
      message: `No hay ninguna copia llamada journal-19990101-000000.sqlite en ${join(data.dir, BACKUP_FOLDER)}.`,
    });
    expect(await refusal(backup.name)).toEqual({
      code: 'PAYMENT_IN_FLIGHT',
      message:
        'El diario no se restauró. Se está enviando un pago (Sale R-1). Restaure cuando haya terminado: el diario no debe cambiar mientras tanto.',
    });
  });
});
