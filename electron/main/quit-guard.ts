import { app, dialog, type BrowserWindow } from 'electron';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

export interface QuitGuardOptions {
  /** How many payments are being sent or looked up right now (services' RecoveryRegistry.inProgress()). */
  paymentsInFlight: () => number;
  platform?: NodeJS.Platform;
}

const KEEP_OPEN = 0;
const QUIT_ANYWAY = 1;

/**
 * Quitting while a payment is out asks first: the customer may be at the terminal with the card.
 * Quitting anyway is safe for the money (the journal has the intent; the next start looks the
 * outcome up), but the person at the counter would not see the answer now. Guards the app's quit
 * (menu, Cmd+Q, OS shutdown of the app) and, where closing the last window quits, the window's close.
 */
export function installQuitGuard(options: QuitGuardOptions): { watch(window: BrowserWindow): void } {
  const platform = options.platform ?? process.platform;
  let confirmed = false;
  let asking = false;
  let lastWindow: BrowserWindow | undefined;

  const intercept = (event: Electron.Event, window: BrowserWindow | undefined) => {
    if (confirmed) return;
    const count = options.paymentsInFlight();
    if (count === 0) return;
    event.preventDefault();
    if (asking) return;
    asking = true;
    void askToQuit(count, window)
      .then((quit) => {
        if (!quit) return;
        confirmed = true;
        app.quit();
      })
      .finally(() => {
        asking = false;
      });
  };

  app.on('before-quit', (event) => intercept(event, lastWindow && !lastWindow.isDestroyed() ? lastWindow : undefined));
  return {
    watch(window) {
      lastWindow = window;
      // On macOS closing the window leaves the app (and the payment) running; only quitting asks.
      if (platform !== 'darwin') window.on('close', (event) => intercept(event, window));
    },
  };
}

async function askToQuit(count: number, window: BrowserWindow | undefined): Promise<boolean> {
  const options: Electron.MessageBoxOptions = {
    type: 'warning',
    title: m.sys_quit_title(),
    message: count === 1 ? m.sys_quit_waiting_one() : m.sys_quit_waiting_many({ count }),
    detail: m.sys_quit_detail(),
    buttons: [m.sys_quit_keep_open(), m.sys_quit_anyway()],
    defaultId: KEEP_OPEN,
    cancelId: KEEP_OPEN,
    noLink: true,
  };
  const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  return response === QUIT_ANYWAY;
}
