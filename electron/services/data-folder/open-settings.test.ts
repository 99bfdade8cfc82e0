import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalWriteError } from '../journal/journal-errors';
import { PROFILES_KEY } from '../profiles/stored-profile';
import { MemoryStore } from '../settings/key-value-store';
import { SettingsStore } from '../settings/settings-store';
import { openSettings } from './open-settings';
import { speakSpanishInThisTest } from '../../../tests/support/speak-spanish';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'open-settings-'));
  file = join(dir, 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const PROFILES = {
  version: 1,
  profiles: [{ id: 'p1', name: 'Front counter', environment: 'sandbox', tpn: 'Z8SIM0000001', proxyTimeoutSeconds: 90 }],
  activeId: 'p1',
};
const READ_ONLY_FOLDER = new JournalWriteError('READ_ONLY', 'EROFS');
const REMEDY = 'Restore the file from a backup, or move it out of the folder to start it afresh, then restart spin-desk.';

describe('openSettings', () => {
  it('opens the settings store on a sound file, with what it holds; changes are written to the file', () => {
    writeFileSync(file, JSON.stringify({ [PROFILES_KEY]: PROFILES, other: 1 }));
    const opened = openSettings({ file });
    expect(Object.keys(opened)).toEqual(['store']);
    expect(opened.store).toBeInstanceOf(SettingsStore);
    expect(opened.store.get(PROFILES_KEY)).toEqual(PROFILES);
    expect(opened.store.get('other')).toBe(1);
    opened.store.set('other', 2);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ [PROFILES_KEY]: PROFILES, other: 2 });
  });

  it('opens it on empty settings when there is no file yet (the first start), and writes none until a change', () => {
    const opened = openSettings({ file });
    expect(opened.store.get(PROFILES_KEY)).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('checks the profiles at start: damaged profiles make the file damaged, kept aside and untouched', () => {
    const text = JSON.stringify({ [PROFILES_KEY]: { ...PROFILES, profiles: [{ ...PROFILES.profiles[0], tpn: 42 }] } });
    writeFileSync(file, text);
    const opened = openSettings({ file });
    const copy = readdirSync(dir).find((name) => name.startsWith('settings.json.damaged-'));
    expect(copy).toBeDefined();
    expect(readFileSync(join(dir, copy ?? ''), 'utf8')).toBe(text);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(opened.readOnly).toBe(opened.damaged);
    expect(opened.damaged?.message).toBe(
      `spin-desk cannot record payments: a file in its data folder is damaged, ${file} holds terminal profiles spin-desk cannot read (profiles.profiles.0.tpn: Invalid input: expected string, received number) (a copy is kept as ${join(dir, copy ?? '')}).`,
    );
    expect(opened.damaged?.remedy).toBe(REMEDY);
    // Settings in memory, empty: the app may add its demo terminal there; nothing reaches the file.
    expect(opened.store).toBeInstanceOf(MemoryStore);
    expect(opened.store.get(PROFILES_KEY)).toBeUndefined();
  });

  it('a folder that cannot be written: its reason comes first, the damaged file is not copied', () => {
    writeFileSync(file, '[]');
    const opened = openSettings({ file, readOnly: READ_ONLY_FOLDER });
    expect(opened.readOnly).toBe(READ_ONLY_FOLDER);
    expect(opened.damaged?.message).toBe(
      `spin-desk cannot record payments: a file in its data folder is damaged, ${file} holds a JSON array, not the settings object.`,
    );
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('a folder that cannot be written, with a sound file: the settings open as they are, changes last in memory, and the folder says read-only', () => {
    writeFileSync(file, JSON.stringify({ [PROFILES_KEY]: PROFILES }));
    const opened = openSettings({ file, readOnly: READ_ONLY_FOLDER });
    expect(opened.readOnly).toBe(READ_ONLY_FOLDER);
    expect(opened.damaged).toBeUndefined();
    expect(opened.store.get(PROFILES_KEY)).toEqual(PROFILES);
    opened.store.set(PROFILES_KEY, { ...PROFILES, activeId: 'other' });
    expect(opened.store.get(PROFILES_KEY)).toEqual({ ...PROFILES, activeId: 'other' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ [PROFILES_KEY]: PROFILES });
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });
});

// Issue 41, item 1: the banner naming a damaged settings file is worded when shown, in the language
// main speaks then, though the file was found damaged at start.
describe('a damaged settings file, said in Spanish', () => {
  it('names the file and its problem in Spanish', async () => {
    writeFileSync(file, '[1, 2]');
    const opened = openSettings({ file, readOnly: READ_ONLY_FOLDER });
    await speakSpanishInThisTest();
    expect(opened.damaged?.shownMessage()).toBe(
      `spin-desk no puede registrar pagos: un archivo de su carpeta de datos está dañado, ${file} contiene un array de JSON, no el objeto de configuración.`,
    );
  });
});
