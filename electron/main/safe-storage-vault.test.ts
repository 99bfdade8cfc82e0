import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFailure } from '../services/app-failure';
import { ProfileService } from '../services/profiles/profile-service';
import { MemoryStore } from '../services/settings/key-value-store';
import { SafeStorageVault } from './safe-storage-vault';
import { MemoryVault } from '../services/vault/secret-vault';
import { speakSpanishInThisTest } from '../../tests/support/speak-spanish';
import { resetFakes, safeStorage } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);

const FAKE_KEY = 'FAKE-AUTHKEY-0001';

/** The vault behind the real ProfileService, as main wires them, on one store. */
async function setup(platform: NodeJS.Platform) {
  const store = new MemoryStore();
  const vault = new SafeStorageVault(store, platform);
  const profiles = new ProfileService({ store, vault, demoBaseUrl: async () => 'http://127.0.0.1:9' });
  const { id } = await profiles.save({
    name: 'Counter 1',
    environment: 'sandbox',
    tpn: 'TPN0000001',
    proxyTimeoutSeconds: 120,
    merchantNumber: null,
  });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof AppFailure ? error.detail.code : error),
    );
  return { store, vault, profiles, id, failure };
}

describe('SafeStorageVault', () => {
  it('with a keychain: stores the Authkey encrypted, never as plain text, and reads it back', async () => {
    const { store, vault, profiles, id } = await setup('linux');
    expect(vault.protection.level).toBe('keychain');
    expect((await profiles.setAuthkey(id, FAKE_KEY)).hasAuthkey).toBe(true);
    expect(safeStorage.encryptString).toHaveBeenCalledWith(FAKE_KEY);
    expect(JSON.stringify(store.get(`vault.${id}`))).not.toContain(FAKE_KEY);
    expect(await vault.reveal(id)).toBe(FAKE_KEY);
    await vault.delete(id);
    expect(await vault.has(id)).toBe(false);
  });

  it('on Linux with only basic_text: says the key would be obfuscated, and stores it only once that is accepted', async () => {
    safeStorage.getSelectedStorageBackend.mockImplementation(() => 'basic_text');
    const { vault, profiles, id, failure } = await setup('linux');
    expect(vault.protection).toMatchObject({ level: 'weak', description: expect.stringMatching(/No system keyring/) });
    expect(await failure(profiles.setAuthkey(id, FAKE_KEY))).toBe('WEAK_VAULT');
    expect(await vault.has(id)).toBe(false);
    expect((await profiles.setAuthkey(id, FAKE_KEY, true)).hasAuthkey).toBe(true);
    expect(await vault.reveal(id)).toBe(FAKE_KEY);
  });

  it('asks about the Linux backend only on Linux', async () => {
    safeStorage.getSelectedStorageBackend.mockImplementation(() => 'basic_text');
    for (const platform of ['win32', 'darwin'] as const) expect((await setup(platform)).vault.protection.level).toBe('keychain');
  });

  it('with no encryption at all: stores no Authkey, accepted or not', async () => {
    safeStorage.isEncryptionAvailable.mockImplementation(() => false);
    const { vault, profiles, id, failure } = await setup('linux');
    expect(vault.protection.level).toBe('unavailable');
    expect(await failure(profiles.setAuthkey(id, FAKE_KEY, true))).toBe('UNSUPPORTED');
    await expect(vault.set(id, FAKE_KEY)).rejects.toThrow(/no way to encrypt/);
    expect(await vault.has(id)).toBe(false);
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
  });
});

// Issue 41, item 1: the Authkey form shows how keys are kept, worded when it is asked.
describe('how Authkeys are kept, in Spanish', () => {
  it('says the keychain, a missing keyring and the memory vault in Spanish, and refuses in Spanish', async () => {
    const { vault, profiles, id, failure } = await setup('linux');
    const memory = new MemoryVault();
    await speakSpanishInThisTest();
    expect(vault.protection.description).toBe('Cifrada con el llavero del sistema operativo.');
    expect(memory.protection.description).toBe(
      'Se guarda solo en memoria, nunca en el disco: se olvida cuando spin-desk se detiene, así que hay que ingresarla de nuevo después de cada inicio.',
    );
    safeStorage.getSelectedStorageBackend.mockImplementation(() => 'basic_text');
    expect(vault.protection.description).toMatch(/^No se encontró un llavero del sistema/);
    safeStorage.isEncryptionAvailable.mockImplementation(() => false);
    expect(await failure(profiles.setAuthkey(id, FAKE_KEY))).toBe('UNSUPPORTED');
    expect(vault.protection.description).toBe(
      'Esta computadora no ofrece ninguna forma de cifrar secretos, así que no se pueden guardar Authkeys.',
    );
  });
});
