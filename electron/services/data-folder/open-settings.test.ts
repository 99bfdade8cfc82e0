import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JournalWriteError } from '../journal/journal-errors';
import { PROFILES_KEY } from '../profiles/stored-profile';
import { MemoryStore } from '../settings/key-value-store';
import { openSettings } from './open-settings';

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

/** The shell's store, recording what it was opened on. */
function shellStore() {
  const store = new MemoryStore();
  const open = vi.fn((values: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(values)) store.set(key, value);
    return store;
  });
  return { store, open };
}

describe('openSettings', () => {
  it("opens the shell's store on a sound file, with what it holds", () => {
    writeFileSync(file, JSON.stringify({ [PROFILES_KEY]: PROFILES, other: 1 }));
    const { store, open } = shellStore();
    const opened = openSettings({ file, open });
    expect(opened).toEqual({ store });
    expect(open).toHaveBeenCalledWith({ [PROFILES_KEY]: PROFILES, other: 1 });
  });

  it('opens it on empty settings when there is no file yet (the first start)', () => {
    const { store, open } = shellStore();
    expect(openSettings({ file, open })).toEqual({ store });
    expect(open).toHaveBeenCalledWith({});
  });

  it('checks the profiles at start: damaged profiles make the file damaged, kept aside and untouched', () => {
    const text = JSON.stringify({ [PROFILES_KEY]: { ...PROFILES, profiles: [{ ...PROFILES.profiles[0], tpn: 42 }] } });
    writeFileSync(file, text);
    const { open } = shellStore();
    const opened = openSettings({ file, open });
    expect(open).not.toHaveBeenCalled();
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
    const opened = openSettings({ file, readOnly: READ_ONLY_FOLDER, open: shellStore().open });
    expect(opened.readOnly).toBe(READ_ONLY_FOLDER);
    expect(opened.damaged?.message).toBe(
      `spin-desk cannot record payments: a file in its data folder is damaged, ${file} holds a JSON array, not the settings object.`,
    );
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('a folder that cannot be written, with a sound file: the store opens, and the folder says read-only', () => {
    writeFileSync(file, '{}');
    const { store, open } = shellStore();
    expect(openSettings({ file, readOnly: READ_ONLY_FOLDER, open })).toEqual({ store, readOnly: READ_ONLY_FOLDER });
  });

  it("the shell's store refusing the file counts as damage too, named without quoting the file", () => {
    writeFileSync(file, '{}');
    const opened = openSettings({
      file,
      open: () => {
        throw new SyntaxError('Unexpected token "secret" in JSON');
      },
    });
    expect(opened.damaged?.message).toContain(`${file} cannot be opened (SyntaxError) (a copy is kept as `);
    expect(opened.damaged?.message).not.toContain('secret');
  });
});
