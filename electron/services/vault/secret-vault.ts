import * as m from '@shared/i18n/paraglide/messages/_index.js';
import type { SecretStorage } from '@shared/ipc/storage-views';

/**
 * Where Authkeys live. Only the main process holds a vault; the renderer can set a secret and ask
 * whether one is set, never read it back (there is no channel for reveal()).
 */
export interface SecretVault {
  set(id: string, secret: string): Promise<void>;
  has(id: string): Promise<boolean>;
  /** For the SPIn client only: the one place a secret is decrypted. */
  reveal(id: string): Promise<string | undefined>;
  delete(id: string): Promise<void>;
  /** How well secrets are protected at rest; shown in the UI and the support bundle. */
  readonly protection: SecretStorage;
}

/** Secrets held only for the life of the process: tests and the browser host. */
export class MemoryVault implements SecretVault {
  readonly protection: SecretStorage = {
    level: 'memory',
    // Worded when read: the page shows it in the language of that moment.
    get description() {
      return m.sys_vault_memory();
    },
  };
  readonly #secrets = new Map<string, string>();

  async set(id: string, secret: string): Promise<void> {
    this.#secrets.set(id, secret);
  }

  async has(id: string): Promise<boolean> {
    return this.#secrets.has(id);
  }

  async reveal(id: string): Promise<string | undefined> {
    return this.#secrets.get(id);
  }

  async delete(id: string): Promise<void> {
    this.#secrets.delete(id);
  }
}
