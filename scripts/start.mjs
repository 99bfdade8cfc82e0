// `npm start`: builds and opens the desktop app on the built-in demo terminal. Where the Electron
// binary is missing (it cannot be downloaded on every machine) it says so and starts the browser
// host instead, so the command always gives a working app.
import { spawn, spawnSync } from 'node:child_process';
import { electronBinary } from './electron-binary.mjs';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const binary = electronBinary();
if (!binary) {
  console.error('spin-desk: the Electron binary is not installed on this machine; starting the browser version instead.');
  run(process.execPath, ['scripts/start-browser.mjs', ...process.argv.slice(2)]);
} else {
  run('npm', ['run', 'build']);
  // The journal's SQLite module, built for Electron's ABI (node_modules keeps Node's for the tests).
  run(process.execPath, ['scripts/electron-sqlite.mjs']);
  // Arguments after `npm start --` reach the app as they reach the browser version (--data-dir=<folder>).
  const child = spawn(binary, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}
