import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryJournal } from '../services/journal/sqlite-journal';
import { RecoveryRegistry } from '../services/recovery/recovery-registry';
import { MemoryStore } from '../services/store/key-value-store';
import { UPDATE_POLICY_FILE, UPDATE_SETTING_KEY } from '../services/updates/update-policy';
import { startUpdates, type UpdatesOptions } from './updates';
import { app, resetFakes } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

// The shell's side of updates: an installed app (app.isPackaged) with a stand-in for
// electron-updater's updater (its real one needs the Electron binary; update-feed.test.ts runs it
// against a local feed), the real policy file in a data folder, the real journal.

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
    logger: null,
    checkForUpdates: vi.fn(async () => null),
    quitAndInstall: vi.fn(),
    setFeedURL: vi.fn(),
  };
}

function start(policy?: string, store = new MemoryStore()) {
  const dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-updates-'));
  if (policy !== undefined) writeFileSync(join(dataDir, UPDATE_POLICY_FILE), policy);
  const updater = standIn();
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
  it('are not started by an unpackaged app', async () => {
    app.isPackaged = false;
    const { updater, updates } = start();
    expect((await updates).status().state).toBe('not-here');
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
  });

  it('check at start, and decide on quit whether the downloaded update may install', async () => {
    const { updater, updates } = start();
    await updates;
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
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
