import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../../../tests/support/small-disk';
import { BASE_LANGUAGE } from '@shared/i18n/languages';
import { checkSettingsFile, keepDamagedCopy, MAX_SETTINGS_DEPTH } from './settings-file';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'settings-file-'));
  file = join(dir, 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `levels` arrays inside one another under key "a": {"a":[[...]]}. */
function nested(levels: number): string {
  return `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;
}

/** What checkSettingsFile found, its problem said in English. */
function checkedInEnglish(file: string) {
  const read = checkSettingsFile(file);
  return read.ok ? read : { ok: false, problem: read.problem(BASE_LANGUAGE) };
}

describe('checkSettingsFile', () => {
  it('reads a JSON object; a missing file is empty settings', () => {
    expect(checkedInEnglish(file)).toEqual({ ok: true, values: {} });
    writeFileSync(file, '{"profiles":{"version":1},"x":[1,[2]]}');
    expect(checkedInEnglish(file)).toEqual({ ok: true, values: { profiles: { version: 1 }, x: [1, [2]] } });
  });

  it.each([
    ['text that is not JSON', 'not json {', 'is not valid JSON'],
    ['an empty file', '', 'is not valid JSON'],
    ['a JSON array', '[{"profiles":1}]', 'holds a JSON array, not the settings object'],
    ['a JSON string', '"settings"', 'holds a JSON string, not the settings object'],
    ['JSON null', 'null', 'holds a JSON null, not the settings object'],
  ])('names the problem of %s', (_kind, text, problem) => {
    writeFileSync(file, text);
    expect(checkedInEnglish(file)).toEqual({ ok: false, problem });
  });

  it('refuses nesting deeper than it can clone, without overflowing the stack itself', () => {
    // Deep enough that structuredClone and JSON.stringify throw RangeError on it.
    const deep = nested(200_000);
    expect(() => structuredClone(JSON.parse(deep))).toThrow(RangeError);
    writeFileSync(file, deep);
    expect(checkedInEnglish(file)).toEqual({ ok: false, problem: `is nested more than ${MAX_SETTINGS_DEPTH} levels deep` });
    // The limit itself is fine: the object is level 1.
    writeFileSync(file, nested(MAX_SETTINGS_DEPTH - 1));
    expect(checkedInEnglish(file).ok).toBe(true);
    writeFileSync(file, nested(MAX_SETTINGS_DEPTH));
    expect(checkedInEnglish(file).ok).toBe(false);
  });

  it('says why a file cannot be read: a directory in its place', () => {
    mkdirSync(file);
    expect(checkedInEnglish(file)).toEqual({ ok: false, problem: 'cannot be read (EISDIR)' });
  });
});

describe('keepDamagedCopy', () => {
  const NOW = new Date('2025-03-04T05:06:07.089Z');
  const COPY = 'settings.json.damaged-2025-03-04T05-06-07.089Z';

  it('copies the file byte for byte beside it, readable by its owner only, and leaves the file as it was', () => {
    const bytes = Buffer.from([0x7b, 0xff, 0x00, 0x22]);
    writeFileSync(file, bytes);
    expect(keepDamagedCopy(file, NOW)).toBe(join(dir, COPY));
    expect(readFileSync(join(dir, COPY))).toEqual(bytes);
    expect(statSync(join(dir, COPY)).mode & 0o777).toBe(0o600);
    expect(readFileSync(file)).toEqual(bytes);
    expect(readdirSync(dir).sort()).toEqual(['settings.json', COPY]);
  });

  it('never overwrites a file already there under that name', () => {
    writeFileSync(file, 'damaged');
    writeFileSync(join(dir, COPY), 'something else');
    expect(keepDamagedCopy(file, NOW)).toBe(join(dir, `${COPY}-2`));
    expect(readFileSync(join(dir, COPY), 'utf8')).toBe('something else');
    expect(readFileSync(join(dir, `${COPY}-2`), 'utf8')).toBe('damaged');
  });

  it('reuses a copy of the same bytes kept at an earlier start instead of piling up copies', () => {
    writeFileSync(file, 'damaged');
    const first = keepDamagedCopy(file, NOW);
    expect(keepDamagedCopy(file, new Date('2025-03-05T00:00:00Z'))).toBe(first);
    writeFileSync(file, 'damaged differently');
    expect(keepDamagedCopy(file, new Date('2025-03-05T00:00:00Z'))).toBe(join(dir, 'settings.json.damaged-2025-03-05T00-00-00.000Z'));
  });

  it('keeps no copy of what it cannot read', () => {
    mkdirSync(file);
    expect(keepDamagedCopy(file, NOW)).toBeUndefined();
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  describe('on a disk that refuses the copy', () => {
    let disk: SmallDisk;
    beforeAll(() => {
      disk = mountSmallDisk(1024 * 1024);
    });
    afterAll(() => disk.unmount());

    it('leaves no partial copy when the disk fills during it, and none on a read-only disk', () => {
      const damaged = join(disk.dir, 'settings.json');
      writeFileSync(damaged, Buffer.alloc(256 * 1024, 0x5b));
      disk.fill(0);
      expect(keepDamagedCopy(damaged, NOW)).toBeUndefined();
      disk.unfill();
      expect(readdirSync(disk.dir)).toEqual(['settings.json']);
      disk.remount('ro');
      try {
        expect(keepDamagedCopy(damaged, NOW)).toBeUndefined();
      } finally {
        disk.remount('rw');
      }
      expect(readdirSync(disk.dir)).toEqual(['settings.json']);
    });
  });
});
