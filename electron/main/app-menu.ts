import type { MenuItemConstructorOptions } from 'electron';
import type { UpdateStatus } from '@shared/ipc/update-views';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@shared/i18n/languages';

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
    ? 'Restart to update (after the open payments)'
    : update.state === 'ready'
      ? `Restart to update to ${update.version ?? 'the new version'}`
      : 'Restart to update';
  const automatic = update.state !== 'off';
  return [
    { type: 'separator' },
    {
      label: 'Check for updates automatically',
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
 * The application menu. Every command shows its keyboard shortcut: Electron's roles bring the
 * platform's own (Edit, zoom, full screen), the app's items name theirs. Built as plain data so a
 * test can read it; Menu.buildFromTemplate turns it into the real menu.
 */
export function menuTemplate(actions: MenuActions, env: MenuEnvironment): MenuItemConstructorOptions[] {
  const mac = env.platform === 'darwin';
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'Print…', accelerator: 'CmdOrCtrl+P', click: () => actions.print() },
      { label: 'Export payment history (CSV)…', accelerator: 'CmdOrCtrl+Shift+E', click: () => actions.exportHistory() },
      { type: 'separator' },
      // macOS quits from the app menu; the File menu closes the window there, as Mac apps do.
      mac ? { role: 'close' } : { role: 'quit', accelerator: 'CmdOrCtrl+Q' },
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
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
    label: '&View',
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
    label: '&Help',
    submenu: [
      { label: 'About spin-desk', click: () => actions.about() },
      languageMenu(actions, env.language),
      { type: 'separator' },
      { label: 'Open data folder', accelerator: 'CmdOrCtrl+Shift+D', click: () => actions.openDataFolder() },
      { label: 'Save support bundle…', accelerator: 'CmdOrCtrl+Shift+S', click: () => actions.saveSupportBundle() },
      ...updateItem(actions, env.update),
    ],
  };
  const appMenu: MenuItemConstructorOptions[] = mac ? [{ role: 'appMenu' }] : [];
  return [...appMenu, file, edit, view, help];
}
