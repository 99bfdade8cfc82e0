import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Store from 'electron-store';
import { SETTINGS_FILE } from '../services/data-folder/open-settings';
import type { KeyValueStore } from '../services/settings/key-value-store';
import { settingsNotSaved } from '../services/settings/settings-not-saved';

/**
 * electron-store behind the KeyValueStore interface the services use, on `<dataDir>/settings.json`.
 * Open it through openSettings (services/data-folder/open-settings.ts), which checks the file first:
 * electron-store itself turns a JSON array or string into an object of numbered keys and writes
 * that over the file at the first change, and throws a bare SyntaxError on text that is not JSON.
 */
export function createSettingsEngine(dataDir: string): KeyValueStore {
  // false is conf's default, said here because true would answer a file it cannot parse with
  // empty settings and overwrite the damaged file at the first change.
  const store = new Store<Record<string, unknown>>({ name: basename(SETTINGS_FILE, '.json'), cwd: dataDir, clearInvalidConfig: false });
  // conf keeps no copy of the settings in memory: every get reads the file, and every change is
  // written atomically (a temp file renamed over it) or throws with the file as it was. So a
  // failed write leaves the old settings in force by itself; it only needs saying in words.
  const write = (change: () => void) => {
    try {
      change();
    } catch (error) {
      removeTempFiles(store.path);
      throw settingsNotSaved(store.path, error);
    }
  };
  return {
    get: (key) => store.get(key),
    set: (key, value) => write(() => store.set(key, value)),
    delete: (key) => write(() => store.delete(key)),
  };
}

/**
 * electron-store writes through a temp file (`settings.json.tmp-<time><random>`) that its writer
 * removes only later, asynchronously, when the write failed. On a full disk that half-written file
 * holds the room the next write needs, so it is removed here at once.
 */
function removeTempFiles(path: string): void {
  const prefix = `${basename(path)}.tmp-`;
  try {
    for (const name of readdirSync(dirname(path))) if (name.startsWith(prefix)) rmSync(join(dirname(path), name), { force: true });
  } catch {
    // The write's own error is the one to report.
  }
}
