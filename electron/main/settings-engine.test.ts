import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import Store from 'electron-store';
import { mountSmallDisk, type SmallDisk } from '../../tests/support/small-disk';
import { AppFailure } from '../services/app-failure';
import { openSettings, SETTINGS_FILE } from '../services/data-folder/open-settings';
import { createSettingsEngine } from './settings-engine';
import { resetFakes } from './test-support/fake-electron';

// The real electron-store (vitest.config.ts inlines it so that the fake 'electron' reaches it),
// on real files.
vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);

function failureOf(change: () => void): AppFailure['detail'] {
  try {
    change();
  } catch (error) {
    if (error instanceof AppFailure) return error.detail;
    throw error;
  }
  throw new Error('the change did not fail');
}

describe('the electron-store adapter', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'electron-store-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps settings in <data folder>/settings.json, dotted keys nested as electron-store always has', () => {
    const store = createSettingsEngine(dir);
    store.set('profiles', { version: 1 });
    store.set('vault.p1', 'enc:cipher');
    store.set('window.state', { maximized: true });
    store.delete('window.state');
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8'))).toEqual({
      profiles: { version: 1 },
      vault: { p1: 'enc:cipher' },
      window: {},
    });
    expect(createSettingsEngine(dir).get('vault.p1')).toBe('enc:cipher');
  });

  it('never clears a file it cannot parse (clearInvalidConfig: false): it throws, and the file stays as it was', () => {
    writeFileSync(join(dir, SETTINGS_FILE), 'not json {');
    expect(() => createSettingsEngine(dir)).toThrow(SyntaxError);
    expect(readFileSync(join(dir, SETTINGS_FILE), 'utf8')).toBe('not json {');
  });

  it('why openSettings checks the file first: electron-store takes an array as numbered keys and writes them over it', () => {
    const file = join(dir, SETTINGS_FILE);
    writeFileSync(file, '["a"]');
    const bare = new Store<Record<string, unknown>>({ name: 'settings', cwd: dir });
    bare.set('x', 1);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 0: 'a', x: 1 });

    writeFileSync(file, '["a"]');
    const opened = openSettings({ file, open: () => createSettingsEngine(dir) });
    expect(opened.damaged?.message).toContain(`${file} holds a JSON array, not the settings object`);
    opened.store.set('x', 1);
    expect(readFileSync(file, 'utf8')).toBe('["a"]');
  });

  describe('on a disk that refuses the write', () => {
    let disk: SmallDisk;
    beforeAll(() => {
      disk = mountSmallDisk(1024 * 1024, { inodes: 64 });
    });
    afterAll(() => disk.unmount());
    afterEach(() => disk.unfill());

    it.each([
      ['full of bytes', () => disk.fill(0)],
      ['without a free file', () => disk.exhaustFiles()],
    ])('%s: SETTINGS_NOT_SAVED naming the file and ENOSPC; the old settings stay in force, the file unchanged', (_case, exhaust) => {
      const data = join(disk.dir, `data-${readdirSync(disk.dir).length}`);
      mkdirSync(data);
      const store = createSettingsEngine(data);
      store.set('profiles', { version: 1, kept: true });
      const file = join(data, SETTINGS_FILE);
      const before = readFileSync(file);
      exhaust();
      const failure = failureOf(() => store.set('profiles', { version: 1, kept: false, padding: 'x'.repeat(64 * 1024) }));
      expect(failure).toMatchObject({
        code: 'SETTINGS_NOT_SAVED',
        message: `The change was not saved: spin-desk could not write its settings file ${file}: the disk holding it is full (no room for more data, or for more files) (ENOSPC). The settings stay as they were.`,
        remedy: expect.stringContaining('Free space'),
      });
      expect(failureOf(() => store.delete('profiles')).code).toBe('SETTINGS_NOT_SAVED');
      expect(store.get('profiles')).toEqual({ version: 1, kept: true });
      expect(readFileSync(file)).toEqual(before);
      expect(readdirSync(data)).toEqual([SETTINGS_FILE]);
    });
  });
});
