import { describe, expect, it } from 'vitest';
import { AppFailure } from '../app-failure';
import { MemoryStore } from '../store/key-value-store';
import { MemoryVault } from '../vault/secret-vault';
import { ProfileService } from './profile-service';

const FAKE_KEY = 'FAKEKEY001';

function setup() {
  const store = new MemoryStore();
  const vault = new MemoryVault();
  let n = 0;
  const service = new ProfileService({ store, vault, demoBaseUrl: async () => 'http://127.0.0.1:9', newId: () => `p${++n}` });
  return { store, vault, service };
}

const draft = { name: 'Front counter', environment: 'sandbox', tpn: 'Z8SIM0000001', proxyTimeoutSeconds: 90 } as const;

async function failureOf(promise: Promise<unknown>): Promise<AppFailure['detail']> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppFailure)) throw new Error(`expected an AppFailure, got ${String(error)}`);
  return error.detail;
}

describe('ProfileService', () => {
  it('creates, edits, selects and deletes profiles; the first one becomes active', async () => {
    const { service } = setup();
    expect(service.isFirstLaunch()).toBe(true);
    const created = await service.save(draft);
    expect(created).toMatchObject({ id: 'p1', endpointLabel: 'https://test.spinpos.net/spin', hasAuthkey: false });
    expect((await service.list()).activeId).toBe('p1');
    const second = await service.save({ ...draft, name: 'Bar', environment: 'production' });
    await service.save({ ...draft, id: 'p1', name: 'Front counter 2' });
    const selected = await service.select(second.id);
    expect(selected.activeId).toBe('p2');
    expect(selected.profiles.map((p) => p.name)).toEqual(['Front counter 2', 'Bar']);
    const afterDelete = await service.delete('p2');
    expect(afterDelete).toMatchObject({ activeId: 'p1', profiles: [{ id: 'p1' }] });
  });

  it('keeps the Authkey write-only: views say whether it is set, never what it is', async () => {
    const { service, vault } = setup();
    const { id } = await service.save(draft);
    const view = await service.setAuthkey(id, FAKE_KEY);
    expect(view.hasAuthkey).toBe(true);
    expect(JSON.stringify(await service.list())).not.toContain(FAKE_KEY);
    expect(await vault.reveal(id)).toBe(FAKE_KEY);
    expect((await service.target()).authkey).toBe(FAKE_KEY);
    await service.delete(id);
    expect(await vault.has(id)).toBe(false);
  });

  it('requires HTTPS for a custom URL unless it is this machine', async () => {
    const { service } = setup();
    const plain = await failureOf(service.save({ ...draft, environment: 'custom', customUrl: 'http://spin.example.com' }));
    expect(plain).toMatchObject({ code: 'BAD_INPUT', fields: [{ path: 'customUrl', message: expect.stringMatching(/https/) }] });
    const missing = await failureOf(service.save({ ...draft, environment: 'custom' }));
    expect(missing.fields?.[0]?.message).toMatch(/required/);
    const ok = await service.save({ ...draft, environment: 'custom', customUrl: 'http://127.0.0.1:8080/spin/' });
    expect(ok.customUrl).toBe('http://127.0.0.1:8080/spin');
  });

  it('refuses duplicate names and unknown ids without changing anything', async () => {
    const { service, store } = setup();
    await service.save(draft);
    const before = JSON.stringify(store.get('profiles'));
    expect((await failureOf(service.save({ ...draft, name: 'FRONT COUNTER' }))).code).toBe('BAD_INPUT');
    expect((await failureOf(service.save({ ...draft, id: 'nope' }))).code).toBe('NOT_FOUND');
    expect((await failureOf(service.select('nope'))).code).toBe('NOT_FOUND');
    expect(JSON.stringify(store.get('profiles'))).toBe(before);
  });

  it('explains what is missing before a request can be sent', async () => {
    const { service } = setup();
    expect((await failureOf(service.target())).code).toBe('NOT_FOUND');
    await service.save(draft);
    expect((await failureOf(service.target())).code).toBe('NO_AUTHKEY');
  });

  it('resolves each environment to its base URL', async () => {
    const { service } = setup();
    const demo = await service.save({ ...draft, name: 'Demo', environment: 'demo' });
    await service.setAuthkey(demo.id, FAKE_KEY);
    expect((await service.target(demo.id)).baseUrl).toBe('http://127.0.0.1:9');
    const prod = await service.save({ ...draft, name: 'Prod', environment: 'production' });
    await service.setAuthkey(prod.id, FAKE_KEY);
    expect((await service.target(prod.id)).baseUrl).toBe('https://api.spinpos.net');
  });
});
