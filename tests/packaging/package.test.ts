// Packs the app with electron-builder exactly as electron-builder.yml says, but into a plain folder
// (the 'dir' target) and with a stand-in Electron distribution instead of the real one, which
// cannot be downloaded here: a file carrying Electron's fuse wire at its factory settings. Then
// reads what an installer would ship: the app.asar's contents, the fuses as flipped, and the
// configuration electron-builder resolved (and validated against its schema) from the file.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { Arch, build, Platform, type Configuration } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = 0x31;
const OFF = 0x30;
/** Electron's fuses as it ships them (electronjs.org, "Electron Fuses"), in wire order. */
const FACTORY_FUSES = [ON, OFF, ON, ON, OFF, OFF, OFF, ON];

const stage = mkdtempSync(join(tmpdir(), 'spin-desk-package-'));
const project = join(stage, 'project');
const output = join(stage, 'dist');
const appDir = join(output, 'linux-unpacked');
let resolved: Configuration | undefined;

/** A stand-in for the Electron distribution: the launcher with a fuse wire, as in a real binary. */
function fakeElectronDist(dir: string): void {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const wire = Buffer.from([1, FACTORY_FUSES.length, ...FACTORY_FUSES]);
  writeFileSync(join(dir, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\nexit 1\n'), Buffer.from(SENTINEL), wire]));
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'version'), readPackage('node_modules/electron/package.json').version);
}

function readPackage(path: string): { version: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(path, 'utf8'));
}

beforeAll(async () => {
  // The project as a clean checkout would have it after `npm run build`, in a folder of its own.
  mkdirSync(project);
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml']) cpSync(file, join(project, file));
  cpSync('build', join(project, 'build'), { recursive: true });
  symlinkSync(join(process.cwd(), 'node_modules'), join(project, 'node_modules'), 'junction');
  execFileSync(process.execPath, ['scripts/build-electron.mjs', join(project, 'out')], { stdio: 'pipe' });
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'renderer/vite.config.ts',
      '--outDir',
      join(project, 'out/renderer'),
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { stdio: 'pipe' },
  );
  // A source map left in out/ must not ship.
  writeFileSync(join(project, 'out/main/index.js.map'), '{}');
  const dist = join(stage, 'electron-dist');
  fakeElectronDist(dist);

  await build({
    projectDir: project,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    // Merged over electron-builder.yml: only where the Electron comes from and where the result goes.
    config: {
      electronDist: dist,
      // Rebuilding better-sqlite3 for Electron needs Electron's headers, a download this machine
      // cannot make; the release workflow does it. Here the module built for Node is packed, which
      // still proves where the packaged app finds it.
      npmRebuild: false,
      directories: { output },
      afterPack: async (context) => {
        resolved = context.packager.config;
      },
    },
  });
}, 240_000);

afterAll(() => rmSync(stage, { recursive: true, force: true }));

/** Every production dependency, with what they depend on (package-lock marks dev-only packages). */
function productionPackages(): Set<string> {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  return new Set(
    Object.entries(lock.packages)
      .filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev)
      .map(([path]) => path.replace(/^.*node_modules\//, '')),
  );
}

describe('the packaged app', () => {
  it('holds only the built app, package.json and production dependencies', () => {
    const files = listPackage(join(appDir, 'resources/app.asar'), { isPack: false }).map((file) => file.replaceAll('\\', '/'));
    const app = files.filter((file) => file !== '/node_modules' && !file.startsWith('/node_modules/'));
    const outside = app.filter((file) => !/^\/(out(\/(main|preload|renderer)(\/.*)?)?|package\.json)$/.test(file));
    expect(outside).toEqual([]);
    expect(app).toEqual(expect.arrayContaining(['/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']));
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);

    const shipped = new Set(files.flatMap((file) => /^\/node_modules\/((@[^/]+\/)?[^/]+)$/.exec(file)?.[1] ?? []));
    const production = productionPackages();
    expect([...shipped].filter((name) => !production.has(name))).toEqual([]);
    const { dependencies = {}, devDependencies = {} } = readPackage('package.json');
    for (const name of Object.keys(dependencies)) expect(shipped, name).toContain(name);
    for (const name of Object.keys(devDependencies)) expect(shipped, name).not.toContain(name);
  });

  it("ships the journal's native SQLite module unpacked beside app.asar, built for the target (Linux x64 here), without SQLite's sources", () => {
    const module = join(appDir, 'resources/app.asar.unpacked/node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    const header = readFileSync(module).subarray(0, 20);
    // ELF, 64-bit, and e_machine 62: x86-64.
    expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(header[4]).toBe(2);
    expect(header.readUInt16LE(18)).toBe(62);
    const files = listPackage(join(appDir, 'resources/app.asar'), { isPack: false }).map((file) => file.replaceAll('\\', '/'));
    const sqlite = files.filter((file) => file.startsWith('/node_modules/better-sqlite3/'));
    expect(sqlite).toEqual(
      expect.arrayContaining(['/node_modules/better-sqlite3/lib/database.js', '/node_modules/better-sqlite3/package.json']),
    );
    const leftovers = sqlite.filter(
      (file) => /\/(deps|src)(\/|$)/.test(file) || (/\/build\/.+\.\w+$/.test(file) && !file.endsWith('/better_sqlite3.node')),
    );
    expect(leftovers).toEqual([]);
    // electron-builder rebuilds it for the target's Electron when it packs for real (this test turns that off above).
    expect(readFileSync('electron-builder.yml', 'utf8')).toMatch(/^npmRebuild: true$/m);
  });

  it('carries the update feed electron-updater reads (app-update.yml, written from the publish setting)', () => {
    const feed = readFileSync(join(appDir, 'resources/app-update.yml'), 'utf8');
    expect(feed).toMatch(/^provider: github$/m);
    expect(feed).toMatch(/^owner: spin-desk$/m);
    expect(feed).toMatch(/^repo: spin-desk$/m);
    expect(feed).toMatch(/^updaterCacheDirName: spin-desk-updater$/m);
  });

  it('starts the bundled main process the package names', () => {
    const packaged = listPackage(join(appDir, 'resources/app.asar'), { isPack: false });
    const main = (JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { main: string }).main;
    expect(packaged).toContain(`/${main}`);
  });

  it('flips the fuses: no running as Node, no NODE_OPTIONS or --inspect, only the checked app.asar', async () => {
    const wire = await getCurrentFuseWire(join(appDir, 'spin-desk'));
    const state = (fuse: FuseV1Options) => (wire[fuse] === ON ? 'on' : wire[fuse] === OFF ? 'off' : `? ${wire[fuse]}`);
    expect({
      runAsNode: state(FuseV1Options.RunAsNode),
      cookieEncryption: state(FuseV1Options.EnableCookieEncryption),
      nodeOptions: state(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
      inspectArguments: state(FuseV1Options.EnableNodeCliInspectArguments),
      asarIntegrity: state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
      onlyLoadFromAsar: state(FuseV1Options.OnlyLoadAppFromAsar),
      browserV8Snapshot: state(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot),
      fileProtocolPrivileges: state(FuseV1Options.GrantFileProtocolExtraPrivileges),
    }).toEqual({
      runAsNode: 'off',
      cookieEncryption: 'on',
      nodeOptions: 'off',
      inspectArguments: 'off',
      asarIntegrity: 'on',
      onlyLoadFromAsar: 'on',
      browserV8Snapshot: 'off',
      fileProtocolPrivileges: 'off',
    });
  });
});

describe('the installers electron-builder.yml asks for', () => {
  const config = () => {
    if (!resolved) throw new Error('electron-builder did not reach afterPack');
    return resolved;
  };

  it('names the app', () => {
    expect(config()).toMatchObject({
      appId: 'com.spindesk.app',
      productName: 'spin-desk',
      artifactName: '${productName}-${version}-${os}-${arch}.${ext}',
    });
  });

  it('installs on Windows per user, without administrator rights, keeping the data on uninstall', () => {
    expect(config().win?.target).toEqual(['nsis']);
    expect(config().nsis).toMatchObject({ oneClick: true, perMachine: false, deleteAppDataOnUninstall: false });
  });

  it('builds a dmg with the hardened runtime, its entitlements and notarization', () => {
    const mac = config().mac;
    expect(mac).toMatchObject({ hardenedRuntime: true, notarize: true, entitlements: 'build/entitlements.mac.plist' });
    const entitlements = readFileSync(mac?.entitlements ?? '', 'utf8');
    expect([...entitlements.matchAll(/<key>([^<]+)<\/key>/g)].map((match) => match[1])).toEqual(['com.apple.security.cs.allow-jit']);
  });

  it('builds an AppImage and a deb with a desktop entry in the Office category', () => {
    const linux = config().linux;
    expect(linux?.target).toEqual(['AppImage', 'deb']);
    expect(linux?.category).toBe('Office');
    expect(linux?.desktop?.entry).toMatchObject({ Name: 'spin-desk', Categories: 'Office;Finance;', StartupWMClass: 'spin-desk' });
  });
});
