import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../../../tests/support/small-disk';
import { AppFailure } from '../app-failure';
import { SettingsStore } from '../settings/settings-store';
import { MemoryStore } from '../settings/key-value-store';
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

describe('ProfileService secret storage', () => {
  class WeakVault extends MemoryVault {
    override readonly protection = { level: 'weak', description: 'No system keyring was found.' } as const;
  }

  it('refuses to store an Authkey without real encryption until the user accepts the warning', async () => {
    const vault = new WeakVault();
    const service = new ProfileService({ store: new MemoryStore(), vault, demoBaseUrl: async () => '' });
    const { id } = await service.save(draft);
    const refused = await failureOf(service.setAuthkey(id, FAKE_KEY));
    expect(refused.code).toBe('WEAK_VAULT');
    expect(refused.message).toMatch(/No system keyring/);
    expect(await vault.has(id)).toBe(false);
    expect((await service.setAuthkey(id, FAKE_KEY, true)).hasAuthkey).toBe(true);
  });

  it('never stores an Authkey where the computer offers no encryption at all', async () => {
    class NoVault extends MemoryVault {
      override readonly protection = { level: 'unavailable', description: 'No encryption here.' } as const;
    }
    const service = new ProfileService({ store: new MemoryStore(), vault: new NoVault(), demoBaseUrl: async () => '' });
    const { id } = await service.save(draft);
    expect((await failureOf(service.setAuthkey(id, FAKE_KEY, true))).code).toBe('UNSUPPORTED');
  });
});

describe('ProfileService export and import', () => {
  it('exports terminals without their Authkeys and without the demo terminal', async () => {
    const { service } = setup();
    const { id } = await service.save(draft);
    await service.setAuthkey(id, FAKE_KEY);
    await service.save({ ...draft, name: 'Demo', environment: 'demo' });
    const exported = await service.exportProfiles(new Date('2026-11-22T10:00:00Z'));
    expect(exported.fileName).toBe('spin-desk-terminals-2026-11-22.json');
    expect(exported.count).toBe(1);
    expect(exported.json).not.toContain(FAKE_KEY);
    expect(exported.json).not.toMatch(/authkey/i);
    expect(JSON.parse(exported.json)).toMatchObject({
      kind: 'spin-desk-terminals',
      version: 1,
      profiles: [{ name: 'Front counter', tpn: 'Z8SIM0000001' }],
    });
  });

  it('imports every terminal of a file, renaming clashes, never with a key', async () => {
    const source = setup();
    await source.service.save(draft);
    await source.service.save({ ...draft, name: 'Lab', environment: 'custom', customUrl: 'https://spin.example.com' });
    const file = (await source.service.exportProfiles()).json;
    const target = setup();
    // Same name, another terminal (TPN): renamed, not refused.
    await target.service.save({ ...draft, tpn: 'Z8SIM0000042' });
    const result = await target.service.importProfiles(file);
    expect(result.imported).toBe(2);
    expect(result.alreadySetUp).toEqual([]);
    expect(result.renamed).toEqual([{ from: 'Front counter', to: 'Front counter (2)' }]);
    expect(result.list.profiles.map((p) => [p.name, p.hasAuthkey])).toEqual([
      ['Front counter', false],
      ['Front counter (2)', false],
      ['Lab', false],
    ]);
  });

  it('does not add a terminal that is already set up (same TPN and address), saying so, whatever its name', async () => {
    const source = setup();
    await source.service.save({ ...draft, name: 'Back counter (sim)', environment: 'custom', customUrl: 'http://127.0.0.1:8080' });
    await source.service.save({
      ...draft,
      name: 'Bar top (sim)',
      tpn: 'Z8SIM0000009',
      environment: 'custom',
      customUrl: 'http://127.0.0.1:8080',
    });
    const file = (await source.service.exportProfiles()).json;
    const target = setup();
    // Same TPN and address, another name and a TPN typed in lower case: still the same terminal.
    await target.service.save({
      ...draft,
      name: 'Till 2',
      tpn: 'z8sim0000001',
      environment: 'custom',
      customUrl: 'http://127.0.0.1:8080/',
    });
    const result = await target.service.importProfiles(file);
    expect(result.alreadySetUp).toEqual([{ name: 'Back counter (sim)', existing: 'Till 2' }]);
    // The other terminal is new; its name is free here, so it keeps it.
    expect(result.imported).toBe(1);
    expect(result.renamed).toEqual([]);
    expect(result.list.profiles.map((p) => [p.name, p.tpn])).toEqual([
      ['Till 2', 'z8sim0000001'],
      ['Bar top (sim)', 'Z8SIM0000009'],
    ]);
    // Importing the same file again adds nothing and says why for each.
    const again = await target.service.importProfiles(file);
    expect(again.imported).toBe(0);
    expect(again.alreadySetUp.map((t) => t.existing)).toEqual(['Till 2', 'Bar top (sim)']);
    expect((await target.service.list()).profiles).toHaveLength(2);
  });

  it('rejects a bad file whole, naming what is wrong, and changes nothing', async () => {
    const { service, store } = setup();
    await service.save(draft);
    const before = JSON.stringify(store.get('profiles'));
    const notJson = await failureOf(service.importProfiles('{nope'));
    expect(notJson.code).toBe('BAD_INPUT');
    const file = {
      kind: 'spin-desk-terminals',
      version: 1,
      exportedAt: 'x',
      profiles: [
        { ...draft, name: 'A' },
        { ...draft, name: 'B', tpn: 'short' },
      ],
    };
    const bad = await failureOf(service.importProfiles(JSON.stringify(file)));
    expect(bad.fields).toEqual([{ path: 'file.profiles.1.tpn', message: expect.stringMatching(/10 to 12/) }]);
    const insecure = { ...file, profiles: [{ ...draft, name: 'C', environment: 'custom', customUrl: 'http://evil.example' }] };
    expect((await failureOf(service.importProfiles(JSON.stringify(insecure)))).fields?.[0]?.path).toBe('customUrl');
    expect(JSON.stringify(store.get('profiles'))).toBe(before);
  });
});

describe('ProfileService remembers how a terminal treats tips', () => {
  it('loads profiles stored before tips were checked, and hands the remembered handling to requests', async () => {
    const { service, store, vault } = setup();
    // As an older version stored it: no tipHandling field at all.
    store.set('profiles', {
      version: 1,
      profiles: [{ id: 'old', name: 'Old', environment: 'sandbox', tpn: 'Z8SIM0000009', proxyTimeoutSeconds: 60, merchantNumber: null }],
      activeId: 'old',
    });
    await vault.set('old', FAKE_KEY);
    expect((await service.list()).profiles[0]).not.toHaveProperty('tipHandling');
    expect(await service.target()).not.toHaveProperty('tipHandling');
    await service.setTipHandling('old', 'on-top', new Date('2026-11-22T10:00:00Z'));
    expect((await service.list()).profiles[0]).toMatchObject({ tipHandling: 'on-top', tipCheckedAt: '2026-11-22T10:00:00.000Z' });
    expect(await service.target()).toMatchObject({ tipHandling: 'on-top' });
  });

  it('keeps it across edits of the same terminal, forgets it for another terminal or on null, and takes one named by hand', async () => {
    const { service } = setup();
    const { id } = await service.save(draft);
    await service.setTipHandling(id, 'on-top', new Date('2026-11-22T10:00:00Z'));
    const renamed = await service.save({ ...draft, id, name: 'Renamed', proxyTimeoutSeconds: 30 });
    expect(renamed).toMatchObject({ tipHandling: 'on-top', tipCheckedAt: '2026-11-22T10:00:00.000Z' });
    const otherTerminal = await service.save({ ...draft, id, tpn: 'Z8SIM0000002' });
    expect(otherTerminal).not.toHaveProperty('tipHandling');
    await service.setTipHandling(id, 'included', new Date('2026-11-22T11:00:00Z'));
    const forgotten = await service.save({ ...draft, id, tpn: 'Z8SIM0000002', tipHandling: null });
    expect(forgotten).not.toHaveProperty('tipHandling');
    const byHand = await service.save({ ...draft, id, tpn: 'Z8SIM0000002', tipHandling: 'on-top' });
    expect(byHand.tipHandling).toBe('on-top');
    expect(byHand).not.toHaveProperty('tipCheckedAt');
  });

  it('carries it through export and import; a file without it imports as before', async () => {
    const source = setup();
    const { id } = await source.service.save(draft);
    await source.service.setTipHandling(id, 'on-top', new Date('2026-11-22T10:00:00Z'));
    await source.service.save({ ...draft, name: 'Unchecked', tpn: 'Z8SIM0000002' });
    const file = (await source.service.exportProfiles()).json;
    const written = JSON.parse(file) as { profiles: Record<string, unknown>[] };
    expect(written.profiles[0]).toMatchObject({ name: 'Front counter', tipHandling: 'on-top' });
    expect(written.profiles[0]).not.toHaveProperty('tipCheckedAt');
    expect(written.profiles[1]).not.toHaveProperty('tipHandling');
    const target = setup();
    const result = await target.service.importProfiles(file);
    expect(result.list.profiles.map((p) => [p.name, p.tipHandling])).toEqual([
      ['Front counter', 'on-top'],
      ['Unchecked', undefined],
    ]);
    const odd = { ...written, profiles: [{ ...written.profiles[0], tipHandling: 'sometimes' }] };
    const refused = await failureOf(target.service.importProfiles(JSON.stringify(odd)));
    expect(refused.fields).toEqual([{ path: 'file.profiles.0.tipHandling', message: expect.stringMatching(/included.*on-top/) }]);
  });
});

describe('ProfileService on settings the disk refuses to write', () => {
  let disk: SmallDisk;
  beforeAll(() => {
    disk = mountSmallDisk(1024 * 1024, { inodes: 64 });
  });
  afterAll(() => disk.unmount());

  it('every change answers SETTINGS_NOT_SAVED and the list stays what is on disk', async () => {
    const file = join(disk.dir, 'settings.json');
    let n = 0;
    const service = new ProfileService({
      store: new SettingsStore(file, {}),
      vault: new MemoryVault(),
      demoBaseUrl: async () => 'http://127.0.0.1:9',
      newId: () => `p${++n}`,
    });
    const { id } = await service.save(draft);
    const before = await service.list();
    // Another terminal's file: the same one would be "already set up" and need no write at all.
    const exportFile = (await service.exportProfiles()).json.replace('Z8SIM0000001', 'Z8SIM0000002');
    // No free file (inode) left: the settings' temp file cannot be created.
    disk.exhaustFiles();
    const changes: [string, () => Promise<unknown>][] = [
      ['save a new one', () => service.save({ ...draft, name: 'Bar' })],
      ['edit', () => service.save({ ...draft, id, name: 'Renamed' })],
      ['delete', () => service.delete(id)],
      ['select', () => service.select(id)],
      ['import', () => service.importProfiles(exportFile)],
      ['remember tips', () => service.setTipHandling(id, 'on-top', new Date('2026-11-22T10:00:00Z'))],
    ];
    for (const [what, change] of changes) {
      const failure = await failureOf(change());
      expect(failure, what).toMatchObject({
        code: 'SETTINGS_NOT_SAVED',
        message: expect.stringContaining(`${file}: the disk holding it is full`),
      });
      expect(await service.list(), what).toEqual(before);
    }
    disk.unfill();
    expect((await service.save({ ...draft, name: 'Bar' })).name).toBe('Bar');
  });
});
