import { safeStorage } from 'electron';
import type { KeyValueStore } from '../services/store/key-value-store';
import type { SecretVault } from '../services/vault/secret-vault';

const KEY_PREFIX = 'vault.';

/**
 * Authkeys encrypted with the OS keychain through Electron's safeStorage (DPAPI on Windows,
 * Keychain on macOS, libsecret/kwallet on Linux), stored as base64 ciphertext in settings.
 */
export class SafeStorageVault implements SecretVault {
  readonly #store: KeyValueStore;

  constructor(store: KeyValueStore) {
    this.#store = store;
  }

  get protection(): string {
    if (!safeStorage.isEncryptionAvailable()) return 'unavailable';
    // 'basic_text' means Linux found no keyring and would only obfuscate: say so plainly.
    if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
      return 'weak (no system keyring found)';
    }
    return 'system keychain';
  }

  async set(id: string, secret: string): Promise<void> {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new Error('This computer offers no way to encrypt the Authkey; it was not stored.');
    }
    this.#store.set(KEY_PREFIX + id, safeStorage.encryptString(secret).toString('base64'));
  }

  async has(id: string): Promise<boolean> {
    return typeof this.#store.get(KEY_PREFIX + id) === 'string';
  }

  async reveal(id: string): Promise<string | undefined> {
    const stored = this.#store.get(KEY_PREFIX + id);
    if (typeof stored !== 'string') return undefined;
    return safeStorage.decryptString(Buffer.from(stored, 'base64'));
  }

  async delete(id: string): Promise<void> {
    this.#store.delete(KEY_PREFIX + id);
  }
}
