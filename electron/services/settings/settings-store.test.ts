import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../../../tests/support/small-disk';
import { AppFailure } from '../app-failure';
import { checkSettingsFile } from './settings-file';
import { SettingsStore } from './settings-store';
import { JournalWriteError } from '../journal/journal-errors';
import { stoppableStore } from './key-value-store';
import { speakSpanishInThisTest } from '../../../tests/support/speak-spanish';

/** A store on `file` as openSettings opens one: on what the file holds, checked. */
function open(file: string, options: { readOnly?: boolean } = {}): SettingsStore {
  const read = checkSettingsFile(file);
  if (!read.ok) throw new Error(read.problem());
  return new SettingsStore(file, read.values, options);
}

function failureOf(change: () => void): AppFailure['detail'] {
  try {
    change();
  } catch (error) {
    if (error instanceof AppFailure) return error.detail;
    throw error;
  }
  throw new Error('the change did not fail');
}

describe('SettingsStore on a folder of its own', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'settings-store-'));
    file = join(dir, 'settings.json');
    return () => rmSync(dir, { recursive: true, force: true });
  });

  it('writes every change through, dotted keys nested as electron-store always wrote them, readable by its owner only', () => {
    const store = open(file);
    store.set('profiles', { version: 1 });
    store.set('vault.p1', 'enc:cipher');
    store.set('window.state', { maximized: true });
    store.delete('window.state');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: { version: 1 }, vault: { p1: 'enc:cipher' }, window: {} });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(open(file).get('vault.p1')).toBe('enc:cipher');
    expect(open(file).get('vault')).toEqual({ p1: 'enc:cipher' });
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('opens without touching the file: nothing is written until something changes', () => {
    writeFileSync(file, '{"profiles":{"kept":true}}');
    const store = open(file);
    expect(store.get('profiles')).toEqual({ kept: true });
    expect(readFileSync(file, 'utf8')).toBe('{"profiles":{"kept":true}}');
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('hands out copies: changing what get() returned, or what set() was given, changes nothing stored', () => {
    writeFileSync(file, '{"profiles":{"kept":true}}');
    const store = open(file);
    const got = store.get('profiles') as { kept: boolean };
    got.kept = false;
    expect(store.get('profiles')).toEqual({ kept: true });
    const given = { kept: 'given' };
    store.set('profiles', given);
    given.kept = 'changed later';
    expect(store.get('profiles')).toEqual({ kept: 'given' });
  });

  it('the file deleted while running: the settings in force stay, and the next change writes all of them back', () => {
    const store = open(file);
    store.set('profiles', { kept: true });
    store.set('vault.p1', 'enc:cipher');
    rmSync(file);
    expect(store.get('profiles')).toEqual({ kept: true });
    store.set('updates', { automatic: false });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: { kept: true },
      vault: { p1: 'enc:cipher' },
      updates: { automatic: false },
    });
  });

  it('the file damaged while running: the settings in force stay, and the next change replaces the damage', () => {
    const store = open(file);
    store.set('profiles', { kept: true });
    writeFileSync(file, 'not json {');
    expect(store.get('profiles')).toEqual({ kept: true });
    store.set('updates', { automatic: false });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: { kept: true }, updates: { automatic: false } });
  });

  it('the data folder moved away while running: SETTINGS_NOT_SAVED, and the folder is not made again', () => {
    const store = open(file);
    store.set('profiles', { kept: true });
    renameSync(dir, `${dir}-moved`);
    try {
      expect(failureOf(() => store.set('profiles', { kept: false }))).toMatchObject({
        code: 'SETTINGS_NOT_SAVED',
        message: `The change was not saved: spin-desk could not write its settings file ${file}: the write failed (ENOENT). The settings stay as they were.`,
      });
      expect(store.get('profiles')).toEqual({ kept: true });
      expect(() => statSync(dir)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    } finally {
      rmSync(`${dir}-moved`, { recursive: true, force: true });
    }
  });

  it("a folder in the file's place: SETTINGS_NOT_SAVED, the folder left as it is", () => {
    const store = open(file);
    mkdirSync(file);
    expect(failureOf(() => store.set('profiles', { kept: true })).code).toBe('SETTINGS_NOT_SAVED');
    expect(statSync(file).isDirectory()).toBe(true);
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('read-only (the data folder cannot be written): changes last in memory and the file is never written', () => {
    writeFileSync(file, '{"vault":{"p1":"enc:cipher"}}');
    const store = open(file, { readOnly: true });
    store.set('vault.p2', 'enc:other');
    store.delete('vault.p1');
    expect(store.get('vault')).toEqual({ p2: 'enc:other' });
    expect(readFileSync(file, 'utf8')).toBe('{"vault":{"p1":"enc:cipher"}}');
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });
});

// On a real, small tmpfs: a write the disk refuses must leave both the file and the settings in
// memory as they were.
describe('SettingsStore on a disk that refuses the write', () => {
  let disk: SmallDisk;
  let file: string;
  beforeAll(() => {
    disk = mountSmallDisk(1024 * 1024, { inodes: 64 });
    file = join(disk.dir, 'settings.json');
  });
  afterAll(() => disk.unmount());
  beforeEach(() => {
    disk.unfill();
    writeFileSync(file, JSON.stringify({ profiles: { kept: true } }));
  });

  it.each([
    ['the disk is full of bytes', () => disk.fill(0)],
    ['the disk has no free files', () => disk.exhaustFiles()],
  ])('when %s, set and delete fail with SETTINGS_NOT_SAVED and change nothing, in memory or on disk', (_case, exhaust) => {
    const store = open(file);
    const before = readFileSync(file);
    exhaust();
    // Big enough not to fit in what is left of the file's last page.
    const set = failureOf(() => store.set('profiles', { kept: false, padding: 'x'.repeat(64 * 1024) }));
    expect(set).toEqual({
      code: 'SETTINGS_NOT_SAVED',
      message: `The change was not saved: spin-desk could not write its settings file ${file}: the disk holding it is full (no room for more data, or for more files) (ENOSPC). The settings stay as they were.`,
      remedy: 'Free space on that disk (deleting files you do not need frees both), then try again.',
    });
    expect(failureOf(() => store.delete('profiles')).code).toBe('SETTINGS_NOT_SAVED');
    expect(store.get('profiles')).toEqual({ kept: true });
    expect(readFileSync(file)).toEqual(before);
    // No half-written temp file left to hold space the disk needs back.
    expect(readdirSync(disk.dir).filter((name) => name.startsWith('settings'))).toEqual(['settings.json']);

    disk.unfill();
    store.set('profiles', { kept: 'later' });
    expect(open(file).get('profiles')).toEqual({ kept: 'later' });
  });

  it('on a read-only disk too', () => {
    const store = open(file);
    disk.remount('ro');
    try {
      expect(failureOf(() => store.set('profiles', { kept: false }))).toMatchObject({
        code: 'SETTINGS_NOT_SAVED',
        message: expect.stringContaining('its folder is read-only (EROFS)'),
        remedy: expect.stringContaining('writable'),
      });
      expect(store.get('profiles')).toEqual({ kept: true });
    } finally {
      disk.remount('rw');
    }
  });
});

// Issue 41, item 1: a refused change is worded when it is refused, in the language main speaks then.
describe('a refused settings change in Spanish', () => {
  it('names the file and the reason, and a lost folder, in Spanish', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'settings-es-'));
    const file = join(dir, 'settings.json');
    const store = open(file);
    rmSync(dir, { recursive: true, force: true });
    await speakSpanishInThisTest();
    expect(failureOf(() => store.set('profiles', { kept: false }))).toEqual({
      code: 'SETTINGS_NOT_SAVED',
      message: `El cambio no se guardó: spin-desk no pudo escribir su archivo de configuración ${file}: la escritura falló (ENOENT). La configuración sigue como estaba.`,
      remedy: 'Revise el disco donde está la carpeta de datos y luego intente de nuevo.',
    });
    // The lock lost before the switch: its reason is worded at the refusal.
    const stopped = stoppableStore(open(join(mkdtempSync(join(tmpdir(), 'settings-es-')), 'settings.json')));
    stopped.stopWriting(new JournalWriteError('LOCK_LOST'));
    expect(failureOf(() => stopped.set('profiles', {}))).toEqual({
      code: 'SETTINGS_NOT_SAVED',
      message:
        'El cambio no se guardó: otra copia de spin-desk tomó su carpeta de datos, así que esta copia de spin-desk ya no escribe en su carpeta de datos. La configuración sigue como estaba.',
      remedy: 'Cierre la otra copia y luego reinicie spin-desk.',
    });
  });
});
