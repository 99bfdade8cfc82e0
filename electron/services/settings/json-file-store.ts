import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { KeyValueStore } from './key-value-store';
import { settingsNotSaved } from './settings-not-saved';

/**
 * A KeyValueStore kept in one JSON file, for the browser host. Every change is written to a temp
 * file, fsynced and renamed over the old one (and the folder fsynced), so a crash leaves either
 * the old or the new file. Only one process writes it: the data folder's lock sees to that.
 *
 * A change is written before it is kept in memory: when the write fails (disk full, no free
 * files, read-only, failing disk) set() and delete() throw SETTINGS_NOT_SAVED and the settings in
 * memory stay those on disk, so nothing is shown saved that is not.
 */
export class JsonFileStore implements KeyValueStore {
  readonly #path: string;
  readonly #readOnly: boolean;
  #values: Record<string, unknown>;

  /**
   * `values`: the file's contents, as readSettingsFile (settings-file.ts) read and checked them.
   * `readOnly`: the data folder cannot be written; changes last until the app closes.
   */
  constructor(path: string, values: Record<string, unknown>, options: { readOnly?: boolean } = {}) {
    this.#path = path;
    this.#readOnly = options.readOnly ?? false;
    this.#values = values;
  }

  get(key: string): unknown {
    const value = this.#values[key];
    return value === undefined ? undefined : structuredClone(value);
  }

  set(key: string, value: unknown): void {
    this.#commit({ ...this.#values, [key]: structuredClone(value) });
  }

  delete(key: string): void {
    const next = { ...this.#values };
    delete next[key];
    this.#commit(next);
  }

  /** Writes `next`, and only once that worked makes it the settings in force. */
  #commit(next: Record<string, unknown>): void {
    if (!this.#readOnly) this.#write(next);
    this.#values = next;
  }

  #write(values: Record<string, unknown>): void {
    const temp = `${this.#path}.tmp`;
    try {
      const fd = openSync(temp, 'w', 0o600);
      try {
        writeFileSync(fd, JSON.stringify(values, null, 2));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, this.#path);
      // Inside the try: if the rename cannot be made durable, say so rather than claim it saved.
      syncFolder(dirname(this.#path));
    } catch (error) {
      removeTemp(temp);
      throw settingsNotSaved(this.#path, error);
    }
  }
}

/** A half-written temp file would only take space a full disk needs back; failing to remove it changes nothing. */
function removeTemp(temp: string): void {
  try {
    rmSync(temp, { force: true });
  } catch {
    // The write's own error is the one to report.
  }
}

/** Makes the rename durable. Windows cannot open a folder for fsync; NTFS journals renames itself. */
function syncFolder(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
