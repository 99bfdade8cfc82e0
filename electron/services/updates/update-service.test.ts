import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryJournal } from '../journal/sqlite-journal';
import { RecoveryRegistry } from '../recovery/recovery-registry';
import { openPayments } from './open-payments';
import type { UpdatePolicy } from './update-policy';
import { speakSpanishInThisTest } from '../../../tests/support/speak-spanish';
import { CHECK_EVERY_MS, INSTALL_POLL_MS, notUpdatedHere, UpdateService, type Updater } from './update-service';

// The service's decisions (when to check, when to install) against a scripted updater, and the
// real journal and recovery registry for "is a payment in flight or waiting for a lookup".
// electron-updater itself runs against a local feed in electron-updater-feed.test.ts.

const ON: UpdatePolicy = { automatic: true, channel: 'latest', source: 'default' };

/** What the feed holds at the next check: a version to download, nothing newer, or a failure. */
function scriptedUpdater(feed: { version?: string; fail?: string } = {}) {
  const updater: Updater & { feed: typeof feed } = {
    feed,
    autoDownload: false,
    autoInstallOnAppQuit: true,
    channel: null,
    checkForUpdates: vi.fn(async () => {
      if (updater.feed.fail) throw new Error(updater.feed.fail);
      const version = updater.feed.version;
      return { isUpdateAvailable: version !== undefined, updateInfo: { version: version ?? '1.2.3' } };
    }),
    downloadUpdate: vi.fn(async () => []),
    quitAndInstall: vi.fn(),
  };
  return updater;
}

let journal: MemoryJournal;
let registry: RecoveryRegistry;
let service: UpdateService | undefined;

function startService(updater: Updater, policy: UpdatePolicy | Error = ON, onChange = vi.fn()) {
  service = new UpdateService({ updater, policy, openPayments: () => openPayments(journal, registry), onChange, log: vi.fn() });
  service.start();
  return service;
}

/** A sale whose intent is in the journal and whose outcome is not: in flight, or waiting for a lookup. */
const openSale = (ref: string) =>
  journal.recordIntent({
    op: 'Sale',
    ref,
    tpn: 'UPDTPN0001',
    profileId: 'p1',
    paymentType: 'Credit',
    amountCents: 990,
    tipCents: 0,
    deadlineMs: Date.now() + 60_000,
  });

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-26T09:00:00Z') });
  journal = new MemoryJournal();
  registry = new RecoveryRegistry();
});
afterEach(async () => {
  service?.stop();
  service = undefined;
  vi.useRealTimers();
  await journal.close();
});

describe('the update schedule', () => {
  it('checks at start without holding it up, then once a day', async () => {
    const updater = scriptedUpdater();
    const pending = startService(updater);
    // start() has returned while the first check is still out.
    expect(pending.status().state).toBe('checking');
    await vi.advanceTimersByTimeAsync(0);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(pending.status()).toEqual({ state: 'idle', lastCheck: '2026-11-26T09:00:00.000Z', message: 'spin-desk is up to date.' });
    await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS - 1);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    expect(pending.status().lastCheck).toBe('2026-11-27T09:00:00.000Z');
  });

  it('downloads in the background and leaves installing to itself (never on quit by default)', async () => {
    const updater = scriptedUpdater({ version: '1.3.0' });
    const running = startService(updater);
    await vi.advanceTimersByTimeAsync(0);
    // The download is the service's decision (a prerelease on "latest" is never fetched), not electron-updater's.
    expect(updater.autoDownload).toBe(false);
    expect(updater.downloadUpdate).toHaveBeenCalledTimes(1);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(running.status()).toMatchObject({ state: 'ready', version: '1.3.0' });
    expect(running.status().message).toContain('Help → Restart to update');
    // Downloaded: the daily check does not fetch it again.
    await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
  });

  it('never offers a prerelease on "latest": nothing is downloaded and the status says why; a beta channel takes it', async () => {
    for (const version of ['2.0.0-beta.1', '1.3.0-rc.2+build.7']) {
      const updater = scriptedUpdater({ version });
      const running = startService(updater);
      await vi.advanceTimersByTimeAsync(0);
      expect(updater.downloadUpdate, version).not.toHaveBeenCalled();
      expect(running.status(), version).toMatchObject({ state: 'idle', message: expect.stringContaining(`${version} is a prerelease`) });
      expect(running.status().version, version).toBeUndefined();
      service?.stop();
    }
    const beta = scriptedUpdater({ version: '2.0.0-beta.1' });
    const following = startService(beta, { ...ON, channel: 'beta' });
    await vi.advanceTimersByTimeAsync(0);
    expect(beta.downloadUpdate).toHaveBeenCalledTimes(1);
    expect(following.status()).toMatchObject({ state: 'ready', version: '2.0.0-beta.1' });
  });

  it('keeps a failed check as a state, and the next day tries again', async () => {
    const updater = scriptedUpdater({ fail: 'net::ERR_INTERNET_DISCONNECTED' });
    const running = startService(updater);
    await vi.advanceTimersByTimeAsync(0);
    expect(running.status()).toMatchObject({ state: 'error', message: expect.stringContaining('net::ERR_INTERNET_DISCONNECTED') });
    updater.feed = { version: '1.3.0' };
    await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS);
    expect(running.status().state).toBe('ready');
  });

  it('never checks when the setting or the policy turns updates off, or the policy file cannot be followed', async () => {
    for (const policy of [
      { ...ON, automatic: false, source: 'policy' as const },
      new Error('update-policy.json: "channel" must be a channel name'),
    ]) {
      const updater = scriptedUpdater({ version: '1.3.0' });
      const off = startService(updater, policy);
      await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS * 2);
      expect(updater.checkForUpdates).not.toHaveBeenCalled();
      expect(off.status().state).toBe('off');
      off.stop();
    }
    expect(service?.status().message).toBe('Updates are off: update-policy.json: "channel" must be a channel name');
  });

  it("turns on and off with the app's own setting, but not against the store's policy file", async () => {
    const updater = scriptedUpdater();
    const own = startService(updater, { ...ON, automatic: false, source: 'setting' });
    own.setAutomatic(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    own.setAutomatic(false);
    await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(own.status()).toMatchObject({ state: 'off', message: 'Updates are off in the settings.' });
    own.stop();

    const managed = startService(scriptedUpdater(), { ...ON, automatic: false, source: 'policy' });
    managed.setAutomatic(true);
    expect(managed.status()).toMatchObject({ state: 'off', managed: true });
  });

  it('follows a pinned channel (electron-updater then also allows going down to it)', () => {
    const updater = scriptedUpdater();
    startService(updater, { ...ON, channel: 'store-2026', source: 'policy' });
    expect(updater.channel).toBe('store-2026');
  });
});

describe('installing never cuts into a payment', () => {
  it('installs at once on "Restart to update" when no payment is open', async () => {
    const updater = scriptedUpdater({ version: '1.3.0' });
    const running = startService(updater);
    await vi.advanceTimersByTimeAsync(0);
    running.restartToUpdate();
    expect(updater.quitAndInstall).toHaveBeenCalledExactlyOnceWith(true, true);
  });

  it('waits while a payment waits for its outcome, and installs the moment the journal has it', async () => {
    const updater = scriptedUpdater({ version: '1.3.0' });
    const onChange = vi.fn();
    const running = startService(updater, ON, onChange);
    await vi.advanceTimersByTimeAsync(0);
    const sale = await openSale('UPD-PENDING');
    running.restartToUpdate();
    expect(running.status()).toMatchObject({ state: 'waiting', message: expect.stringContaining('1 payment is still open') });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ state: 'waiting' }));
    await vi.advanceTimersByTimeAsync(INSTALL_POLL_MS * 10);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    await journal.recordOutcome(sale.intent.id, { result: 'approved', statusCode: '0000', message: 'Approved', approvedCents: 990 });
    await vi.advanceTimersByTimeAsync(INSTALL_POLL_MS);
    expect(updater.quitAndInstall).toHaveBeenCalledOnce();
  });

  it('waits while a request is being sent or looked up (the recovery registry has it)', async () => {
    const updater = scriptedUpdater({ version: '1.3.0' });
    const running = startService(updater);
    await vi.advanceTimersByTimeAsync(0);
    const sale = await openSale('UPD-INFLIGHT');
    // Its outcome arrives, but the worker that sends it is still running (a resend about to go out).
    let finish = () => {};
    const sending = registry.track(sale, () => new Promise<void>((resolve) => (finish = resolve)));
    await journal.recordOutcome(sale.intent.id, { result: 'approved', statusCode: '0000', message: 'Approved' });
    running.restartToUpdate();
    await vi.advanceTimersByTimeAsync(INSTALL_POLL_MS * 3);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    finish();
    await sending;
    await vi.advanceTimersByTimeAsync(INSTALL_POLL_MS);
    expect(updater.quitAndInstall).toHaveBeenCalledOnce();
  });

  it('installs on quit only when no payment is open', async () => {
    const updater = scriptedUpdater({ version: '1.3.0' });
    const running = startService(updater);
    running.beforeQuit();
    // Nothing downloaded yet: nothing to install.
    expect(updater.autoInstallOnAppQuit).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    const sale = await openSale('UPD-QUIT');
    running.beforeQuit();
    expect(updater.autoInstallOnAppQuit).toBe(false);
    await journal.recordOutcome(sale.intent.id, { result: 'declined', statusCode: '1015', message: 'Declined' });
    running.beforeQuit();
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('ignores "Restart to update" before an update is downloaded', async () => {
    const updater = scriptedUpdater();
    const running = startService(updater);
    await vi.advanceTimersByTimeAsync(0);
    running.restartToUpdate();
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    expect(running.status().state).toBe('idle');
  });
});

// Issue 41, item 1: the banner and the About box read status() each time, so a switch of language
// re-words where updates stand without a new check.
describe('where updates stand, in the language main speaks', () => {
  it('says a downloaded update and "not updated here" in Spanish after a switch', async () => {
    const running = startService(scriptedUpdater({ version: '1.3.0' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(running.status().message).toContain('Help → Restart to update');
    await speakSpanishInThisTest();
    expect(running.status()).toMatchObject({
      state: 'ready',
      message:
        'spin-desk 1.3.0 está listo para instalarse. Elija Ayuda → Reiniciar para actualizar cuando el mostrador esté tranquilo; también se instala al salir de spin-desk.',
    });
    expect(notUpdatedHere().message).toBe(
      'Esta copia de spin-desk no se actualiza sola. La versión de navegador se ejecuta desde su propia carpeta: actualícela (una versión nueva, o git pull y npm ci) e iníciela de nuevo.',
    );
  });
});
