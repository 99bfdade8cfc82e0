import { app, type BrowserWindow } from 'electron';

/**
 * One copy per user: a second launch hands over to the first, which brings its window forward, and
 * quits. Returns false in that second copy. The data folder lock (services/data-folder) still guards
 * against copies that do not share this lock (another install, the browser version).
 */
export function holdSingleInstance(currentWindow: () => BrowserWindow | undefined): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', () => {
    const window = currentWindow();
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });
  return true;
}
