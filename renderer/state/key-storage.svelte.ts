import { api } from '../lib/api';
import type { SecretStorage } from '@shared/ipc/storage-views';

/**
 * How this copy of spin-desk keeps Authkeys (profiles:secretStorage): Electron encrypts them with
 * the OS keychain, the browser version keeps them in memory only, so they are gone after each
 * restart. The key card, the Terminals screen and the "no Authkey" notices word themselves by it.
 */
class KeyStorage {
  storage = $state.raw<SecretStorage | null>(null);
  /** Keys are forgotten when spin-desk stops (the browser version). */
  forgottenAtRestart = $derived(this.storage?.level === 'memory');

  /** Asked once when the app opens: it does not change while spin-desk runs. */
  load(): void {
    api.profiles.secretStorage(undefined).then(
      (storage) => (this.storage = storage),
      // Without the answer the notices keep their general words.
      () => undefined,
    );
  }
}

export const keyStorage = new KeyStorage();
