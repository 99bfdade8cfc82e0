import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleChild, kill, spawnKilledChild } from '../../../tests/fault/child-kit';
import { checkSettingsFile } from './settings-file';
import { SettingsStore } from './settings-store';

// A kill mid-write never leaves part of a settings file: a child process writes big settings
// over and over, as fast as it can, and is killed with SIGKILL at a random moment; the file must
// then hold one whole version. A non-atomic write (conf's own, under SNAP) fails this in a few rounds.
const ROUNDS = 12;
const PADDING_BYTES = 4 * 1024 * 1024;

const WRITER = `
const [bundle, file, padding] = process.argv.slice(1);
const { SettingsStore } = await import(bundle);
const store = new SettingsStore(file, {});
const profiles = { padding: 'x'.repeat(Number(padding)) };
process.stdout.write(JSON.stringify({ event: 'loaded' }) + '\\n');
for (let n = 1; ; n += 1) store.set('profiles', { ...profiles, n });
`;

let bundle: { script: string; remove(): void };
let dir: string;
beforeAll(async () => {
  bundle = await bundleChild('electron/services/settings/settings-store.ts');
  dir = mkdtempSync(join(tmpdir(), 'settings-kill-'));
});
afterAll(() => {
  bundle.remove();
  rmSync(dir, { recursive: true, force: true });
});

it('a kill mid-write leaves the old file or the new one, never part of one; the next start clears the writer’s temp files', async () => {
  const file = join(dir, 'settings.json');
  // A whole first version before any kill: on a loaded machine no 4 MB write may finish within a
  // round, and "the old file" must then be this one, not none at all.
  new SettingsStore(file, {}).set('profiles', { padding: 'x'.repeat(PADDING_BYTES), n: 0 });
  for (let round = 1; round <= ROUNDS; round += 1) {
    const writer = spawnKilledChild(['--input-type=module', '-e', WRITER, bundle.script, file, String(PADDING_BYTES)], `writer ${round}`);
    await writer.loaded;
    // 0 to 100 ms into the writing: each write of 4 MB takes some milliseconds.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 100));
    await kill(writer.child);
    const read = checkSettingsFile(file);
    expect(read.ok, `round ${round}: ${read.ok ? '' : read.problem()}`).toBe(true);
    const profiles = read.ok ? (read.values.profiles as { padding: string; n: number } | undefined) : undefined;
    if (profiles) expect(profiles.padding).toHaveLength(PADDING_BYTES);
  }
  const last = checkSettingsFile(file);
  expect(last).toMatchObject({ ok: true, values: { profiles: { n: expect.any(Number) } } });
  const reopened = new SettingsStore(file, last.ok ? last.values : {});
  expect(reopened.get('profiles.padding')).toHaveLength(PADDING_BYTES);
  expect(readdirSync(dir)).toEqual(['settings.json']);
}, 120_000);
