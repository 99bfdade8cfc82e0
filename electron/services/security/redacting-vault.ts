import type { SecretVault } from '../vault/secret-vault';
import type { Redactor } from './redactor';

/**
 * Wraps a vault so that every Authkey it stores or hands out is known to the redactor before it
 * can reach a log, an error message or an export.
 */
export function redactingVault(vault: SecretVault, redactor: Redactor): SecretVault {
  return {
    get protection() {
      return vault.protection;
    },
    set: async (id, secret) => {
      redactor.addSecret(secret);
      await vault.set(id, secret);
    },
    has: (id) => vault.has(id),
    reveal: async (id) => {
      const secret = await vault.reveal(id);
      if (secret !== undefined) redactor.addSecret(secret);
      return secret;
    },
    delete: (id) => vault.delete(id),
  };
}
