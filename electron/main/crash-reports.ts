import { app, crashReporter } from 'electron';
import { join } from 'node:path';
import { CRASH_DUMPS_DIR, pruneCrashDumps } from '../services/diagnostics/crash-dumps';

/**
 * Crashes leave a trace a support person can read: Electron's crashReporter writes a minidump of
 * any process that crashes (main, the window's renderer, the GPU process) into the data folder's
 * crashes/ folder, and never uploads it anywhere (there is no crash server; a dump can hold memory
 * of a payment). The support bundle lists them; the oldest go beyond DUMP_LIMITS. Call before
 * the app is ready, so a crash during start-up is caught too. Returns the folder.
 */
export function startCrashReporter(dataDir: string): string {
  const dir = join(dataDir, CRASH_DUMPS_DIR);
  app.setPath('crashDumps', dir);
  crashReporter.start({ productName: 'spin-desk', submitURL: '', uploadToServer: false, ignoreSystemCrashHandler: false, compress: true });
  return dir;
}

/** Keeps the crash folder within its limits (at start, and after a renderer was lost); a failure is only logged. */
export function keepDumpsBounded(dir: string, log: (message: string) => void): Promise<void> {
  return pruneCrashDumps(dir).then(
    (removed) => {
      if (removed > 0) log(`Removed the ${removed} oldest crash report(s) from ${dir}.`);
    },
    (error: unknown) => log(`The crash reports in ${dir} could not be tidied: ${error instanceof Error ? error.message : String(error)}`),
  );
}
