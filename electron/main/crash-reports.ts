import { app, crashReporter } from 'electron';
import { homedir } from 'node:os';
import { crashDumpPlacement, prepareDumpFolder } from '../services/diagnostics/crash-dump-placement';
import { pruneCrashDumps } from '../services/diagnostics/crash-dumps';

/**
 * Crash dumps only with the user's consent (crash-dump-placement.ts decides, and says why): a
 * minidump of the main process holds its memory, decrypted Authkeys included, and Electron cannot
 * leave that process out. Without consent the crashReporter is never started, so no dump is
 * written. With it (the --keep-crash-reports switch, for one run), Electron's crashReporter writes
 * a minidump of any process that crashes into the data folder's crashes/ folder and never uploads
 * it (uploadToServer false, no crash server). The folder, which also holds the redacted
 * main-error reports, is readable by the user's account only. The support bundle lists the
 * dumps; the oldest go beyond DUMP_LIMITS. Call before the app is ready, so a crash during
 * start-up is caught too. Returns the folder.
 */
export function startCrashReporter(dataDir: string, argv: readonly string[] = process.argv, log?: (message: string) => void): string {
  const placement = crashDumpPlacement({ dataDir, argv, platform: process.platform, home: homedir() });
  try {
    prepareDumpFolder(placement.dir, process.platform);
  } catch (error) {
    // A read-only data folder: nothing can be kept there, and nothing is collected.
    log?.(`The crash folder ${placement.dir} could not be prepared: ${error instanceof Error ? error.message : String(error)}`);
    return placement.dir;
  }
  app.setPath('crashDumps', placement.dir);
  if (placement.collect)
    crashReporter.start({
      productName: 'spin-desk',
      submitURL: '',
      uploadToServer: false,
      ignoreSystemCrashHandler: false,
      compress: true,
    });
  log?.(placement.reason);
  return placement.dir;
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
