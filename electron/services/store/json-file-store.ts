import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import type { KeyValueStore } from './key-value-store';

/**
 * A KeyValueStore kept in one JSON file, for the browser host. Every change is written to a temp
 * file, fsynced and renamed over the old one, so a crash leaves either the old or the new file.
 */
export class JsonFileStore implements KeyValueStore {
  readonly #path: string;
  #values: Record<string, unknown>;

  constructor(path: string) {
    this.#path = path;
    this.#values = JsonFileStore.#load(path);
  }

  static #load(path: string): Record<string, unknown> {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
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
    const temp = `${this.#path}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(this.#values, null, 2));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.#path);
  }
}
