import { app, BrowserWindow, dialog, net } from 'electron';
import { fileURLToPath } from 'node:url';
import { createAppServices, type AppServices } from '../services/app-services';
import { claimDataFolder, DataFolderBusy, type DataFolderClaim } from '../services/data-folder/data-folder-lock';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './app-protocol';
import { createElectronStore } from './electron-store-adapter';
import { registerIpc } from './ipc';
import { printingHandlers } from './printing';
import { SafeStorageVault } from './safe-storage-vault';
import { hardenApp } from './security';

// The Electron shell: lifecycle, window, security hooks, IPC registration. Real work lives in
// electron/services, which runs unchanged in the browser host and in the tests.
registerAppScheme();
let services: AppServices | undefined;
let dataFolder: DataFolderClaim | undefined;
let mainWindow: BrowserWindow | undefined;

// One copy per user: a second launch hands over to the first (focus its window) and quits. The
// data folder lock below still guards against copies that do not share this lock (another
// install, the browser version on the same folder).
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow || mainWindow.isDestroyed()) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  void start();
}

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    title: 'spin-desk',
    show: false,
    webPreferences: {
      preload: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: !app.isPackaged,
      // Middle-click opens links in new windows; there is nothing to open, so turn it off.
      disableBlinkFeatures: 'Auxclick',
      navigateOnDragDrop: false,
      safeDialogs: true,
    },
  });
  mainWindow = window;
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
}

async function start(): Promise<void> {
  await app.whenReady();
  hardenApp();
  serveRenderer(fileURLToPath(new URL('../renderer', import.meta.url)));
  const dataDir = app.getPath('userData');
  try {
    dataFolder = await claimDataFolder(dataDir, { shell: 'electron', onLost: () => services?.lockLost() });
  } catch (error) {
    if (!(error instanceof DataFolderBusy)) throw error;
    dialog.showErrorBox('spin-desk is already running', error.message);
    app.quit();
    return;
  }
  const store = createElectronStore();
  services = await createAppServices({
    store,
    vault: new SafeStorageVault(store),
    info: { name: 'spin-desk', version: app.getVersion(), shell: 'electron' },
    log: { error: (message) => console.error(`[spin-desk] ${message}`) },
    // The payment journal must survive crashes and updates: keep it with the user's app data.
    dataDir,
    ...(dataFolder.mode === 'read-only' ? { dataFolderReadOnly: dataFolder.reason } : {}),
    // SPIn requests go through Chromium's network stack: the OS proxy settings and certificate
    // store (shops behind a TLS-inspecting proxy need both) and no 300 s cap on slow answers.
    fetch: spinFetch,
  });
  registerIpc(services.dispatch, printingHandlers());
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
}

/** net.fetch takes a string or a Request; ky only ever passes a Request, a URL is turned into text. */
const spinFetch: typeof fetch = (input, init) => net.fetch(input instanceof URL ? input.href : input, init);

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('will-quit', () => {
  void services?.close().finally(() => dataFolder?.release());
});
