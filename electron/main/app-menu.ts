import type { MenuItemConstructorOptions } from 'electron';
import type { UpdateStatus } from '@shared/ipc/update-views';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@shared/i18n/languages';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

/** What the menu's own items do; app-menu-actions.ts implements them against the window and services. */
export interface MenuActions {
  print(): void;
  exportHistory(): void;
  about(): void;
  openDataFolder(): void;
  saveSupportBundle(): void;
  restartToUpdate(): void;
  /** Turns the app's own update setting on or off (checked: on). */
  setAutomaticUpdates(on: boolean): void;
  /** Remembers the language on this PC; the window's words follow without a restart. */
  setLanguage(language: Language): void;
}

export interface MenuEnvironment {
  /** app.isPackaged: an installed app offers no reload and no developer tools. */
  packaged: boolean;
  platform: NodeJS.Platform;
  /** Where updates stand (none: an app that does not update itself); the menu is built again whenever they change. */
  update?: UpdateStatus;
  /** The language this PC remembers (null: none chosen, the system's is used); the menu is built again when it changes. */
  language?: Language | null;
}

/**
 * "Restart to update": there only where the app updates itself, enabled only once an update is
 * downloaded, and saying so while it waits for the open payments (it then installs by itself).
 * "Check for updates automatically": the app's own setting, greyed out when the store's policy
 * file decides.
 */
function updateItem(actions: MenuActions, update: UpdateStatus | undefined): MenuItemConstructorOptions[] {
  // No shortcut: a stray key press must not restart the app at a counter.
  if (!update || update.state === 'not-here') return [];
  const waiting = update.state === 'waiting';
  const label = waiting
    ? m.menu_restart_to_update_waiting()
    : update.state === 'ready'
      ? update.version
        ? m.menu_restart_to_update_version({ version: update.version })
        : m.menu_restart_to_update_new_version()
      : m.menu_restart_to_update();
  const automatic = update.state !== 'off';
  return [
    { type: 'separator' },
    {
      label: m.menu_updates_automatic(),
      type: 'checkbox',
      checked: automatic,
      enabled: !update.managed,
      click: () => actions.setAutomaticUpdates(!automatic),
    },
    { label, enabled: update.state === 'ready', click: () => actions.restartToUpdate() },
  ];
}

/**
 * Help → Language: each language in its own words, the one chosen checked. Its label is in both
 * languages so that a reader of either finds it whatever the window speaks now.
 */
function languageMenu(actions: MenuActions, chosen: Language | null | undefined): MenuItemConstructorOptions {
  return {
    label: 'Language · Idioma',
    submenu: LANGUAGES.map((language) => ({
      label: LANGUAGE_NAMES[language],
      type: 'checkbox' as const,
      checked: language === chosen,
      click: () => actions.setLanguage(language),
    })),
  };
}

/**
 * The application menu, in the language main speaks when it is built (index.ts builds it again
 * once a language is chosen). Every command shows its keyboard shortcut: Electron's roles bring the
 * platform's own (Edit, zoom, full screen), the app's items name theirs. Built as plain data so a
 * test can read it; Menu.buildFromTemplate turns it into the real menu.
 */
export function menuTemplate(actions: MenuActions, env: MenuEnvironment): MenuItemConstructorOptions[] {
  const mac = env.platform === 'darwin';
  const file: MenuItemConstructorOptions = {
    label: m.menu_file(),
    submenu: [
      { label: m.menu_print(), accelerator: 'CmdOrCtrl+P', click: () => actions.print() },
      { label: m.menu_export_history(), accelerator: 'CmdOrCtrl+Shift+E', click: () => actions.exportHistory() },
      { type: 'separator' },
      // macOS quits from the app menu; the File menu closes the window there, as Mac apps do.
      mac ? { role: 'close' } : { role: 'quit', accelerator: 'CmdOrCtrl+Q' },
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: m.menu_edit(),
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };
  const developer: MenuItemConstructorOptions[] = env.packaged
    ? []
    : [{ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }];
  const view: MenuItemConstructorOptions = {
    label: m.menu_view(),
    submenu: [
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...developer,
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: m.menu_help(),
    submenu: [
      { label: m.menu_about(), click: () => actions.about() },
      languageMenu(actions, env.language),
      { type: 'separator' },
      { label: m.menu_open_data_folder(), accelerator: 'CmdOrCtrl+Shift+D', click: () => actions.openDataFolder() },
      { label: m.menu_save_support_bundle(), accelerator: 'CmdOrCtrl+Shift+S', click: () => actions.saveSupportBundle() },
      ...updateItem(actions, env.update),
    ],
  };
  const appMenu: MenuItemConstructorOptions[] = mac ? [{ role: 'appMenu' }] : [];
  return [...appMenu, file, edit, view, help];
}
