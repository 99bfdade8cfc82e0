import type { BrowserWindow } from 'electron';
import { APP_ORIGIN } from './app-protocol';

/** More losses than this within RELOAD_WINDOW_MS and the page is left as it is: reloading a page that crashes at once would only loop. */
export const MAX_RELOADS = 3;
export const RELOAD_WINDOW_MS = 60_000;
/** How long a page may hang before it is ended: a big report can hold it for a moment and then answer again. */
export const HANG_GRACE_MS = 10_000;

export interface RendererRecoveryOptions {
  log: (message: string) => void;
  /** After each loss (a crash leaves a minidump: keep the folder bounded). */
  onLost?: () => void;
  /** The loop was detected and reloading stopped: tell the person at the counter. */
  onGiveUp: () => void;
  now?: () => number;
}

/**
 * A window whose page crashed ('render-process-gone') or hangs ('unresponsive') is loaded again.
 * Nothing of a payment is lost with the page: main sends every request and keeps its journal, so a
 * sale in flight goes on, and the reloaded page finds it through journal:pending and shows it where
 * it stands (LeftPendingNotice). A page that hangs for HANG_GRACE_MS is ended first: a reload
 * would wait on the very renderer that does not answer.
 */
export function recoverRenderer(window: BrowserWindow, options: RendererRecoveryOptions): void {
  const now = options.now ?? Date.now;
  let losses: number[] = [];

  window.webContents.on('render-process-gone', (_event, details) => {
    // A clean exit is the window closing, not a failure.
    if (details.reason === 'clean-exit' || window.isDestroyed()) return;
    options.log(`The window's page was lost (${details.reason}, exit code ${details.exitCode}).`);
    options.onLost?.();
    const at = now();
    losses = [...losses.filter((time) => at - time < RELOAD_WINDOW_MS), at];
    if (losses.length > MAX_RELOADS) {
      options.log(`The page was lost ${losses.length} times within a minute; it is not loaded again.`);
      options.onGiveUp();
      return;
    }
    options.log('Loading the page again; payments go on in the main process.');
    void window.loadURL(`${APP_ORIGIN}/index.html`);
  });

  let hang: ReturnType<typeof setTimeout> | undefined;
  window.on('unresponsive', () => {
    hang ??= setTimeout(() => {
      hang = undefined;
      if (window.isDestroyed()) return;
      options.log(`The window did not answer for ${HANG_GRACE_MS / 1000} s; ending its page so that it can be loaded again.`);
      // Ends the renderer process; 'render-process-gone' (reason "killed") then reloads the page.
      window.webContents.forcefullyCrashRenderer();
    }, HANG_GRACE_MS);
  });
  window.on('responsive', () => {
    clearTimeout(hang);
    hang = undefined;
  });
}
