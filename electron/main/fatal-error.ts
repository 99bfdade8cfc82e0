import { app, dialog } from 'electron';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAIN_ERROR_PREFIX } from '../services/diagnostics/crash-dumps';

/** How long closing the journal and the data folder may take before the process ends anyway. */
export const CLOSE_TIMEOUT_MS = 5000;

export interface FatalErrorOptions {
  /** The app's Redactor: an error's message or stack can carry an Authkey or a card number from a request. */
  redact: (text: string) => string;
  /** The crash folder in the data folder, where the report is kept for the support bundle. */
  crashDir: string;
  /** Closes the services and gives the data folder back (what will-quit does). */
  close: () => Promise<void>;
  now?: () => Date;
  /** Where the errors are heard: the process (a test passes an emitter of its own). */
  events?: { on(event: 'uncaughtException' | 'unhandledRejection', handler: (error: unknown) => void): unknown };
}

/**
 * An error nothing caught in the main process leaves it in a state no one knows: the app says so,
 * keeps a redacted report beside the crash dumps, closes the journal (every payment's intent is
 * already on disk; the next start looks up what is unknown) and exits, rather than half-working.
 */
export function exitOnUncaughtError(options: FatalErrorOptions): void {
  let handled = false;
  const handle = (error: unknown) => {
    if (handled) return;
    handled = true;
    const text = options.redact(error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error));
    console.error(`[spin-desk] An error in the main process stops the app: ${text}`);
    keepReport(options, text);
    dialog.showErrorBox(m.sys_fatal_title(), m.sys_fatal_detail());
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
    void Promise.race([options.close(), timeout])
      .catch((closing: unknown) => console.error(`[spin-desk] Closing after the error failed: ${options.redact(String(closing))}`))
      .finally(() => app.exit(1));
  };
  const events = options.events ?? process;
  events.on('uncaughtException', handle);
  events.on('unhandledRejection', handle);
}

function keepReport(options: FatalErrorOptions, text: string): void {
  const at = (options.now ?? (() => new Date()))();
  try {
    mkdirSync(options.crashDir, { recursive: true });
    const name = `${MAIN_ERROR_PREFIX}${at.toISOString().replaceAll(':', '-')}.txt`;
    writeFileSync(join(options.crashDir, name), `spin-desk ${app.getVersion()} stopped at ${at.toISOString()}\n\n${text}\n`);
  } catch (error) {
    console.error(`[spin-desk] The error report could not be kept: ${error instanceof Error ? error.message : String(error)}`);
  }
}
