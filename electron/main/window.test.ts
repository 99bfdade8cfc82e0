import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsStore } from '../services/settings/settings-store';
import { MemoryStore, type KeyValueStore } from '../services/settings/key-value-store';
import { BrowserWindow, nativeTheme, resetFakes, screen } from './test-support/fake-electron';
import { WINDOW_BACKGROUND } from './theme';
import { openMainWindow } from './window';
import { DEFAULT_SIZE, WINDOW_STATE_KEY } from './window-placement';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);

const PRELOAD = '/app/out/preload/index.cjs';

function open(store: KeyValueStore = new MemoryStore(), packaged = false): BrowserWindow {
  openMainWindow(store, PRELOAD, packaged);
  const window = BrowserWindow.instances.at(-1);
  if (!window) throw new Error('no window was created');
  return window;
}

describe('the main window', () => {
  it('runs the page sandboxed and isolated, without Node, webviews or devtools when packaged', () => {
    const packaged = open(new MemoryStore(), true);
    expect(packaged.options.webPreferences).toMatchObject({
      preload: PRELOAD,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      devTools: false,
      disableBlinkFeatures: 'Auxclick',
      navigateOnDragDrop: false,
    });
    expect(packaged.options).toMatchObject({ show: false, minWidth: 900, minHeight: 600, ...DEFAULT_SIZE });
    expect(open(new MemoryStore(), false).options.webPreferences).toMatchObject({ devTools: true });
  });

  it('loads the renderer from app://spin-desk and shows itself once painted', () => {
    const window = open();
    expect(window.loadURL).toHaveBeenCalledWith('app://spin-desk/index.html');
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledOnce();
  });

  it('remembers its size, position and maximized state, and reopens there on a display that is attached', () => {
    const store = new MemoryStore();
    const first = open(store);
    first.normalBounds = { x: 2100, y: 50, width: 1100, height: 750 };
    first.maximized = true;
    expect(first.tryClose()).toBe(true);
    expect(store.get(WINDOW_STATE_KEY)).toEqual({ bounds: first.normalBounds, maximized: true });

    screen.displays = [
      { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } },
      { id: 2, workArea: { x: 1920, y: 0, width: 1920, height: 1040 } },
    ];
    const second = open(store);
    expect(second.options).toMatchObject({ x: 2100, y: 50, width: 1100, height: 750 });
    second.emit('ready-to-show');
    expect(second.maximize).toHaveBeenCalled();

    // The second display is unplugged: the window comes back centred on the primary one.
    screen.displays = [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }];
    const third = open(store);
    expect(third.options).toMatchObject({ width: 1100, height: 750 });
    expect(third.options).not.toHaveProperty('x');
  });

  it('closes even when its place cannot be saved, and says so in the log', () => {
    // A real store on a folder that is not there: every write fails (ENOENT).
    const store = new SettingsStore('/nonexistent-spin-desk-folder/settings.json', {});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(open(store).tryClose()).toBe(true);
      expect(logged).toHaveBeenCalledWith(
        expect.stringContaining("[spin-desk] The window's place was not saved: The change was not saved"),
      );
      expect(store.get(WINDOW_STATE_KEY)).toBeUndefined();
    } finally {
      logged.mockRestore();
    }
  });

  it('follows the OS light/dark setting, also when it changes', () => {
    nativeTheme.shouldUseDarkColors = true;
    const window = open();
    expect(window.options.backgroundColor).toBe(WINDOW_BACKGROUND.dark);
    expect(nativeTheme.themeSource).toBe('system');
    nativeTheme.shouldUseDarkColors = false;
    nativeTheme.emit('updated');
    expect(window.setBackgroundColor).toHaveBeenLastCalledWith(WINDOW_BACKGROUND.light);
    window.emit('closed');
    expect(nativeTheme.listenerCount('updated')).toBe(0);
  });

  it('paints the window with the page background of each theme (renderer/styles/app.css --bg)', () => {
    const css = readFileSync('renderer/styles/app.css', 'utf8');
    const [light, dark] = [...css.matchAll(/--bg:\s*(#[0-9a-f]{6})/gi)].map((match) => match[1]?.toLowerCase());
    expect({ light, dark }).toEqual(WINDOW_BACKGROUND);
  });
});
