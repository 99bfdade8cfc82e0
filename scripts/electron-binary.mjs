import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The Electron binary's path when it was downloaded, else undefined. The npm package ships only
 * the launcher; the binary comes from a download that fails on machines without internet.
 */
export function electronBinary() {
  try {
    const require = createRequire(import.meta.url);
    const packageDir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(packageDir, 'path.txt');
    if (!existsSync(pathFile)) return undefined;
    const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}
