// `npm run test:electron`: the Playwright _electron smoke test (tests/electron/). It needs the real
// Electron binary, which the electron package downloads on install and some machines cannot. There
// it does not pretend: it prints "not run: no Electron binary" and exits with status 3, so neither
// a person nor CI can take the missing run for a pass. On Linux without a display run it under
// xvfb-run (the CI workflow does).
import { spawnSync } from 'node:child_process';
import { electronBinary } from './electron-binary.mjs';

export const NOT_RUN_STATUS = 3;

if (!electronBinary()) {
  console.error('test:electron: not run: no Electron binary (node_modules/electron has not downloaded it)');
  process.exit(NOT_RUN_STATUS);
}

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('npm', ['run', 'build']);
run(process.execPath, ['scripts/electron-sqlite.mjs']);
run('npx', ['vitest', 'run', '--project', 'electron']);
