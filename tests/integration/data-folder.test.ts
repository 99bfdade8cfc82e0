// The browser host as separate processes on one data folder: a second copy refuses to start, a
// copy killed with SIGKILL is taken over, a read-only folder starts read-only. Real processes,
// real HTTP, the demo terminal's simulator inside each host.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openJournal } from '../../electron/services/journal/open-journal';
import { browserHosts, call, sale, started, stopHost as stop } from '../support/browser-host';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk';

const { start: startHost, folder } = browserHosts();

describe('one spin-desk per data folder', () => {
  it('a second copy on the same folder refuses to start and says who holds it; the first keeps taking payments', async () => {
    const dataDir = folder('host-lock-');
    const first = started(await startHost(dataDir));
    expect(await sale(first, 'LOCK0001')).toMatchObject({ ok: true, data: { outcome: 'approved' } });

    const second = await startHost(dataDir);
    expect(second).toMatchObject({ exitCode: 3 });
    expect('stderr' in second && typeof second.stderr === 'string' ? second.stderr : '').toContain(
      `spin-desk host: Another spin-desk (process ${first.child.pid} on`,
    );
    expect(await sale(first, 'LOCK0002')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    const history = await call(first, 'journal:list', { offset: 0, limit: 10 });
    expect(history.data?.entries?.map((e) => e.referenceId)).toEqual(['LOCK0002', 'LOCK0001']);
  }, 60_000);

  it('a copy killed with SIGKILL leaves the folder free at once, with the journal intact', async () => {
    const dataDir = folder('host-stale-');
    const first = started(await startHost(dataDir));
    expect(await sale(first, 'STALE001')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    await stop(first.child, 'SIGKILL');

    // The operating system released the dead holder's lock with its process: no waiting.
    const next = started(await startHost(dataDir));
    const history = await call(next, 'journal:list', { offset: 0, limit: 10 });
    expect(history.data?.entries?.map((e) => [e.referenceId, e.state])).toEqual([['STALE001', 'approved']]);
    expect(await sale(next, 'STALE002')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
  }, 60_000);

  it('a paused holder (SIGSTOP, 15 s) keeps the folder: a second copy refuses and writes nothing; the holder goes on when resumed', async () => {
    const dataDir = folder('host-paused-');
    const first = started(await startHost(dataDir));
    expect(await sale(first, 'PAUSE001')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    first.child.kill('SIGSTOP');
    try {
      // Longer than any lock judged by time would wait (the old one called 10 s stale).
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      const before = folderState(dataDir);
      const second = await startHost(dataDir);
      expect(second).toMatchObject({ exitCode: 3, stderr: expect.stringContaining(`Another spin-desk (process ${first.child.pid} on`) });
      // The holder is stopped, so any change in the folder would be the second copy's.
      expect(folderState(dataDir)).toEqual(before);
    } finally {
      first.child.kill('SIGCONT');
    }
    expect(await sale(first, 'PAUSE002')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    const history = await call(first, 'journal:list', { offset: 0, limit: 10 });
    expect(history.data?.entries?.map((e) => e.referenceId)).toEqual(['PAUSE002', 'PAUSE001']);
  }, 60_000);

  it('a second copy whose clock runs 15 s ahead cannot take over a running holder', async () => {
    const dataDir = folder('host-skewed-');
    const first = started(await startHost(dataDir));
    const before = folderState(dataDir);
    const skewed = await startHost(dataDir, {
      nodeArgs: ['--import', './tests/support/clock-ahead.mjs'],
      env: { CLOCK_AHEAD_MS: '15000' },
    });
    expect(skewed).toMatchObject({ exitCode: 3, stderr: expect.stringContaining('is using the data folder') });
    expect(folderState(dataDir)).toEqual(before);
    expect(await sale(first, 'SKEW0001')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
  }, 60_000);

  it('a holder whose lock file is deleted stops writing at once: payments and settings changes refused, nothing in the folder written', async () => {
    const dataDir = folder('host-lost-');
    const first = started(await startHost(dataDir));
    expect(await sale(first, 'LOST0001')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    rmSync(join(dataDir, 'spin-desk.lock'));
    // The holder checks its lock file every 2 s.
    await vi.waitFor(
      async () =>
        expect((await call(first, 'app:storage')).data).toMatchObject({
          state: 'read-only',
          message: expect.stringContaining('took over'),
        }),
      { timeout: 10_000, interval: 200 },
    );
    // The journal database is left out: it is still locked by this process alone (SQLite's own
    // exclusive lock), and closing it folds its WAL back in, as any close does.
    const withoutJournal = () => folderState(dataDir).filter((line) => !line.includes('journal.sqlite'));
    // A save begun before the holder noticed (the demo terminal's state after a request) may still be
    // on its way (a .tmp file, renamed into place): the snapshot is taken once it has landed.
    await vi.waitFor(() => expect(withoutJournal().filter((line) => line.includes('.tmp'))).toEqual([]), { timeout: 5_000, interval: 50 });
    const before = withoutJournal();
    const refused = await sale(first, 'LOST0002');
    expect(refused).toMatchObject({ ok: false, error: { code: 'JOURNAL_UNAVAILABLE' } });
    // A request that goes into the request log, which is written as requests finish.
    expect(await call(first, 'reports:summary', {})).toMatchObject({ ok: true });
    // A settings change: refused, and the settings in force stay as they were.
    const profiles = await call(first, 'profiles:list');
    const saved = await call(first, 'profiles:save', {
      name: 'Lane 9',
      environment: 'sandbox',
      tpn: 'FAKE00000009',
      registerId: '',
      proxyTimeoutSeconds: 120,
    });
    expect(saved).toMatchObject({
      ok: false,
      error: { code: 'SETTINGS_NOT_SAVED', message: expect.stringContaining('took over its data folder') },
    });
    expect(await call(first, 'profiles:list')).toEqual(profiles);
    // Stopping waits for every queued write: after it, anything the holder still wrote is on disk.
    await stop(first.child, 'SIGTERM');
    expect(withoutJournal()).toEqual(before);
  }, 60_000);
});

/** Every file of the data folder (one level down too) with its size and modification time. */
function folderState(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .map((item) => {
      const path = join(item.parentPath, item.name);
      const stats = statSync(path);
      return `${path} ${stats.size} ${stats.mtimeMs}`;
    })
    .sort();
}

describe('a data folder that cannot be written', () => {
  it('a folder the user may not write (EACCES) starts read-only instead of failing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'host-eacces-'));
    // Root's folder, readable by everyone, writable by root only.
    chmodSync(dataDir, 0o755);
    try {
      const host = started(await startHost(dataDir, { asNobody: true }));
      expect(host.stderr()).toContain('cannot be written (EACCES): starting read-only');
      expect((await call(host, 'app:storage')).data).toMatchObject({
        state: 'read-only',
        message: expect.stringContaining('not allowed to write to its data folder (EACCES)'),
      });
      expect(await sale(host, 'EACCES01')).toMatchObject({ ok: false, error: { code: 'JOURNAL_UNAVAILABLE' } });
      expect((await call(host, 'journal:list', { offset: 0, limit: 10 })).data?.entries).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  let disk: SmallDisk;
  beforeAll(() => {
    disk = mountSmallDisk(4 * 1024 * 1024);
  });
  afterAll(() => disk.unmount());

  it('starts read-only: history readable, payments refused with the reason and the remedy, a banner state', async () => {
    const dataDir = join(disk.dir, 'data');
    mkdirSync(dataDir);
    const journal = openJournal(dataDir);
    const entry = await journal.recordIntent({
      op: 'Sale',
      ref: 'RO000001',
      tpn: 'DESK00000001',
      profileId: 'gone',
      amountCents: 500,
      tipCents: 0,
      deadlineMs: Date.now(),
    });
    await journal.recordOutcome(entry.intent.id, { result: 'approved', statusCode: '0000', message: 'Approved', approvedCents: 500 });
    await journal.close();
    disk.remount('ro');
    try {
      const host = started(await startHost(dataDir));
      expect(host.stderr()).toContain('cannot be written (EROFS): starting read-only');
      const storage = await call(host, 'app:storage');
      expect(storage.data).toMatchObject({ state: 'read-only', remedy: expect.stringContaining('writable') });
      expect(storage.data?.message).toContain('its data folder is read-only (EROFS)');
      const history = await call(host, 'journal:list', { offset: 0, limit: 10 });
      expect(history.data?.entries?.map((e) => e.referenceId)).toEqual(['RO000001']);
      const refused = await sale(host, 'RO000002');
      expect(refused).toMatchObject({ ok: false, error: { code: 'JOURNAL_UNAVAILABLE' } });
      expect(refused.error?.message).toBe('spin-desk cannot record payments: its data folder is read-only (EROFS). Nothing was charged.');
    } finally {
      disk.remount('rw');
    }
  }, 60_000);
});
