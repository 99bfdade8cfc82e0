import { describe, expect, it, vi, type Mock } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { UpdateStatus } from '@shared/ipc/update-views';
import { menuTemplate, type MenuActions } from './app-menu';

// Built as plain data, so no Electron is needed here.

function actions(): Record<keyof MenuActions, Mock<() => void>> {
  return {
    print: vi.fn(),
    exportHistory: vi.fn(),
    about: vi.fn(),
    openDataFolder: vi.fn(),
    saveSupportBundle: vi.fn(),
    restartToUpdate: vi.fn(),
    setAutomaticUpdates: vi.fn(),
    setLanguage: vi.fn(),
  };
}

function menu(label: string, template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  const found = template.find((item) => item.label?.replace('&', '') === label);
  if (!found || !Array.isArray(found.submenu)) throw new Error(`no ${label} menu`);
  return found.submenu;
}

const names = (items: MenuItemConstructorOptions[]) =>
  items.filter((item) => item.type !== 'separator').map((item) => item.label ?? item.role);

/** Electron's roles that come with the platform's shortcut (shown in the menu by Electron). */
const ROLES_WITH_SHORTCUTS = new Set([
  'undo',
  'redo',
  'cut',
  'copy',
  'paste',
  'selectAll',
  'resetZoom',
  'zoomIn',
  'zoomOut',
  'togglefullscreen',
  'quit',
  'close',
  'reload',
  'forceReload',
  'toggleDevTools',
]);

describe('the application menu', () => {
  it('has File (Print, Export, Quit), Edit, View and Help (About, data folder, support bundle)', () => {
    const template = menuTemplate(actions(), { packaged: true, platform: 'win32' });
    expect(template.map((item) => item.label?.replace('&', ''))).toEqual(['File', 'Edit', 'View', 'Help']);
    expect(names(menu('File', template))).toEqual(['Print…', 'Export payment history (CSV)…', 'quit']);
    expect(names(menu('Edit', template))).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
    expect(names(menu('Help', template))).toEqual(['About spin-desk', 'Language · Idioma', 'Open data folder', 'Save support bundle…']);
  });

  it('offers zoom but no reload or developer tools in an installed app', () => {
    const packaged = names(menu('View', menuTemplate(actions(), { packaged: true, platform: 'linux' })));
    expect(packaged).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    const development = names(menu('View', menuTemplate(actions(), { packaged: false, platform: 'linux' })));
    expect(development).toEqual([...packaged, 'reload', 'forceReload', 'toggleDevTools']);
  });

  it('shows a keyboard shortcut for every command, each used once', () => {
    const template = menuTemplate(actions(), { packaged: false, platform: 'linux' });
    const leaves = template
      .flatMap((item) => (Array.isArray(item.submenu) ? item.submenu : []))
      // A submenu (Help → Language) is opened, not run: its own items are the commands.
      .filter((item) => item.type !== 'separator' && !Array.isArray(item.submenu));
    const without = leaves.filter(
      (item) => !item.accelerator && !ROLES_WITH_SHORTCUTS.has(item.role ?? '') && item.label !== 'About spin-desk',
    );
    expect(without).toEqual([]);
    const shortcuts = leaves.flatMap((item) => (item.accelerator ? [item.accelerator] : []));
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
    expect(menu('File', template)[0]).toMatchObject({ label: 'Print…', accelerator: 'CmdOrCtrl+P' });
  });

  it("runs the app's commands from their items", () => {
    const run = actions();
    const template = menuTemplate(run, { packaged: true, platform: 'linux', update: { state: 'ready', version: '1.3.0', message: '' } });
    const click = (menuName: string, label: string) => {
      const item = menu(menuName, template).find((entry) => entry.label === label);
      (item?.click as (() => void) | undefined)?.();
    };
    click('File', 'Print…');
    click('File', 'Export payment history (CSV)…');
    click('Help', 'About spin-desk');
    click('Help', 'Open data folder');
    click('Help', 'Save support bundle…');
    click('Help', 'Restart to update to 1.3.0');
    click('Help', 'Check for updates automatically');
    const spanish = menu('Language · Idioma', menu('Help', template)).find((entry) => entry.label === 'Español');
    (spanish?.click as (() => void) | undefined)?.();
    expect(run.setAutomaticUpdates).toHaveBeenCalledWith(false);
    expect(run.setLanguage).toHaveBeenCalledWith('es-US');
    for (const action of Object.values(run)) expect(action).toHaveBeenCalledOnce();
  });

  it('offers "Restart to update" where the app updates itself, enabled once an update is downloaded', () => {
    const item = (update: UpdateStatus | undefined) =>
      menu('Help', menuTemplate(actions(), { packaged: true, platform: 'win32', ...(update ? { update } : {}) })).find((entry) =>
        entry.label?.startsWith('Restart to update'),
      );
    expect(item(undefined)).toBeUndefined();
    expect(item({ state: 'not-here', message: '' })).toBeUndefined();
    const states: [UpdateStatus, string, boolean][] = [
      [{ state: 'idle', message: '' }, 'Restart to update', false],
      [{ state: 'off', message: '' }, 'Restart to update', false],
      [{ state: 'downloading', version: '1.3.0', message: '' }, 'Restart to update', false],
      [{ state: 'ready', version: '1.3.0', message: '' }, 'Restart to update to 1.3.0', true],
      [{ state: 'waiting', version: '1.3.0', message: '' }, 'Restart to update (after the open payments)', false],
    ];
    for (const [update, label, enabled] of states) expect(item(update), update.state).toMatchObject({ label, enabled });
    // No shortcut: a stray key press must not restart the app at a counter.
    expect(item(states[3]?.[0])?.accelerator).toBeUndefined();
  });

  it("offers the update setting as a checkbox, greyed out when the store's policy file decides", () => {
    const checkbox = (update: UpdateStatus) =>
      menu('Help', menuTemplate(actions(), { packaged: true, platform: 'linux', update })).find(
        (entry) => entry.label === 'Check for updates automatically',
      );
    expect(checkbox({ state: 'idle', message: '' })).toMatchObject({ type: 'checkbox', checked: true, enabled: true });
    expect(checkbox({ state: 'off', message: '' })).toMatchObject({ checked: false, enabled: true });
    expect(checkbox({ state: 'off', message: '', managed: true })).toMatchObject({ checked: false, enabled: false });
  });

  it('offers Help → Language: each language in its own words, the one this PC remembers checked', () => {
    const languages = (language: 'en' | 'es-US' | null) =>
      menu('Language · Idioma', menu('Help', menuTemplate(actions(), { packaged: true, platform: 'win32', language }))).map(
        ({ label, type, checked }) => ({ label, type, checked }),
      );
    expect(languages('es-US')).toEqual([
      { label: 'English', type: 'checkbox', checked: false },
      { label: 'Español', type: 'checkbox', checked: true },
    ]);
    expect(languages('en').map((item) => item.checked)).toEqual([true, false]);
    // None chosen yet (the system's language is used): nothing checked rather than a guess.
    expect(languages(null).map((item) => item.checked)).toEqual([false, false]);
  });

  it('follows the Mac layout on macOS: the app menu first, File closes the window', () => {
    const template = menuTemplate(actions(), { packaged: true, platform: 'darwin' });
    expect(template[0]).toEqual({ role: 'appMenu' });
    expect(names(menu('File', template)).at(-1)).toBe('close');
  });
});
