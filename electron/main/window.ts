import { BrowserWindow, screen } from 'electron';
import type { KeyValueStore } from '../services/settings/key-value-store';
import { APP_ORIGIN } from './app-protocol';
import { followSystemTheme, windowBackground } from './theme';
import { MIN_SIZE, placeWindow, WINDOW_STATE_KEY, type WindowState } from './window-placement';

/**
 * Opens the app's one window where it was last closed (on a display attached now), remembers where
 * it is when it closes, and follows the OS light/dark setting.
 */
export function openMainWindow(store: KeyValueStore, preload: string, packaged: boolean): BrowserWindow {
  const primary = screen.getPrimaryDisplay();
  const others = screen.getAllDisplays().filter((display) => display.id !== primary.id);
  const placement = placeWindow(
    store.get(WINDOW_STATE_KEY),
    [primary, ...others].map((display) => display.workArea),
  );
  // Electron's security checklist first: the page runs sandboxed, isolated from the preload, without
  // Node and without webviews; it reaches main only through the preload's contract functions. The
  // options stay a literal here so Electronegativity (npm run security) can read them.
  const window = new BrowserWindow({
    ...placement.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'spin-desk',
    show: false,
    backgroundColor: windowBackground(),
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      devTools: !packaged,
      // Middle-click opens links in new windows; there is nothing to open, so turn it off.
      disableBlinkFeatures: 'Auxclick',
      navigateOnDragDrop: false,
      safeDialogs: true,
    },
  });
  followSystemTheme(window);
  window.once('ready-to-show', () => {
    if (placement.maximized) window.maximize();
    window.show();
  });
  // getNormalBounds: a maximized window remembers the size it returns to, not the whole screen.
  window.on('close', () => {
    const state: WindowState = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
    try {
      store.set(WINDOW_STATE_KEY, state);
    } catch (error) {
      // The window is closing: there is no one to tell, and a throw here would be an uncaught
      // exception in the main process. It reopens where it was last saved.
      console.error(`[spin-desk] The window's place was not saved: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}
