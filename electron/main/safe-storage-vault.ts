import { safeStorage } from 'electron';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { SecretStorage } from '@shared/ipc/storage-views';
import type { KeyValueStore } from '../services/settings/key-value-store';
import type { SecretVault } from '../services/vault/secret-vault';

const KEY_PREFIX = 'vault.';

/**
 * Authkeys encrypted with the OS keychain through Electron's safeStorage (DPAPI on Windows,
 * Keychain on macOS, libsecret/kwallet on Linux), stored as base64 ciphertext in settings.
 */
export class SafeStorageVault implements SecretVault {
  readonly #store: KeyValueStore;
  readonly #platform: NodeJS.Platform;

  constructor(store: KeyValueStore, platform: NodeJS.Platform = process.platform) {
    this.#store = store;
    this.#platform = platform;
  }

  get protection(): SecretStorage {
    if (!safeStorage.isEncryptionAvailable()) {
      return { level: 'unavailable', description: m.sys_vault_unavailable() };
    }
    // 'basic_text' means Linux found no keyring and would only obfuscate: say so plainly
    // (ProfileService then stores an Authkey only after the user accepts that).
    if (this.#platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
      return {
        level: 'weak',
        description: m.sys_vault_weak(),
      };
    }
    return { level: 'keychain', description: m.sys_vault_keychain() };
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
