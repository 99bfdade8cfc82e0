// Bundles the Electron shell: main as ESM, preload as ONE CommonJS file (a sandboxed preload
// cannot load ES modules or other files). Writes under out/, or under the folder given as the
// first argument (the packaging test builds into a folder of its own).
import { build } from 'esbuild';
import { join } from 'node:path';

const root = process.argv[2] ?? 'out';
// better-sqlite3 (the payment journal's SQLite) loads a compiled .node file from its own folder: it
// stays a package of its own in node_modules, which electron-builder ships and rebuilds for Electron.
const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  external: ['electron', 'better-sqlite3'],
  logLevel: 'warning',
  sourcemap: false,
};

await build({
  ...common,
  entryPoints: ['electron/main/index.ts'],
  outfile: join(root, 'main/index.js'),
  format: 'esm',
  // conf and its dependencies are ESM-only; a require shim keeps bundled CJS happy.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

/**
 * The channel names the preload exposes, read from the contract (shared/ipc/contract.ts, the one
 * list): the contract is bundled in memory and its keys taken, so the preload carries only the names.
 */
async function contractChannels() {
  const { outputFiles } = await build({ ...common, entryPoints: ['shared/ipc/contract.ts'], format: 'esm', write: false, external: [] });
  const { channels } = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].contents).toString('base64')}`);
  return channels;
}

await build({
  ...common,
  entryPoints: ['electron/preload/index.ts'],
  outfile: join(root, 'preload/index.cjs'),
  format: 'cjs',
  define: { SPIN_DESK_CHANNELS: JSON.stringify(await contractChannels()) },
});

console.log(`built ${join(root, 'main/index.js')} and ${join(root, 'preload/index.cjs')}`);
