import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../../../tests/support/small-disk';
import { AppFailure } from '../app-failure';
import { JsonFileStore } from './json-file-store';
import { readSettingsFile } from './settings-file';

// On a real, small tmpfs: a write the disk refuses must leave both the file and the settings in
// memory as they were.
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

function open(): JsonFileStore {
  const read = readSettingsFile(file);
  if (!read.ok) throw new Error(read.problem);
  return new JsonFileStore(file, read.values);
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

describe('JsonFileStore', () => {
  it('writes every change through, so a new store on the file reads it back', () => {
    const store = open();
    store.set('window.state', { maximized: true });
    store.delete('profiles');
    expect(open().get('window.state')).toEqual({ maximized: true });
    expect(open().get('profiles')).toBeUndefined();
    expect(readdirSync(disk.dir).sort()).toEqual(['settings.json']);
  });

  it('hands out copies: changing what get() returned changes nothing stored', () => {
    const store = open();
    const value = store.get('profiles') as { kept: boolean };
    value.kept = false;
    expect(store.get('profiles')).toEqual({ kept: true });
  });

  it.each([
    ['the disk is full of bytes', () => disk.fill(0)],
    ['the disk has no free files', () => disk.exhaustFiles()],
  ])('when %s, set and delete fail with SETTINGS_NOT_SAVED and change nothing, in memory or on disk', (_case, exhaust) => {
    const store = open();
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
    expect(open().get('profiles')).toEqual({ kept: 'later' });
  });

  it('on a read-only disk too', () => {
    const store = open();
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

  it('read-only (the data folder cannot be written): changes last in memory and the file is never written', () => {
    const before = readFileSync(file);
    const store = new JsonFileStore(file, { profiles: { kept: true } }, { readOnly: true });
    store.set('profiles', { kept: false });
    expect(store.get('profiles')).toEqual({ kept: false });
    expect(readFileSync(file)).toEqual(before);
  });
});
