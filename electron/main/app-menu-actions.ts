import { app, dialog, shell, type BrowserWindow } from 'electron';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { SupportBundle } from '@shared/ipc/diagnostics-views';
import { LanguageChoice } from '@shared/ipc/language-views';
import type { Channel } from '@shared/ipc/contract';
import type { UpdateStatus } from '@shared/ipc/update-views';
import type { Dispatch } from '../services/handlers/dispatch';
import { JOURNAL_CSV_PATH } from '@shared/ipc/journal-views';
import type { Downloads } from '../services/handlers/downloads';
import type { MenuActions } from './app-menu';
import { saveWithDialog } from './save-file';

export interface MenuActionDeps {
  /** The app's window now (it can be closed and opened again on macOS). */
  window: () => BrowserWindow | undefined;
  /** The same dispatch() the IPC channels use: the menu adds no second way to reach a service. */
  dispatch: Dispatch;
  /** The page's downloads (the History CSV), which the menu's Export writes to the chosen file as it is read. */
  downloads: Downloads;
  /** The app's data folder (journal, request log, settings). */
  dataDir: string;
  /** Where updates stand, and "Restart to update" (updates.ts: the UpdateService, or "not updated here"). */
  updates: { status(): UpdateStatus; restartToUpdate(): void; setAutomatic(on: boolean): void };
}

/** The menu's commands. Each reports a failure in a dialog instead of failing silently. */
export function menuActions(deps: MenuActionDeps): MenuActions {
  // `what` words the action when it fails, in the language of that moment.
  const report = (what: () => string) => (error: unknown) => {
    const window = deps.window();
    const options = {
      type: 'error' as const,
      message: m.sys_menu_failed({ action: what() }),
      detail: error instanceof Error ? error.message : String(error),
    };
    void (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
  };
  const run = (what: () => string, action: () => Promise<unknown>) => () => void action().catch(report(what));

  /** Calls a channel through dispatch and unwraps its envelope, parsed with the channel's output schema. */
  const call = async <T>(channel: Channel, input: unknown, schema: { parse(data: unknown): T }): Promise<T> => {
    const envelope = await deps.dispatch(channel, input);
    if (!envelope.ok) throw new Error(envelope.error.message);
    return schema.parse(envelope.data);
  };

  return {
    // The page's beforeprint handler mounts a screen's print layout (reports), as on Ctrl+P in a browser.
    print: run(m.sys_menu_printing, async () => {
      const window = deps.window();
      if (!window) return;
      await new Promise<void>((resolve, reject) =>
        window.webContents.print({ silent: false, printBackground: true }, (success, reason) =>
          success || /cancel/i.test(reason) ? resolve() : reject(new Error(reason)),
        ),
      );
    }),
    exportHistory: run(m.sys_menu_exporting, async () => {
      // Written a piece at a time as the journal is read: 1,000,000 entries never sit in memory.
      const answer = deps.downloads(JOURNAL_CSV_PATH, new URLSearchParams());
      if (!answer.ok) throw new Error(answer.message);
      const { filename, chunks } = answer.download;
      await saveWithDialog(deps.window(), { defaultPath: filename, filters: [{ name: 'CSV', extensions: ['csv'] }] }, async () => chunks);
    }),
    saveSupportBundle: run(m.sys_menu_saving_bundle, async () => {
      const bundle = await call('diagnostics:bundle', undefined, SupportBundle);
      await saveWithDialog(
        deps.window(),
        { defaultPath: bundle.filename, filters: [{ name: 'JSON', extensions: ['json'] }] },
        async () => bundle.json,
      );
    }),
    openDataFolder: run(m.sys_menu_opening_folder, async () => {
      // openPath answers with an error message, or '' when the folder opened.
      const problem = await shell.openPath(deps.dataDir);
      if (problem) throw new Error(`${deps.dataDir}: ${problem}`);
    }),
    restartToUpdate: () => deps.updates.restartToUpdate(),
    setAutomaticUpdates: (on) => deps.updates.setAutomatic(on),
    // Remembered through app:language like the page's own picker; the page reads it again within
    // seconds (renderer/lib/i18n/language.svelte.ts) and the menu is built again with it checked.
    setLanguage: (language) => run(m.sys_menu_changing_language, () => call('app:language', { language }, LanguageChoice))(),
    about: run(m.sys_menu_showing_version, async () => {
      const window = deps.window();
      const update = deps.updates.status();
      const options: Electron.MessageBoxOptions = {
        type: 'info',
        title: m.about_title(),
        message: `spin-desk ${app.getVersion()}`,
        detail: [
          m.about_tagline(),
          `Electron ${process.versions.electron ?? '?'}, Chromium ${process.versions.chrome ?? '?'}, Node ${process.versions.node}`,
          m.sys_about_data_folder({ folder: deps.dataDir }),
          '',
          m.sys_about_updates({ status: update.message }),
          update.lastCheck ? m.sys_about_last_check({ time: new Date(update.lastCheck).toLocaleString() }) : m.sys_about_no_check(),
        ].join('\n'),
        buttons: [m.sys_ok()],
      };
      await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
    }),
  };
}
