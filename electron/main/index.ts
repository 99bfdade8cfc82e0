import { app, BrowserWindow, dialog, Menu, net } from 'electron';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppServices, type AppServices } from '../services/app-services';
import { claimDataFolder, DataFolderBusy, type DataFolderClaim } from '../services/data-folder/data-folder-lock';
import { openSettings, SETTINGS_FILE } from '../services/data-folder/open-settings';
import { useSqliteBinding } from '../services/journal/sqlite-binding';
import { stoppableStore, type StoppableStore } from '../services/settings/key-value-store';
import { languageSetting } from '../services/settings/language-setting';
import { speakAtStart } from '../services/settings/main-language';
import { Redactor } from '../services/security/redactor';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { applyDataDirSwitch } from './data-dir';
import { menuTemplate } from './app-menu';
import { menuActions } from './app-menu-actions';
import { keepDumpsBounded, startCrashReporter } from './crash-reports';
import { exitOnUncaughtError } from './fatal-error';
import { registerIpc } from './ipc';
import { printingHandlers } from './printing';
import { installQuitGuard } from './quit-guard';
import { recoverRenderer } from './renderer-recovery';
import { SafeStorageVault } from './safe-storage-vault';
import { hardenApp } from './security';
import { holdSingleInstance } from './single-instance';
import { NO_UPDATES, startUpdates, type Updates } from './updates';
import { openMainWindow } from './window';

// The Electron shell: lifecycle and wiring only. Each piece (window, protocol, security hooks, IPC,
// menu, quit guard, updates, crash handling) is a module of its own with unit tests against a
// mocked 'electron'; the real work lives in electron/services, which runs unchanged in the browser
// host and in the tests.
applyDataDirSwitch();
registerAppScheme();
// The user's app data, or the folder --data-dir names: the journal, settings and crash reports.
const dataDir = app.getPath('userData');
const log = (message: string) => console.error(`[spin-desk] ${message}`);
// Says whether crash dumps are kept this run and why (the user's consent, the folder's place).
const crashDir = startCrashReporter(dataDir, process.argv, log);
let services: AppServices | undefined;
let dataFolder: DataFolderClaim | undefined;
let store: StoppableStore | undefined;
let mainWindow: BrowserWindow | undefined;
let updates: Updates = NO_UPDATES;
// The app's one Redactor (the services learn every Authkey through it), also for a fatal error's report.
const redactor = new Redactor();

/** Closes the journal and the request log and gives the data folder back. */
async function closeAll(): Promise<void> {
  await services?.close();
  await dataFolder?.release();
}

exitOnUncaughtError({ redact: (text) => redactor.text(text), crashDir, close: closeAll });

if (holdSingleInstance(() => mainWindow)) void start();
else app.quit();

async function start(): Promise<void> {
  await app.whenReady();
  hardenApp();
  serveRenderer(fileURLToPath(new URL('../renderer', import.meta.url)), () => services?.downloads);
  void keepDumpsBounded(crashDir, log);
  // Unpackaged (`npm start`), SQLite's module built for Electron sits in out/native (scripts/electron-sqlite.mjs).
  const devSqlite = fileURLToPath(new URL('../native/node_modules/better-sqlite3/build/Release/better_sqlite3.node', import.meta.url));
  if (!app.isPackaged && existsSync(devSqlite)) useSqliteBinding(devSqlite);
  try {
    // The folder may belong to another copy now: no more writes of any kind (settings, journal, request log).
    dataFolder = await claimDataFolder(dataDir, {
      shell: 'electron',
      onLost: (reason) => {
        store?.stopWriting(reason);
        services?.lockLost(reason);
      },
    });
  } catch (error) {
    if (!(error instanceof DataFolderBusy)) throw error;
    // The settings (and the language they remember) belong to the other copy: the system's language.
    await speakAtStart(app.getPreferredSystemLanguages());
    dialog.showErrorBox(m.sys_folder_busy_title(), error.shownMessage());
    app.quit();
    return;
  }
  // Damaged settings start the app read-only on settings in memory, leaving the file as it is.
  const settings = openSettings({
    file: join(dataDir, SETTINGS_FILE),
    readOnly: dataFolder.mode === 'read-only' ? dataFolder.reason : undefined,
  });
  if (settings.damaged) log(`${settings.damaged.message} Starting read-only. ${settings.damaged.remedy}`);
  const settingsStore = stoppableStore(settings.store);
  store = settingsStore;
  const running = await createAppServices({
    store: settingsStore,
    vault: new SafeStorageVault(settingsStore),
    info: { name: 'spin-desk', version: app.getVersion(), shell: 'electron' },
    log: { error: (message) => log(message) },
    redactor,
    // The payment journal must survive crashes and updates: keep it with the user's app data.
    dataDir,
    ...(settings.readOnly ? { dataFolderReadOnly: settings.readOnly } : {}),
    // SPIn requests go through Chromium's network stack: the OS proxy settings and certificate
    // store (shops behind a TLS-inspecting proxy need both) and no 300 s cap on slow answers.
    fetch: spinFetch,
    updates: () => updates.status(),
    onLanguageChosen: () => setMenu(),
    systemLanguages: app.getPreferredSystemLanguages(),
  });
  services = running;
  registerIpc(running.dispatch, printingHandlers());
  const actions = menuActions({
    window: () => mainWindow,
    dispatch: running.dispatch,
    downloads: running.downloads,
    dataDir,
    updates: {
      status: () => updates.status(),
      restartToUpdate: () => updates.restartToUpdate(),
      setAutomatic: (on) => updates.setAutomatic(on),
    },
  });
  // Built again whenever the updates change ("Restart to update" is enabled once one is downloaded).
  const setMenu = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate(actions, {
          packaged: app.isPackaged,
          platform: process.platform,
          update: updates.status(),
          language: languageSetting(settingsStore).read().language,
        }),
      ),
    );
  setMenu();
  const quitGuard = installQuitGuard({ paymentsInFlight: () => running.registry.inProgress() });
  const preload = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
  const showWindow = () => {
    mainWindow = openMainWindow(settingsStore, preload, app.isPackaged);
    quitGuard.watch(mainWindow);
    recoverRenderer(mainWindow, {
      log,
      onLost: () => void keepDumpsBounded(crashDir, log),
      onGiveUp: () => dialog.showErrorBox(m.sys_window_lost_title(), m.sys_window_lost_detail()),
    });
  };
  showWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) showWindow();
  });
  // After the window: the first check runs in the background and never holds up the start.
  updates = await startUpdates({ dataDir, store: settingsStore, services: running, onChange: setMenu, log });
  setMenu();
}

/** net.fetch takes a string or a Request; ky only ever passes a Request, a URL is turned into text. */
const spinFetch: typeof fetch = (input, init) => net.fetch(input instanceof URL ? input.href : input, init);

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Close the journal and the request log and give the data folder back before the process ends.
let closed = false;
app.on('will-quit', (event) => {
  if (closed || !services) return;
  event.preventDefault();
  void closeAll()
    .catch((error: unknown) => console.error('[spin-desk] closing failed', error))
    .finally(() => {
      closed = true;
      app.quit();
    });
});
