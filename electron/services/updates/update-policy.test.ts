import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadLocaleMessages } from '@shared/i18n/paraglide/messages/_index.js';
import { MAX_POLICY_BYTES, resolveUpdatePolicy, UPDATE_POLICY_FILE, UpdatePolicyError } from './update-policy';

// Real files in a data folder of the test's own: the policy file a managed store drops there.
function dataFolder(policy?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'spin-desk-update-policy-'));
  if (policy !== undefined) writeFileSync(join(dir, UPDATE_POLICY_FILE), policy);
  return dir;
}

const resolve = (dir: string, setting?: unknown) => resolveUpdatePolicy(dir, setting, vi.fn());

describe('the updates policy', () => {
  it('checks automatically on the "latest" channel of the packaged feed when nothing says otherwise', async () => {
    expect(await resolve(dataFolder())).toEqual({ automatic: true, channel: 'latest', source: 'default' });
  });

  it("follows the app's setting when there is no policy file", async () => {
    expect(await resolve(dataFolder(), { automatic: false })).toEqual({ automatic: false, channel: 'latest', source: 'setting' });
  });

  it("lets the store's policy file win over the setting: off, or a pinned channel and its own feed", async () => {
    expect(await resolve(dataFolder('{ "automatic": false }'), { automatic: true })).toMatchObject({ automatic: false, source: 'policy' });
    const pinned = dataFolder(JSON.stringify({ channel: 'store-2026', feedUrl: 'https://updates.example-reseller.com/spin-desk/' }));
    expect(await resolve(pinned, { channel: 'beta' })).toEqual({
      automatic: true,
      channel: 'store-2026',
      feedUrl: 'https://updates.example-reseller.com/spin-desk/',
      source: 'policy',
    });
  });

  it('refuses a policy file it cannot follow, naming the file, the field and the rule', async () => {
    const cases: [string, RegExp][] = [
      ['{ "channel": "Beta!" }', /"channel" must be a channel name: lower-case letters, digits and dashes/],
      ['{ "feedUrl": "http://updates.example.com/" }', /"feedUrl" must be an https:\/\/ address/],
      ['{ "automatic": "no" }', /"automatic" must be true or false/],
      ['{ "autoUpdate": false }', /"autoUpdate" is not an update setting \(known: automatic, channel, feedUrl\)/],
      ['["off"]', /the file must be a JSON object/],
      ['{ "automatic": false', /is not valid JSON/],
    ];
    for (const [text, rule] of cases) {
      const dir = dataFolder(text);
      const refused = resolve(dir);
      await expect(refused, text).rejects.toBeInstanceOf(UpdatePolicyError);
      await expect(refused, text).rejects.toThrow(rule);
      await expect(refused, text).rejects.toThrow(join(dir, UPDATE_POLICY_FILE));
    }
  });

  it('takes an http feed on this machine only in a development run (the Electron smoke test)', async () => {
    const local = dataFolder('{ "feedUrl": "http://127.0.0.1:4567/" }');
    expect(await resolveUpdatePolicy(local, undefined, vi.fn(), { development: true })).toMatchObject({
      feedUrl: 'http://127.0.0.1:4567/',
      source: 'policy',
    });
    await expect(resolve(local)).rejects.toThrow(/"feedUrl" must be an https:\/\/ address/);
    for (const feed of ['http://updates.example.com/', 'http://127.0.0.1.example.com/']) {
      const remote = dataFolder(JSON.stringify({ feedUrl: feed }));
      await expect(resolveUpdatePolicy(remote, undefined, vi.fn(), { development: true }), feed).rejects.toThrow(
        /"feedUrl" must be an https:\/\/ address, or in a development run an http:\/\/ one on this machine/,
      );
    }
  });

  it('ignores a damaged setting with a note (the app wrote it), keeping the defaults', async () => {
    const note = vi.fn();
    expect(await resolveUpdatePolicy(dataFolder(), { channel: 42 }, note)).toEqual({
      automatic: true,
      channel: 'latest',
      source: 'default',
    });
    expect(note).toHaveBeenCalledWith(expect.stringMatching(/The "updates" setting: "channel" .*Using the defaults\./));
  });

  it("reads a policy file saved with a UTF-8 byte order mark (Notepad's default) like one without", async () => {
    const bom = dataFolder(`\uFEFF${JSON.stringify({ automatic: false, channel: 'store-2026' })}`);
    expect(await resolve(bom)).toEqual({ automatic: false, channel: 'store-2026', source: 'policy' });
  });

  it('refuses a policy file over the size cap without reading it, naming the rule', async () => {
    const big = dataFolder('{}');
    // 150 MB, as the file: sparse, so the test writes nothing; the refusal comes from its size alone.
    truncateSync(join(big, UPDATE_POLICY_FILE), 150 * 1024 * 1024);
    const refused = resolve(big);
    await expect(refused).rejects.toBeInstanceOf(UpdatePolicyError);
    await expect(refused).rejects.toThrow(`is larger than an update policy may be (at most ${MAX_POLICY_BYTES} bytes`);
    // Just at the cap it is read (and judged on what it says).
    const atCap = dataFolder(`{ "automatic": false }${' '.repeat(MAX_POLICY_BYTES - 22)}`);
    expect(await resolve(atCap)).toMatchObject({ automatic: false, source: 'policy' });
  });

  it('refuses a feed address with a user name or password in it, naming the rule', async () => {
    for (const feedUrl of ['https://user:pass@updates.example.com/', 'https://token@updates.example.com/']) {
      const dir = dataFolder(JSON.stringify({ feedUrl }));
      await expect(resolve(dir), feedUrl).rejects.toThrow(/"feedUrl" must not carry a user name or password/);
      await expect(resolve(dir), feedUrl).rejects.not.toThrow(/pass@/);
    }
    await expect(resolveUpdatePolicy(dataFolder(), { feedUrl: 'https://user:pass@updates.example.com/' }, vi.fn())).resolves.toMatchObject({
      source: 'default',
    });
  });

  it('words a refused policy file in the language asked when it is shown, and keeps English for the log', async () => {
    await loadLocaleMessages('es-US');
    const refused = (await resolve(dataFolder('{ "channel": "Beta!", "feedUrl": "https://user:pw@updates.example.com/" }')).catch(
      (error: unknown) => error,
    )) as UpdatePolicyError;
    expect(refused).toBeInstanceOf(UpdatePolicyError);
    expect(refused.message).toMatch(/"channel" must be a channel name.*; "feedUrl" must not carry a user name or password/);
    const spanish = refused.shownMessage('es-US');
    expect(spanish).toContain('"channel" debe ser un nombre de canal');
    expect(spanish).toContain('"feedUrl" no debe llevar usuario ni contraseña');
    expect(spanish).not.toContain('pw@');
    expect(refused.shownMessage('en')).toBe(refused.message);
  });
});
