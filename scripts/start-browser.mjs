// `npm run start:browser`: builds the renderer when needed and serves the app on 127.0.0.1,
// printing the address to open. For machines where Electron cannot run. The console stays quiet
// (problems only) so the address stays in view; --verbose prints every request as a JSON line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('out/renderer/index.html')) {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = ['--import', 'tsx', 'electron/host/cli.ts', '--data-dir', '.spin-desk-data', ...process.argv.slice(2)];
const host = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
let announced = false;
host.stdout.on('data', (chunk) => {
  const text = chunk.toString();
  if (!announced && text.startsWith('http')) {
    announced = true;
    // Last thing on screen, on a line of its own, so it is easy to find and to copy.
    process.stdout.write(
      [
        '',
        'spin-desk is running. Open this address in your browser:',
        '',
        `    ${text.trim()}`,
        '',
        'The address changes every time spin-desk starts: an older one is refused.',
        'Press Ctrl+C to stop. To see every request the page makes: npm run start:browser -- --verbose',
        '',
      ].join('\n'),
    );
    return;
  }
  process.stdout.write(text);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => host.kill(signal));
host.on('exit', (code) => process.exit(code ?? 0));
