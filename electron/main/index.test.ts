import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { channels } from '@shared/ipc/contract';
import type { Envelope } from '@shared/ipc/envelope';
import { claimDataFolder, DataFolderBusy } from '../services/data-folder/data-folder-lock';
import { app, BrowserWindow, crashReporter, ipcMain, Menu, protocol, session } from './test-support/fake-electron';
import { mainProcessPerFile } from './test-support/main-process-per-file';

vi.mock('electron', () => import('./test-support/fake-electron'));

// The shell's wiring, started as Electron would start it, on a data folder of its own: the real
// services behind it, the fakes in front.
const dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-shell-'));

mainProcessPerFile(dataDir);

describe('the Electron shell', () => {
  it('keeps its data in the folder --data-dir names', () => {
    expect(app.setPath).toHaveBeenCalledWith('userData', dataDir);
  });

  it('registers app:// before ready, hardens the session and serves the renderer', () => {
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalled();
    expect(protocol.handlers.has('app')).toBe(true);
    expect(session.defaultSession.permissionRequest).toBeDefined();
    expect(app.listenerCount('web-contents-created')).toBe(1);
  });

  it('answers every contract channel from the app frame through the services', async () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...channels].sort());
    const info = ipcMain.handlers.get('app:info') as unknown as (event: unknown, input: unknown) => Promise<Envelope<unknown>>;
    const answer = await info({ senderFrame: { url: 'app://spin-desk/index.html', parent: null }, sender: {} }, undefined);
    // With the data folder, which Help → About names (issue 36).
    expect(answer).toEqual({ ok: true, data: { name: 'spin-desk', version: '1.2.3', shell: 'electron', dataFolder: dataDir } });
  });

  it('keeps crash reports in the data folder, collecting none without the --keep-crash-reports consent (issue 38)', () => {
    expect(app.setPath).toHaveBeenCalledWith('crashDumps', join(dataDir, 'crashes'));
    expect(crashReporter.start).not.toHaveBeenCalled();
  });

  it('answers that an unpackaged start does not update itself', async () => {
    const updates = ipcMain.handlers.get('app:updates') as unknown as (event: unknown, input: unknown) => Promise<Envelope<unknown>>;
    const answer = await updates({ senderFrame: { url: 'app://spin-desk/index.html', parent: null }, sender: {} }, undefined);
    expect(answer).toMatchObject({ ok: true, data: { state: 'not-here' } });
  });

  it('sets the application menu and opens one window on the app', async () => {
    // Once at start and once more when updates have started (the menu follows their state).
    await vi.waitFor(() => expect(Menu.setApplicationMenu).toHaveBeenCalledTimes(2));
    expect(BrowserWindow.instances[0]?.loadURL).toHaveBeenCalledWith('app://spin-desk/index.html');
  });

  it('holds the data folder while running and gives it back when quitting', async () => {
    // Held: another claim on the folder (SQLite's locks count between connections in one process too) is refused.
    const claim = () => claimDataFolder(dataDir, { shell: 'test', onLost: () => undefined });
    await expect(claim()).rejects.toBeInstanceOf(DataFolderBusy);
    let prevented = false;
    app.emit('will-quit', { preventDefault: () => (prevented = true) });
    // The quit waits for the journal and request log to close, then goes on.
    expect(prevented).toBe(true);
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled(), { timeout: 10_000 });
    const after = await claim();
    expect(after.mode).toBe('writer');
    await after.release();
  });
});
