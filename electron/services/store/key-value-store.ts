/**
 * Where settings live. In Electron this is electron-store (which imports 'electron' and so cannot
 * load in plain Node); in tests and in the browser host it is one of the implementations below.
 */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export class MemoryStore implements KeyValueStore {
  readonly #values = new Map<string, unknown>();

  get(key: string): unknown {
    // Hand out copies so a caller can never mutate stored state behind the store's back.
    const value = this.#values.get(key);
    return value === undefined ? undefined : structuredClone(value);
  }

  set(key: string, value: unknown): void {
    this.#values.set(key, structuredClone(value));
  }

  delete(key: string): void {
    this.#values.delete(key);
  }
}
