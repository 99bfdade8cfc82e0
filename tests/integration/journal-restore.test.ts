// Issue 37, item 3: "Restore from backup" through the app's services, a data folder on disk, a fault
// proxy and the real simulator. A restore is refused while a sale is being sent (the terminal holds
// its answer); then a backup holding an approved sale and one whose answer was lost (pending) is
// restored after another sale: the journal as it was is kept aside with all three, History shows
// the backup's two, and the pending one's lookup resumes and finds it approved on the terminal.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalBackups, RestoreResult } from '@shared/ipc/journal-backup-views';
import type { JournalPage } from '@shared/ipc/journal-views';
import type { SupportBundleContent } from '@shared/ipc/diagnostics-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import type { AppServices } from '../../electron/services/app-services';
import { backUpOnline } from '../../electron/services/journal/journal-backup';
import { JOURNAL_FILE } from '../../electron/services/journal/open-journal';
import { openSqlite } from '../../electron/services/journal/sqlite-binding';
import type { SqliteJournal } from '../../electron/services/journal/sqlite-journal';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { startFaultProxy, type FaultProxy } from '../fault/fault-proxy';
import { addTerminal, data, startServices } from './diagnostics-kit';

const TPN = 'RESTORE0001';
let sim: RunningSimulator;
let proxy: FaultProxy;
let services: AppServices;
let counter: ProfileView;
let dataDir: string;
/** The ReferenceId of a Sale whose answer the proxy holds (never answers): it stays "being sent". */
let holdSale = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'journal-restore-'));
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: 'RESTOREKEY' }], processingDelayMs: 0, seed: 37 });
  proxy = await startFaultProxy(sim.url, (request) =>
    request.endpoint === 'Sale' && request.referenceId === holdSale ? { fault: 'hold' } : null,
  );
  services = await startServices({
    dataDir,
    recoveryPolicy: { backoffStartMs: 50, backoffMaxMs: 200, notFoundPollMs: 100, notFoundMarginMs: 100, resendStartMs: 50 },
    httpGraceMs: 1_000,
  });
  counter = await addTerminal(services, 'Counter', proxy.url, TPN, 'RESTOREKEY');
});

afterAll(async () => {
  await services?.close();
  await proxy?.close();
  await sim?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sale = (referenceId: string, amountCents: number) =>
  services.dispatch('payments:sale', { profileId: counter.id, amountCents, referenceId });
const history = async () =>
  (await data<JournalPage>(services, 'journal:list', {})).entries.map((entry) => [entry.referenceId, entry.state]).sort();

/** Polls a condition of the running app (no fixed sleep): what the screen would see on its next poll. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Restore from backup', () => {
  it('is refused while a payment is being sent, and says so', async () => {
    expect(await sale('RESTORE-A', 1500)).toEqual(expect.objectContaining({ ok: true }));
    await backUpOnline((services.journal as SqliteJournal).liveDatabase()!, dataDir, new Date('2026-12-01T05:30:00Z'));
    holdSale = 'RESTORE-P';
    const held = sale('RESTORE-P', 2500);
    // The terminal has carried the sale out; its answer is held, so the app is still sending it.
    await until(
      async () => sim.control.getState(TPN).records.some((record) => record.ReferenceId === 'RESTORE-P'),
      (charged) => charged,
    );
    const pending = await data<{ entries: { referenceId: string; live?: { phase: string } }[] }>(services, 'journal:pending');
    expect(pending.entries.map((entry) => [entry.referenceId, entry.live?.phase])).toEqual([['RESTORE-P', 'sending']]);
    const listed = await data<JournalBackups>(services, 'journal:backups');
    const [backup] = listed.backups;
    expect(listed.refusal).toMatch(/A payment is being sent \(Sale RESTORE-P\)/);
    const refused = await services.dispatch('journal:restore', { name: backup!.name });
    expect(refused).toEqual({ ok: false, error: expect.objectContaining({ code: 'PAYMENT_IN_FLIGHT' }) });
    expect(existsSync(join(dataDir, JOURNAL_FILE))).toBe(true);
    // The cashier stops waiting: the sale stays pending (charged on the terminal, the journal does not know yet).
    await data(services, 'journal:stopRecovery', { referenceId: 'RESTORE-P' });
    expect(await held).toEqual(expect.objectContaining({ ok: false }));
    expect((await data<JournalBackups>(services, 'journal:backups')).refusal).toBeUndefined();
  });

  it('keeps the current file aside, shows the backup’s entries in History and resumes the pending lookups', async () => {
    const journal = services.journal as SqliteJournal;
    const made = await backUpOnline(journal.liveDatabase()!, dataDir, new Date('2026-12-02T05:30:00Z'));
    expect(made.entries).toBe(2);
    expect(await sale('RESTORE-C', 3500)).toEqual(expect.objectContaining({ ok: true }));
    expect(await history()).toEqual([
      ['RESTORE-A', 'approved'],
      ['RESTORE-C', 'approved'],
      ['RESTORE-P', 'pending'],
    ]);

    const restored = await data<RestoreResult>(services, 'journal:restore', { name: made.name });
    expect(restored).toEqual(expect.objectContaining({ restored: made.name, entries: 2, pending: 1 }));
    expect(restored.keptAs).toMatch(/^journal\.sqlite\.before-restore-/);
    // The journal as it was, kept aside whole: all three sales.
    const aside = openSqlite(join(dataDir, restored.keptAs), { readonly: true });
    expect((aside.prepare('SELECT n FROM entry_count').get() as { n: number }).n).toBe(3);
    aside.close();
    // History is the backup's; the sale made after it is not there (the terminal still has it).
    // The pending sale's lookup resumed on the restored journal and found it charged.
    expect(await until(history, (rows) => rows.some(([ref, state]) => ref === 'RESTORE-P' && state !== 'pending'))).toEqual([
      ['RESTORE-A', 'approved'],
      ['RESTORE-P', 'approved'],
    ]);
    // Payments go on, on the restored journal.
    expect(await sale('RESTORE-D', 4500)).toEqual(expect.objectContaining({ ok: true }));
    expect((await data<JournalPage>(services, 'journal:list', {})).total).toBe(3);
  });

  it('the support bundle says when the last backup was made and how many are kept, as Troubleshooting lists them', async () => {
    const listed = await data<JournalBackups>(services, 'journal:backups');
    const bundle = JSON.parse((await data<{ json: string }>(services, 'diagnostics:bundle')).json) as SupportBundleContent;
    expect(listed.backups.length).toBe(2);
    expect(bundle.journal.lastBackup).toEqual({ at: listed.backups[0]?.createdAt, kept: listed.backups.length });
  });
});
