import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryJournal } from '../services/journal/sqlite-journal';
import { RecoveryRegistry } from '../services/recovery/recovery-registry';
import { MemoryStore } from '../services/settings/key-value-store';
import { UPDATE_POLICY_FILE, UPDATE_SETTING_KEY } from '../services/updates/update-policy';
import { startUpdates, type UpdatesOptions } from './updates';
import { app, resetFakes } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

// The shell's side of updates: an installed app (app.isPackaged) with a stand-in for
// electron-updater's updater (its real one needs the Electron binary; update-feed.test.ts runs it
// against a local feed), the real policy file in a data folder, the real journal. An unpackaged
// run too, which checks only a feed the policy file names (the Electron smoke test's).

let journal: MemoryJournal;
beforeEach(() => {
  resetFakes();
  app.isPackaged = true;
  journal = new MemoryJournal();
});
afterEach(() => journal.close());

function standIn() {
  return {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    channel: null as string | null,
    forceDevUpdateConfig: false,
    logger: null,
    checkForUpdates: vi.fn(async () => null),
    downloadUpdate: vi.fn(async () => []),
    quitAndInstall: vi.fn(),
    setFeedURL: vi.fn(),
  };
}

function start(policy?: string, store = new MemoryStore(), updater = standIn()) {
  const dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-updates-'));
  if (policy !== undefined) writeFileSync(join(dataDir, UPDATE_POLICY_FILE), policy);
  const options: UpdatesOptions = {
    dataDir,
    store,
    services: { journal, registry: new RecoveryRegistry() },
    onChange: vi.fn(),
    log: vi.fn(),
    updater: () => updater,
  };
  return { updater, options, updates: startUpdates(options) };
}

describe('updates in the Electron shell', () => {
  it('are not started by an unpackaged app unless the policy file names a feed', async () => {
    app.isPackaged = false;
    const withFeed = new MemoryStore();
    withFeed.set(UPDATE_SETTING_KEY, { feedUrl: 'https://updates.example.com/spin-desk/' });
    // No policy file; a policy without a feed; a feed in the app's own setting only; a policy file
    // that cannot be followed (http off this machine).
    for (const [policy, store] of [
      [undefined, new MemoryStore()],
      ['{ "channel": "beta" }', new MemoryStore()],
      [undefined, withFeed],
      ['{ "feedUrl": "http://updates.example.com/" }', new MemoryStore()],
    ] as const) {
      const { updater, updates } = start(policy, store);
      expect((await updates).status().state, policy).toBe('not-here');
      expect(updater.checkForUpdates).not.toHaveBeenCalled();
      expect(updater.forceDevUpdateConfig).toBe(false);
    }
  });

  it("check the policy file's feed in an unpackaged app, in the background: a feed that never answers holds nothing up", async () => {
    app.isPackaged = false;
    const updater = standIn();
    updater.checkForUpdates.mockReturnValue(new Promise<null>(() => undefined));
    const { updates } = start('{ "feedUrl": "http://127.0.0.1:4567/" }', new MemoryStore(), updater);
    const running = await updates;
    // electron-updater checks nothing unpackaged unless forced; the feed replaces dev-app-update.yml.
    expect(updater.forceDevUpdateConfig).toBe(true);
    expect(updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'http://127.0.0.1:4567/', channel: 'latest' });
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    expect(running.status()).toMatchObject({ state: 'checking', managed: true });
  });

  it('check at start, and decide on quit whether the downloaded update may install', async () => {
    const { updater, updates } = start();
    await updates;
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    expect(updater.forceDevUpdateConfig).toBe(false);
    app.tryQuit();
    // Nothing downloaded: nothing installs on the way out.
    expect(updater.autoInstallOnAppQuit).toBe(false);
  });

  it("follow the store's feed and channel from the policy file", async () => {
    const { updater, updates } = start('{ "feedUrl": "https://updates.example-store.com/spin-desk/", "channel": "store-2026" }');
    expect((await updates).status().managed).toBe(true);
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.example-store.com/spin-desk/',
      channel: 'store-2026',
    });
    expect(updater.channel).toBe('store-2026');
  });

  it('stay off with the field and the rule named when the policy file cannot be followed', async () => {
    const { updater, options, updates } = start('{ "channel": "Latest Stable" }');
    const status = (await updates).status();
    expect(status).toMatchObject({ state: 'off', managed: true });
    expect(status.message).toMatch(/^Updates are off: .*update-policy\.json: "channel" must be a channel name/);
    expect(options.log).toHaveBeenCalledWith(expect.stringContaining('"channel" must be a channel name'));
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
  });

  it("keep the menu's choice in the settings, next to what else the setting says", async () => {
    const store = new MemoryStore();
    store.set(UPDATE_SETTING_KEY, { channel: 'beta' });
    const { updater, updates } = start(undefined, store);
    const running = await updates;
    running.setAutomatic(false);
    expect(store.get(UPDATE_SETTING_KEY)).toEqual({ channel: 'beta', automatic: false });
    expect(running.status().state).toBe('off');
    expect(updater.channel).toBe('beta');
  });
});
