// Issue 41, item 2: the language is remembered per PC in main's settings and travels over one
// typed channel, app:language (read with no input, chosen with { language }).
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../app-services';
import { MemoryVault } from '../vault/secret-vault';
import { MemoryStore, stoppableStore } from './key-value-store';

let services: AppServices | undefined;

afterEach(async () => {
  await services?.close();
  services = undefined;
});

async function servicesOn(store: MemoryStore | ReturnType<typeof stoppableStore>, onLanguageChosen?: (language: string) => void) {
  services = await createAppServices({
    store,
    vault: new MemoryVault(),
    info: { name: 'spin-desk', version: 'test', shell: 'browser' },
    log: { error: () => undefined },
    ...(onLanguageChosen ? { onLanguageChosen } : {}),
  });
  return services;
}

describe('app:language', () => {
  it('is null until a language is chosen, then remembers it in the settings and tells the shell', async () => {
    const store = new MemoryStore();
    const chosen: string[] = [];
    const app = await servicesOn(store, (language) => chosen.push(language));
    expect(await app.dispatch('app:language', undefined)).toEqual({ ok: true, data: { language: null } });
    expect(await app.dispatch('app:language', { language: 'es-US' })).toEqual({ ok: true, data: { language: 'es-US' } });
    expect(await app.dispatch('app:language', null)).toEqual({ ok: true, data: { language: 'es-US' } });
    expect(store.get('language')).toBe('es-US');
    expect(chosen).toEqual(['es-US']);
  });

  it('refuses a language spin-desk does not speak, and reads a damaged stored value as none chosen', async () => {
    const store = new MemoryStore();
    store.set('language', 'klingon');
    const app = await servicesOn(store);
    const refused = await app.dispatch('app:language', { language: 'fr' });
    expect(refused.ok ? refused : refused.error.code).toBe('BAD_INPUT');
    expect(await app.dispatch('app:language', undefined)).toEqual({ ok: true, data: { language: null } });
  });

  it('says when the settings cannot be written, and keeps the language it had', async () => {
    const store = stoppableStore(new MemoryStore());
    const app = await servicesOn(store);
    await app.dispatch('app:language', { language: 'en' });
    store.stopWriting({ reason: 'the data folder was moved', remedy: 'Quit spin-desk and start it again.' });
    const refused = await app.dispatch('app:language', { language: 'es-US' });
    expect(refused.ok ? refused : refused.error.code).toBe('SETTINGS_NOT_SAVED');
    expect(await app.dispatch('app:language', undefined)).toEqual({ ok: true, data: { language: 'en' } });
  });
});
