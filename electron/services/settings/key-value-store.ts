import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { AppFailure } from '../app-failure';

/**
 * Where settings live: in both shells a SettingsStore (settings-store.ts) on the data folder's
 * settings file; settings in memory (MemoryStore) for a damaged file and in tests.
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

/** Why a store stopped writing, in words for the user (the journal's JournalWriteError is one). */
export interface StopReason {
  /** What happened, e.g. "the data folder … was moved or deleted". */
  readonly reason: string;
  readonly remedy: string;
}

/** A store that can be told to stop writing, for the moment its process loses the data folder. */
export interface StoppableStore extends KeyValueStore {
  /**
   * From now on every change is refused (SETTINGS_NOT_SAVED, with `reason`: the folder taken over,
   * moved or deleted); the settings read stay as they are.
   */
  stopWriting(reason: StopReason): void;
}

/**
 * Wraps the settings store of a shell so that, once the data folder's lock is lost (another copy
 * may now own the folder), no change reaches the file: writing it then would overwrite what the
 * new owner saved.
 */
export function stoppableStore(store: KeyValueStore): StoppableStore {
  let stopped: StopReason | undefined;
  const refuse = () => {
    if (stopped) throw new AppFailure('SETTINGS_NOT_SAVED', m.sys_settings_stopped({ reason: stopped.reason }), { remedy: stopped.remedy });
  };
  return {
    get: (key) => store.get(key),
    set: (key, value) => {
      refuse();
      store.set(key, value);
    },
    delete: (key) => {
      refuse();
      store.delete(key);
    },
    stopWriting: (reason) => {
      stopped ??= reason;
    },
  };
}
