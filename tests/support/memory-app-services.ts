import { createAppServices, type AppServices, type AppServicesOptions } from '../../electron/services/app-services';
import { MemoryStore } from '../../electron/services/settings/key-value-store';
import { MemoryVault } from '../../electron/services/vault/secret-vault';

/**
 * The real services as the Electron shell wires them, version 1.2.3, with settings and Authkeys in
 * memory and errors not logged (a test says what it expects instead). `options` adds to or
 * replaces any of that: a data folder, a slower demo terminal, another shell.
 */
export function memoryAppServices(options: Partial<AppServicesOptions> = {}): Promise<AppServices> {
  return createAppServices({
    store: new MemoryStore(),
    vault: new MemoryVault(),
    info: { name: 'spin-desk', version: '1.2.3', shell: 'electron' },
    log: { error: () => undefined },
    ...options,
  });
}
