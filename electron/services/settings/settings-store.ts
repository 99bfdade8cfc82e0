import { closeSync, fsyncSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Conf from 'conf';
import type { KeyValueStore } from './key-value-store';
import { settingsNotSaved } from './settings-not-saved';

/**
 * The settings of both shells, in one JSON file. conf (electron-store's engine; it needs no
 * Electron) does the dotted keys (`vault.p1` is `{"vault":{"p1":…}}`, as electron-store always
 * wrote them) and the atomic write (a temp file, fsynced and renamed over the file, so a kill
 * mid-write leaves the old file or the new one, never part of one).
 *
 * Kept here, because conf reads its file again at every get:
 * - The settings are read once, checked by openSettings (settings-file.ts), and then held in
 *   memory (the `store` accessors below). A file deleted or damaged while the app runs changes
 *   nothing the app sees, and the next change writes all of them back; conf's own read would
 *   answer empty settings there (and the next change would write only itself), throw at every
 *   get, or recreate a data folder that was moved away.
 * - A change is written before it is kept: when the write fails, set() and delete() throw
 *   SETTINGS_NOT_SAVED and the settings in force stay those on disk.
 * - `readOnly` (the data folder cannot be written): changes last in memory until the app closes.
 */
export class SettingsStore extends Conf<Record<string, unknown>> implements KeyValueStore {
  // Plain fields declared without a value: conf's constructor reads `store` before this class's
  // own fields (a #private one, or an initialised one) would exist.
  declare private values: Record<string, unknown> | undefined;
  declare private readOnly: boolean;

  /** `values`: the file's contents, as checkSettingsFile read and checked them. */
  constructor(file: string, values: Record<string, unknown>, options: { readOnly?: boolean } = {}) {
    // clearInvalidConfig false is conf's default, said here because true would answer a file it
    // cannot parse with empty settings and overwrite it at the first change. 0o600: the settings
    // may hold encrypted Authkeys.
    super({ cwd: dirname(file), configName: basename(file, '.json'), configFileMode: 0o600, clearInvalidConfig: false });
    this.values = values;
    this.readOnly = options.readOnly ?? false;
    // A process killed mid-write leaves conf's temp file behind, under a new name each time; only
    // one process writes the folder (the data folder's lock), so any found now is left over.
    if (!this.readOnly) removeTempFiles(this.path);
  }

  /** A copy: conf changes what it gets here before setting it back, and callers may change what get() returns. */
  override get store(): Record<string, unknown> {
    return structuredClone(this.values ?? {});
  }

  override set store(next: Record<string, unknown>) {
    if (!this.readOnly) this.#write(next);
    this.values = structuredClone(next);
  }

  #write(next: Record<string, unknown>): void {
    const folder = dirname(this.path);
    try {
      // conf and its writer create a missing folder; a data folder moved or deleted must not come
      // back holding only the settings (the data folder lock reports the move within seconds).
      statSync(folder);
      super.store = next;
      syncFolder(folder);
    } catch (error) {
      removeTempFiles(this.path);
      throw settingsNotSaved(this.path, error);
    }
  }
}

/**
 * conf's writer names its temp file `<file>.tmp-<time><random>` and removes it only later,
 * asynchronously, when the write failed (and never, when the process was killed). On a full disk
 * that half-written file holds the room the next write needs, so it goes at once.
 */
function removeTempFiles(path: string): void {
  const prefix = `${basename(path)}.tmp-`;
  try {
    for (const name of readdirSync(dirname(path))) if (name.startsWith(prefix)) rmSync(join(dirname(path), name), { force: true });
  } catch {
    // The write's own error is the one to report.
  }
}

/**
 * Makes the rename durable (conf's writer fsyncs the file, not the folder that names it), so a
 * change said to be saved survives a power cut. Windows cannot open a folder for fsync; NTFS
 * journals renames itself.
 */
function syncFolder(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
