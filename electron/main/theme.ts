import { nativeTheme, type BrowserWindow } from 'electron';

/**
 * The page's own background in each theme (--bg in renderer/styles/app.css; a test keeps the two
 * equal). The renderer follows the OS through prefers-color-scheme, which Electron derives from
 * nativeTheme; the window's background must match it, or a dark desktop sees a white flash while
 * the page loads and behind it when it resizes.
 */
export const WINDOW_BACKGROUND = { light: '#f3f5f8', dark: '#0f1318' } as const;

export function windowBackground(): string {
  return nativeTheme.shouldUseDarkColors ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light;
}

/** Follows the OS light/dark setting, also when it changes while the app runs. */
export function followSystemTheme(window: BrowserWindow): void {
  nativeTheme.themeSource = 'system';
  const update = () => {
    if (!window.isDestroyed()) window.setBackgroundColor(windowBackground());
  };
  nativeTheme.on('updated', update);
  window.once('closed', () => nativeTheme.off('updated', update));
}
