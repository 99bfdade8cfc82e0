import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Envelope } from '@shared/ipc/envelope';
import type { StorageHealth } from '@shared/ipc/storage-views';
import { app, BrowserWindow, ipcMain } from './test-support/fake-electron';
import { mainProcessPerFile } from './test-support/main-process-per-file';

vi.mock('electron', () => import('./test-support/fake-electron'));

// The Electron shell started as Electron would start it, with its real settings store, on
// a data folder whose settings.json is not JSON: it must start read-only rather than fail, and
// leave the file as it is.
const dataDir = mkdtempSync(join(tmpdir(), 'spin-desk-shell-damaged-'));
const file = join(dataDir, 'settings.json');
const DAMAGED = '{"profiles": {"version": 1, "profiles": [';

mainProcessPerFile(dataDir, () => writeFileSync(file, DAMAGED));

/** Calls a channel as the app's own frame would. */
async function call<T>(channel: string, input?: unknown): Promise<Envelope<T>> {
  const handler = ipcMain.handlers.get(channel) as unknown as (event: unknown, input: unknown) => Promise<Envelope<T>>;
  return handler({ senderFrame: { url: 'app://spin-desk/index.html', parent: null }, sender: {} }, input);
}

describe('the Electron shell on damaged settings', () => {
  it('starts read-only with a banner naming the file, and keeps a copy of it', async () => {
    const copy = readdirSync(dataDir).find((name) => name.startsWith('settings.json.damaged-'));
    expect(copy).toBeDefined();
    expect(readFileSync(join(dataDir, copy ?? ''), 'utf8')).toBe(DAMAGED);
    const storage = await call<StorageHealth>('app:storage');
    expect(storage).toMatchObject({
      ok: true,
      data: {
        state: 'read-only',
        message: `spin-desk cannot record payments: a file in its data folder is damaged, ${file} is not valid JSON (a copy is kept as ${join(dataDir, copy ?? '')}). History can be read; payments are refused.`,
        remedy: expect.stringContaining('then restart spin-desk'),
      },
    });
  });

  it('refuses payments with that reason; the demo terminal is there, in memory, to look around', async () => {
    const list = await call<{ profiles: { name: string }[] }>('profiles:list');
    expect(list).toMatchObject({ ok: true, data: { profiles: [{ name: 'Demo terminal' }] } });
    const sale = await call('payments:sale', { referenceId: 'DAMAGED1', amountCents: 1234, getReceipt: 'No' });
    expect(sale).toMatchObject({
      ok: false,
      error: { code: 'JOURNAL_UNAVAILABLE', message: expect.stringContaining(`${file} is not valid JSON`) },
    });
  });

  it('never writes the damaged file, not even when the window closes and saves its place', async () => {
    expect(BrowserWindow.instances[0]?.tryClose()).toBe(true);
    let prevented = false;
    app.emit('will-quit', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled(), { timeout: 10_000 });
    expect(readFileSync(file, 'utf8')).toBe(DAMAGED);
  });
});
