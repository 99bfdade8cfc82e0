import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@shared/ipc/contract';

// The Electron binary cannot run on these machines, so this checks what it would load: the main
// bundle (ESM) and the sandboxed preload, which must be ONE CommonJS file needing only 'electron'.
describe('Electron shell bundles', () => {
  let main = '';
  let preload = '';

  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-electron.mjs'], { stdio: 'pipe' });
    main = readFileSync('out/main/index.js', 'utf8');
    preload = readFileSync('out/preload/index.cjs', 'utf8');
  }, 60_000);

  function required(code: string): string[] {
    return [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] as string);
  }

  it('builds the preload as a single CommonJS file that needs nothing but electron', () => {
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
    expect(new Set(required(preload))).toEqual(new Set(['electron']));
  });

  it('exposes only the contract channels from the preload, not ipcRenderer itself', () => {
    expect(preload).toContain('exposeInMainWorld("spinDesk"');
    expect(preload).toContain('"payments:sale"');
    expect(preload).not.toMatch(/exposeInMainWorld\(\s*["'][^"']+["']\s*,\s*(ipcRenderer|electron)\b/);
  });

  // One list of channels (contract.ts): the preload is run here as Electron would load it, with a
  // stand-in for the electron module, and must expose each contract channel and nothing else.
  it('exposes exactly the channels of the contract, each calling its own channel', async () => {
    const exposed: Record<string, Record<string, (input: unknown) => Promise<unknown>>> = {};
    const electron = {
      contextBridge: {
        exposeInMainWorld: (key: string, api: Record<string, (input: unknown) => Promise<unknown>>) => (exposed[key] = api),
      },
      ipcRenderer: { invoke: async (channel: string, input: unknown) => ({ channel, input }) },
    };
    const module = { exports: {} };
    runInNewContext(preload, { module, exports: module.exports, require: (name: string) => (name === 'electron' ? electron : undefined) });
    const bridge = exposed['spinDesk'] ?? {};
    expect(Object.keys(bridge).sort()).toEqual(Object.keys(contract).sort());
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(await bridge['payments:sale']?.({ amountCents: 1 })).toEqual({ channel: 'payments:sale', input: { amountCents: 1 } });
  });

  it('builds main as ESM importing only electron, Node built-ins and better-sqlite3 (a native module, shipped beside it)', () => {
    const imports = [...main.matchAll(/^import\s.*?from\s+["']([^"']+)["']/gm)].map((m) => m[1] as string);
    const allowed = new Set(['electron', 'better-sqlite3', ...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((name) => !allowed.has(name))).toEqual([]);
  });

  it('embeds the plain simulator for the demo terminal, without the real-world mode or the control API over HTTP', () => {
    // esbuild marks where each bundled file begins ("// simulator/server.ts").
    const simulatorFiles = [...main.matchAll(/^\/\/ (simulator\/\S+)$/gm)].map((m) => m[1] as string);
    expect(simulatorFiles).toContain('simulator/server.ts');
    expect(simulatorFiles.filter((path) => /^simulator\/(real-world\/|control-http\.ts$|full-simulator\.ts$|cli)/.test(path))).toEqual([]);
    // Their code, not only the markers: the mode's planner and answers, the /_sim/ routes.
    for (const text of ['RealWorld', 'redirect-target.invalid', 'awselb', 'createControlHttp', 'No control route', '\\/_sim']) {
      expect(main, text).not.toContain(text);
    }
  });

  it('turns on the renderer sandbox and context isolation in the shipped main bundle', () => {
    expect(main).toMatch(/contextIsolation:\s*true/);
    expect(main).toMatch(/sandbox:\s*true/);
    expect(main).toMatch(/nodeIntegration:\s*false/);
  });
});
