// The browser host's settings.json when it is damaged, unreadable, or cannot be written: the real
// host process (electron/host/cli.ts) on real files and a real tmpfs, over real HTTP.
//
// Damaged or unreadable: the host must not exit; it starts read-only (history readable, payments
// refused, app:storage naming the file), keeps a copy of the file beside it and never writes it.
// No free inodes: profiles:save answers SETTINGS_NOT_SAVED, the profile is not listed, nothing
// of it is written later, and app:storage does not say ok.
import { chownSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHosts, call, sale, started, stopHost, type Host } from '../support/browser-host';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk';

const hosts = browserHosts();
const NOBODY = 65534;

const names = async (host: Host) => ((await call(host, 'profiles:list')).data?.profiles as { name: string }[]).map((p) => p.name);

const draft = (name: string) => ({ name, environment: 'sandbox', tpn: 'Z8SIM0000001', proxyTimeoutSeconds: 90 });

/** `levels` arrays inside one another: far deeper than structuredClone can copy. */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

interface Case {
  /** Puts the damaged settings in place (the file does not exist yet). */
  damage: (file: string) => void;
  /** Completes "<file> ..." in the banner. */
  problem: string;
  /** Whether a copy can be kept (the file can be read). */
  copied: boolean;
  asNobody?: boolean;
}

const CASES: Record<string, Case> = {
  'text that is not JSON': {
    damage: (file) => writeFileSync(file, '{"profiles": {"version": 1,'),
    problem: 'is not valid JSON',
    copied: true,
  },
  'a JSON array': {
    damage: (file) => writeFileSync(file, '[{"version": 1}]'),
    problem: 'holds a JSON array, not the settings object',
    copied: true,
  },
  'damaged profiles': {
    damage: (file) =>
      writeFileSync(
        file,
        JSON.stringify({ profiles: { version: 1, profiles: [{ id: 'p1', ...draft('Front counter'), tpn: 7 }], activeId: 'p1' } }),
      ),
    problem: 'holds terminal profiles spin-desk cannot read (profiles.profiles.0.tpn: Invalid input: expected string, received number)',
    copied: true,
  },
  'nesting deeper than can be copied': {
    damage: (file) => writeFileSync(file, `{"window": ${nested(200_000)}}`),
    problem: 'is nested more than 64 levels deep',
    copied: true,
  },
  'a file the user may not read (EACCES)': {
    // Root's file, readable by root only, in a folder the user (nobody) owns and writes.
    damage: (file) => writeFileSync(file, '{}', { mode: 0o600 }),
    problem: 'cannot be read (EACCES)',
    copied: false,
    asNobody: true,
  },
  'a directory named settings.json (EISDIR)': { damage: (file) => mkdirSync(file), problem: 'cannot be read (EISDIR)', copied: false },
};

describe('damaged settings: the host starts read-only, keeps the file aside and never writes it', () => {
  // A data folder with one approved sale in its history, copied for each case.
  let seeded: string;
  beforeAll(async () => {
    seeded = mkdtempSync(join(tmpdir(), 'settings-seed-'));
    const host = started(await hosts.start(seeded));
    expect(await sale(host, 'SEED0001')).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    await stopHost(host.child, 'SIGTERM');
    rmSync(join(seeded, 'settings.json'));
  }, 60_000);
  afterAll(() => rmSync(seeded, { recursive: true, force: true }));

  it.each(Object.entries(CASES))(
    '%s',
    async (_name, { damage, problem, copied, asNobody }) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'settings-damaged-'));
      cpSync(seeded, dataDir, { recursive: true });
      if (asNobody) chownTree(dataDir, NOBODY);
      const file = join(dataDir, 'settings.json');
      damage(file);
      const before = snapshot(file);
      try {
        const host = started(await hosts.start(dataDir, { asNobody }));
        expect(host.stderr()).toContain(`${file} ${problem}`);

        const copies = readdirSync(dataDir).filter((name) => name.startsWith('settings.json.damaged-'));
        expect(copies).toHaveLength(copied ? 1 : 0);
        if (copied) expect(readFileSync(join(dataDir, copies[0] ?? ''))).toEqual(readFileSync(file));
        const kept = copied ? ` (a copy is kept as ${join(dataDir, copies[0] ?? '')})` : '';
        const reason = `spin-desk cannot record payments: a file in its data folder is damaged, ${file} ${problem}${kept}.`;
        expect((await call(host, 'app:storage')).data).toMatchObject({
          state: 'read-only',
          message: `${reason} History can be read; payments are refused.`,
          remedy: 'Restore the file from a backup, or move it out of the folder to start it afresh, then restart spin-desk.',
        });

        // History readable; payments refused with the reason; the demo terminal in memory to look around.
        const history = await call(host, 'journal:list', { offset: 0, limit: 10 });
        expect(history.data?.entries?.map((e) => [e.referenceId, e.state])).toEqual([['SEED0001', 'approved']]);
        const refused = await sale(host, 'DAMAGED1');
        expect(refused).toMatchObject({ ok: false, error: { code: 'JOURNAL_UNAVAILABLE', message: `${reason} Nothing was charged.` } });
        expect(await names(host)).toEqual(['Demo terminal']);
        // A change made meanwhile stays in memory: the file is not written.
        expect(await call(host, 'profiles:save', draft('Front counter'))).toMatchObject({ ok: true });

        await stopHost(host.child, 'SIGTERM');
        expect(snapshot(file)).toEqual(before);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe('settings on a disk without free inodes', () => {
  let disk: SmallDisk;
  beforeAll(() => {
    // Bytes to spare (above the 50 MB warning; tmpfs takes memory only as it is written), few files.
    disk = mountSmallDisk(64 * 1024 * 1024, { inodes: 300 });
  });
  afterAll(() => disk.unmount());

  it('profiles:save answers SETTINGS_NOT_SAVED; the profile is not listed, never written later, and app:storage is not ok', async () => {
    const dataDir = join(disk.dir, 'data');
    const file = join(dataDir, 'settings.json');
    const host = started(await hosts.start(dataDir));
    expect(await call(host, 'profiles:save', draft('Front counter'))).toMatchObject({ ok: true });
    const settingsBefore = readFileSync(file);

    expect(disk.exhaustFiles()).toBeGreaterThan(0);
    const refused = await call(host, 'profiles:save', draft('Back office'));
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'SETTINGS_NOT_SAVED',
        message: `The change was not saved: spin-desk could not write its settings file ${file}: the disk holding it is full (no room for more data, or for more files) (ENOSPC). The settings stay as they were.`,
        remedy: 'Free space on that disk (deleting files you do not need frees both), then try again.',
      },
    });
    expect(await names(host)).toEqual(['Demo terminal', 'Front counter']);
    expect(readFileSync(file)).toEqual(settingsBefore);
    const storage = (await call(host, 'app:storage')).data;
    expect(storage).toMatchObject({ state: 'low-space', remedy: expect.stringContaining('every file counts') });
    expect(storage?.message).toContain('no room for more files');

    // Room again: the next change is saved, and the refused one does not come along with it.
    disk.unfill();
    expect(await call(host, 'profiles:save', draft('Kitchen'))).toMatchObject({ ok: true });
    expect(await names(host)).toEqual(['Demo terminal', 'Front counter', 'Kitchen']);
    await stopHost(host.child, 'SIGTERM');

    const restarted = started(await hosts.start(dataDir));
    expect(await names(restarted)).toEqual(['Demo terminal', 'Front counter', 'Kitchen']);
  }, 60_000);
});

/** What a test compares before and after: a file's bytes, or that a directory is still one. */
function snapshot(path: string): Buffer | 'directory' {
  return statSync(path).isDirectory() ? 'directory' : readFileSync(path);
}

function chownTree(dir: string, uid: number): void {
  chownSync(dir, uid, uid);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) chownSync(join(entry.parentPath, entry.name), uid, uid);
}
