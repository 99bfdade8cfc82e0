import Store from 'electron-store';
import type { KeyValueStore } from '../services/store/key-value-store';

/** electron-store behind the KeyValueStore interface the services use. */
export function createElectronStore(): KeyValueStore {
  const store = new Store<Record<string, unknown>>({ name: 'settings' });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
