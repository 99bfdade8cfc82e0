// Bundles the Electron shell: main as ESM, preload as ONE CommonJS file (a sandboxed preload
// cannot load ES modules or other files).
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node22', external: ['electron'], logLevel: 'warning', sourcemap: false };

await build({
  ...common,
  entryPoints: ['electron/main/index.ts'],
  outfile: 'out/main/index.js',
  format: 'esm',
  // electron-store and its dependencies are ESM-only; a require shim keeps bundled CJS happy.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

await build({ ...common, entryPoints: ['electron/preload/index.ts'], outfile: 'out/preload/index.cjs', format: 'cjs' });

console.log('built out/main/index.js and out/preload/index.cjs');
