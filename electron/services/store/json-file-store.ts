import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { KeyValueStore } from './key-value-store';

/**
 * A KeyValueStore kept in one JSON file, for the browser host. Every change is written to a temp
 * file, fsynced and renamed over the old one (and the folder fsynced), so a crash leaves either
 * the old or the new file. Only one process writes it: the data folder's lock sees to that.
 */
export class JsonFileStore implements KeyValueStore {
  readonly #path: string;
  readonly #readOnly: boolean;
  #values: Record<string, unknown>;

  /** `readOnly`: the data folder cannot be written; changes last until the app closes. */
  constructor(path: string, options: { readOnly?: boolean } = {}) {
    this.#path = path;
    this.#readOnly = options.readOnly ?? false;
    this.#values = JsonFileStore.#load(path, this.#readOnly);
  }

  static #load(path: string, readOnly: boolean): Record<string, unknown> {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      // A folder we may not write may not be readable either: start with no settings then.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || readOnly) return {};
      throw error;
    }
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new Error(`Settings file ${path} does not hold a JSON object`);
    }
    return parsed as Record<string, unknown>;
  }

  get(key: string): unknown {
    const value = this.#values[key];
    return value === undefined ? undefined : structuredClone(value);
  }

  set(key: string, value: unknown): void {
    this.#values[key] = structuredClone(value);
    this.#flush();
  }

  delete(key: string): void {
    delete this.#values[key];
    this.#flush();
  }

  #flush(): void {
    if (this.#readOnly) return;
    const temp = `${this.#path}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(this.#values, null, 2));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.#path);
    syncFolder(dirname(this.#path));
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
