// Harm done to the journal's files under the real browser host (issue 37, "harm is seen, never
// silent"): one representative case of each kind. The journal's own tests
// (electron/services/journal/journal-harm.test.ts) damage every table and index; the soak
// (journal-harm.soak.test.ts) adds the renamed file, the zero-byte file after a kill and every
// damaged page through the host.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_TPN } from '../../electron/services/demo/demo-terminal';
import { JournalWriteError } from '../../electron/services/journal/journal-errors';
import { openJournal } from '../../electron/services/journal/open-journal';
import { browserHosts, call, sale, started, stopHost as stop } from '../support/browser-host';
import { damagePage } from '../support/damage-page';
import { startServices } from '../integration/diagnostics-kit';
import { historyRefs, journalPath, readOnlySaying, saleRefused } from './journal-harm-kit';

const { start: startHost, folder } = browserHosts();

const LANE_9 = { name: 'Lane 9', environment: 'sandbox', tpn: 'FAKE00000009', registerId: '', proxyTimeoutSeconds: 120 };

describe('the journal file taken away while the host runs', () => {
  it('deleted: storage read-only naming the file, the next sale refused before sending; the restart shows the sales made before', async () => {
    const dataDir = folder('harm-deleted-');
    const host = started(await startHost(dataDir));
    expect(await sale(host, 'GONE0001')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    rmSync(journalPath(dataDir));
    const storage = await readOnlySaying(host, /journal\.sqlite \(or its folder\) was moved or deleted/);
    expect(storage.data?.message).not.toContain('took over');
    expect(storage.data?.remedy).toContain('put the file or the data folder back');
    await saleRefused(host, 'GONE0002');
    expect(await historyRefs(host)).toEqual(['GONE0001']);
    // The copy kept while the deleted file was still open.
    await readOnlySaying(host, /kept as journal\.sqlite\.rescued-/);
    await stop(host.child, 'SIGTERM');

    const restarted = started(await startHost(dataDir));
    await readOnlySaying(restarted, /journal\.sqlite is missing though this data folder was used before/);
    expect(await historyRefs(restarted)).toEqual(['GONE0001']);
    await saleRefused(restarted, 'GONE0003');
  }, 60_000);
});

describe('one damaged page', () => {
  it('of the pending index: the host starts read-only with the file named and a copy kept; History and the pending list read; no INTERNAL', async () => {
    const dataDir = folder('harm-page-');
    const first = started(await startHost(dataDir));
    expect(await sale(first, 'PAGE0001')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    await stop(first.child, 'SIGTERM');
    // A sale whose answer was lost: pending, for the start-up's lookups to read.
    const journal = openJournal(dataDir);
    await journal.recordIntent({
      op: 'Sale',
      ref: 'PAGE0002',
      tpn: DEMO_TPN,
      profileId: 'gone',
      amountCents: 700,
      tipCents: 0,
      deadlineMs: Date.now() + 60_000,
    });
    await journal.close();
    damagePage(journalPath(dataDir), 'entries_pending_rows');

    const host = started(await startHost(dataDir));
    await readOnlySaying(host, new RegExp(`${journalPath(dataDir).replaceAll('.', '\\.')} is not a readable journal database`));
    expect(readdirSync(dataDir).some((name) => name.startsWith('journal.sqlite.damaged-'))).toBe(true);
    expect(await historyRefs(host)).toEqual(['PAGE0002', 'PAGE0001']);
    const pending = await call(host, 'journal:pending');
    expect(pending).toMatchObject({ ok: true });
    expect(JSON.stringify(pending.data)).toContain('PAGE0002');
    await saleRefused(host, 'PAGE0003');
    expect(host.stderr()).not.toContain('SqliteError');
  }, 60_000);
});

describe('wording (issue 37, item 9)', () => {
  it('the data folder renamed while running: "moved or deleted", not "took over" nor "free space"; settings changes refused with that reason', async () => {
    const parent = folder('harm-folder-');
    const dataDir = join(parent, 'data');
    mkdirSync(dataDir);
    const host = started(await startHost(dataDir));
    expect(await sale(host, 'MOVE0001')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    renameSync(dataDir, join(parent, 'data-moved'));
    const storage = await readOnlySaying(host, /moved or deleted/);
    expect(`${storage.data?.message} ${storage.data?.remedy}`).not.toMatch(/took over|free space/i);
    await saleRefused(host, 'MOVE0002');
    const saved = await call(host, 'profiles:save', LANE_9);
    expect(saved).toMatchObject({ ok: false, error: { code: 'SETTINGS_NOT_SAVED', message: expect.stringContaining('moved or deleted') } });
    expect(`${saved.error?.message} ${saved.error?.remedy}`).not.toMatch(/took over|free space/i);
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('a second host started after the lock file was deleted: read-only for payments and for settings, the first copy named as the holder', async () => {
    const dataDir = folder('harm-second-');
    const first = started(await startHost(dataDir));
    rmSync(join(dataDir, 'spin-desk.lock'));
    await readOnlySaying(first, /lock file .*spin-desk\.lock was deleted or replaced/);
    const second = started(await startHost(dataDir));
    await readOnlySaying(second, /another copy of spin-desk/);
    await saleRefused(second, 'SECOND01');
    const profiles = await call(second, 'profiles:list');
    const saved = await call(second, 'profiles:save', LANE_9);
    expect(saved).toMatchObject({ ok: false, error: { code: 'SETTINGS_NOT_SAVED' } });
    expect(await call(second, 'profiles:list')).toEqual(profiles);
  }, 60_000);

  it('the folder moved while a sale waits on the terminal: the approved result says it is not saved because the folder moved, not "free space"', async () => {
    const dataDir = folder('harm-midsale-');
    const services = await startServices({ dataDir, demoProcessingDelayMs: 500 });
    try {
      const selling = services.dispatch('payments:sale', { referenceId: 'MIDSALE1', amountCents: 1234, getReceipt: 'No' });
      // The intent is written and the request is out: the folder goes now, as a cleaner would take it.
      await vi.waitFor(() => expect(services.registry.inProgress()).toBe(1), { timeout: 5_000, interval: 10 });
      services.lockLost(new JournalWriteError('MOVED', undefined, `the data folder ${dataDir} was moved or deleted`));
      const sold = (await selling) as { ok: boolean; data?: { outcome: string; notSaved?: string } };
      expect(sold).toMatchObject({ ok: true, data: { outcome: 'approved', notSaved: expect.stringContaining('was moved or deleted') } });
      expect(sold.data?.notSaved).not.toMatch(/free space|took over/i);
    } finally {
      await services.close();
    }
  });
});
