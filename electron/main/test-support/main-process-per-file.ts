import { afterAll, beforeAll, expect, vi } from 'vitest';
import { app, BrowserWindow, resetFakes } from './fake-electron';

/**
 * Starts the main process (electron/main/index.ts) once for a test file, as Electron would start
 * it, on `dataDir` and against the fake Electron (the file mocks 'electron' with fake-electron), and
 * quits it after the last test: a file's last test may quit it itself, this makes sure nothing is
 * left running when that test failed first. `prepare` runs first (to put files in the folder).
 */
export function mainProcessPerFile(dataDir: string, prepare: () => void = () => undefined): void {
  beforeAll(async () => {
    prepare();
    resetFakes();
    app.switches.set('data-dir', dataDir);
    app.setPath.mockImplementation((_name: string, path: string) => app.getPath.mockImplementation(() => path));
    await import('../index');
    await vi.waitFor(() => expect(BrowserWindow.instances).toHaveLength(1), { timeout: 10_000 });
    // Importing the whole main process through vitest's transform took over 10 s on a loaded machine.
  }, 60_000);

  afterAll(() => {
    app.emit('will-quit', { preventDefault: () => undefined });
  });
}
