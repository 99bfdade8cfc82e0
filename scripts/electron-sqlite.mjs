// Builds better-sqlite3 (the payment journal's SQLite) for the installed Electron, for `npm start`.
// node_modules keeps the build for Node, which the tests and the browser host load; Electron has
// another ABI, so it gets a copy of its own under out/native/, rebuilt with @electron/rebuild
// (which downloads Electron's headers once). The unpackaged app loads that copy (see
// electron/services/journal/sqlite-binding.ts); packaged builds get theirs from electron-builder.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rebuild } from '@electron/rebuild';

const root = join('out', 'native');
const module = join(root, 'node_modules', 'better-sqlite3');
const binding = join(module, 'build', 'Release', 'better_sqlite3.node');
const stamp = join(root, 'built-for.json');
const electronVersion = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
const sqliteVersion = JSON.parse(readFileSync('node_modules/better-sqlite3/package.json', 'utf8')).version;
const wanted = JSON.stringify({ electronVersion, sqliteVersion, arch: process.arch });

if (existsSync(binding) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) {
  console.log(`${binding} is built for Electron ${electronVersion}`);
} else {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  // The sources only: the Node build in node_modules must not be taken for Electron's.
  cpSync('node_modules/better-sqlite3', module, { recursive: true, filter: (path) => !path.includes(join('better-sqlite3', 'build')) });
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ name: 'spin-desk-native', private: true, dependencies: { 'better-sqlite3': sqliteVersion } }),
  );
  await rebuild({ buildPath: root, electronVersion, arch: process.arch, force: true, onlyModules: ['better-sqlite3'] });
  writeFileSync(stamp, wanted);
  console.log(`built ${binding} for Electron ${electronVersion}`);
}
