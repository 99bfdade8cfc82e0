import { chmodSync, mkdirSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import { CRASH_DUMPS_DIR } from './crash-dumps';

// Where crash dumps go and whether any are collected: the decision, in plain Node so it is tested
// without Electron (electron/main/crash-reports.ts applies it). A minidump of the main process
// holds its memory, decrypted Authkeys and the payment in progress included, and Electron's
// crashReporter has no option to leave the main process out or strip its memory (its options:
// submitURL, uploadToServer, ignoreSystemCrashHandler, rateLimit, compress, extra/globalExtra), and
// once started it cannot be stopped. So dumps are collected only with the user's consent, given
// for one run by starting spin-desk with KEEP_CRASH_REPORTS_SWITCH (support asks for it when
// chasing a crash), never uploaded, and kept where only the user's account can read them.

/** The command-line switch by which the user agrees to crash dumps being kept for this run. */
export const KEEP_CRASH_REPORTS_SWITCH = '--keep-crash-reports';

/** Only the owner may list, read or write the dump folder (POSIX). */
export const DUMP_FOLDER_MODE = 0o700;

export interface CrashDumpPlacement {
  /** Whether the crash reporter runs at all (no dumps are written when it does not). */
  collect: boolean;
  /** The dump folder: the data folder's crashes/ (the support bundle lists what is in it). */
  dir: string;
  /** Why, in words for the log. */
  reason: string;
}

export interface PlacementInput {
  dataDir: string;
  /** The process's command line: the consent switch is looked for in it. */
  argv: readonly string[];
  platform: NodeJS.Platform;
  /** The user's profile folder (os.homedir()). */
  home: string;
}

/**
 * Collect only with consent; on Windows only when the data folder lies in the user's profile,
 * whose access list already keeps other accounts out (a --data-dir elsewhere, say a shared
 * drive, has whatever access its place gives, which this app does not set). On POSIX the folder
 * is made 0700 (prepareDumpFolder).
 */
export function crashDumpPlacement({ dataDir, argv, platform, home }: PlacementInput): CrashDumpPlacement {
  const path = platform === 'win32' ? win32 : posix;
  const dir = path.join(dataDir, CRASH_DUMPS_DIR);
  if (!argv.includes(KEEP_CRASH_REPORTS_SWITCH))
    return {
      collect: false,
      dir,
      // display-literals: stored, not shown (the crash-reports log line for support)
      reason: `No crash dumps are kept: start spin-desk with ${KEEP_CRASH_REPORTS_SWITCH} to agree to them for one run.`,
    };
  if (platform === 'win32' && !inside(win32, home, dataDir))
    return {
      collect: false,
      dir,
      // display-literals: stored, not shown (the crash-reports log line for support)
      reason: `No crash dumps are kept: the data folder ${dataDir} is outside your user profile (${home}), where other accounts may read them.`,
    };
  // display-literals: stored, not shown (the crash-reports log line for support)
  return { collect: true, dir, reason: `Crash dumps are kept for this run in ${dir}, readable by your account only, and never uploaded.` };
}

function inside(path: typeof win32, parent: string, child: string): boolean {
  const relative = path.relative(path.resolve(parent), path.resolve(child));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Creates the dump folder (it also holds the redacted main-error reports, fatal-error.ts) so that
 * only the user's account can open it: mode 0700 on POSIX, also for a folder an older version made
 * with the default mode. On Windows the folder takes its access list from the profile it is in.
 * Synchronous: it runs before the app is ready, ahead of the crash reporter.
 */
export function prepareDumpFolder(dir: string, platform: NodeJS.Platform): void {
  mkdirSync(dir, { recursive: true, mode: DUMP_FOLDER_MODE });
  if (platform !== 'win32') chmodSync(dir, DUMP_FOLDER_MODE);
}
