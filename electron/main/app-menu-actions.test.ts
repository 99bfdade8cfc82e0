import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../services/app-services';
import type { UpdateStatus } from '@shared/ipc/update-views';
import { menuActions } from './app-menu-actions';
import { app, BrowserWindow, dialog, resetFakes, shell } from './test-support/fake-electron';
import { memoryAppServices } from '../../tests/support/memory-app-services';
import { speakSpanishInThisTest } from '../../tests/support/speak-spanish';

vi.mock('electron', () => import('./test-support/fake-electron'));

// The menu's commands against the real services (memory journal, demo profile), through the
// same dispatch() the IPC channels use.
let services: AppServices;
const folder = mkdtempSync(join(tmpdir(), 'spin-desk-menu-'));

beforeAll(async () => {
  services = await memoryAppServices();
});
afterAll(() => services.close());
beforeEach(resetFakes);

function setup(dataDir = folder) {
  const window = new BrowserWindow({});
  const updates = {
    status: vi.fn((): UpdateStatus => ({
      state: 'ready',
      version: '1.3.0',
      lastCheck: '2026-11-26T09:00:00.000Z',
      message: 'spin-desk 1.3.0 is ready to install.',
    })),
    restartToUpdate: vi.fn(),
    setAutomatic: vi.fn(),
  };
  const run = menuActions({ window: () => window.real, dispatch: services.dispatch, downloads: services.downloads, dataDir, updates });
  return { window, run, updates };
}

const saveTo = (name: string) => {
  const path = join(folder, name);
  dialog.showSaveDialog.mockImplementation(async () => ({ canceled: false, filePath: path }));
  return path;
};

/** Waits until `window` showed a message box with these fields. */
const messageBoxShown = (window: BrowserWindow, fields: Record<string, unknown>) =>
  vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledWith(window, expect.objectContaining(fields)));

describe('menu commands', () => {
  it('Export saves the payment history as CSV where the user chooses', async () => {
    const { window, run } = setup();
    const path = saveTo('history.csv');
    run.exportHistory();
    await vi.waitFor(() => expect(readFileSync(path, 'utf8')).toMatch(/^.*Reference/i));
    const [owner, choice] = dialog.showSaveDialog.mock.calls[0] ?? [];
    expect(owner).toBe(window);
    expect(choice).toMatchObject({ defaultPath: expect.stringMatching(/\.csv$/), filters: [{ name: 'CSV', extensions: ['csv'] }] });
  });

  it('Save support bundle writes the redacted bundle', async () => {
    const { run } = setup();
    const path = saveTo('bundle.json');
    run.saveSupportBundle();
    await vi.waitFor(() => expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ app: { version: '1.2.3' } }));
  });

  it('Print prints the window with backgrounds, and reports a failure in a dialog', async () => {
    const { window, run } = setup();
    run.print();
    expect(window.webContents.print).toHaveBeenCalledWith({ silent: false, printBackground: true }, expect.any(Function));
    window.webContents.print.mockImplementation((_options, callback) => callback?.(false, 'No printer is installed'));
    run.print();
    await messageBoxShown(window, { type: 'error', detail: 'No printer is installed' });
  });

  it('Open data folder opens it in the file manager, and says so when it cannot', async () => {
    const { window, run } = setup('/data/spin-desk');
    run.openDataFolder();
    expect(shell.openPath).toHaveBeenCalledWith('/data/spin-desk');
    shell.openPath.mockImplementation(async () => 'Failed to open path');
    run.openDataFolder();
    await messageBoxShown(window, { message: 'Opening the data folder failed', detail: '/data/spin-desk: Failed to open path' });
  });

  it('About names the version, where updates stand and the last check', async () => {
    const { window, run } = setup();
    app.getVersion.mockImplementation(() => '4.5.6');
    run.about();
    await messageBoxShown(window, { message: 'spin-desk 4.5.6' });
    const { detail } = dialog.showMessageBox.mock.calls[0]?.[1] as { detail: string };
    expect(detail).toContain('Updates: spin-desk 1.3.0 is ready to install.');
    expect(detail).toContain(`Last update check: ${new Date('2026-11-26T09:00:00.000Z').toLocaleString()}`);
  });

  it('"Restart to update" asks the update service, which decides whether it may', () => {
    const { run, updates } = setup();
    run.restartToUpdate();
    expect(updates.restartToUpdate).toHaveBeenCalledOnce();
  });
});

// Issue 41, item 1: the menu's dialogs are worded when they open, in the language main speaks then.
describe('the menu dialogs in Spanish', () => {
  it('says a failed command and the About box in Spanish', async () => {
    await speakSpanishInThisTest();
    const { window, run } = setup('/data/spin-desk');
    shell.openPath.mockImplementation(async () => 'Failed to open path');
    run.openDataFolder();
    await messageBoxShown(window, { message: 'No se pudo abrir la carpeta de datos', detail: '/data/spin-desk: Failed to open path' });
    dialog.showMessageBox.mockClear();
    run.about();
    await messageBoxShown(window, { title: 'Acerca de spin-desk', buttons: ['Aceptar'] });
    const { detail } = dialog.showMessageBox.mock.calls[0]?.[1] as { detail: string };
    expect(detail).toContain('Una aplicación de escritorio para las terminales de pago SPIn v2.');
    expect(detail).toContain('Carpeta de datos: /data/spin-desk');
    expect(detail).toContain('Última búsqueda de actualizaciones: ');
  });
});
