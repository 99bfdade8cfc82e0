import { readdir, rm, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import type { CrashDump } from '@shared/ipc/diagnostics-views';

/** Where Electron's crashReporter keeps its minidumps: in the data folder, so the support bundle and a support person find them. */
export const CRASH_DUMPS_DIR = 'crashes';

/** Kept at most: the newest dumps, so a crash loop cannot fill the disk that holds the payment journal. */
export const DUMP_LIMITS = { count: 20, bytes: 100 * 1024 * 1024 };

interface DumpFile {
  path: string;
  bytes: number;
  modifiedMs: number;
}

/** A report of an uncaught error in main, written beside the dumps (electron/main/fatal-error.ts). */
export const MAIN_ERROR_PREFIX = 'main-error-';

/** A crash report: a minidump or a main-error report. */
const isReport = (name: string) => name.endsWith('.dmp') || (basename(name).startsWith(MAIN_ERROR_PREFIX) && name.endsWith('.txt'));

/** Every report under the folder (Crashpad sorts its dumps into subfolders such as completed/ and pending/), newest first. */
async function dumpFiles(dir: string): Promise<DumpFile[]> {
  let names: string[];
  try {
    names = await readdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: DumpFile[] = [];
  for (const name of names.filter(isReport)) {
    const path = join(dir, name);
    // A dump removed between the listing and here (Crashpad's own clean-up) is simply not listed.
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile()) files.push({ path, bytes: info.size, modifiedMs: info.mtimeMs });
  }
  return files.sort((a, b) => b.modifiedMs - a.modifiedMs);
}

/** The kept dumps for the support bundle: where each is in the data folder, its size and when it was written. */
export async function listCrashDumps(dir: string): Promise<CrashDump[]> {
  return (await dumpFiles(dir)).map((file) => ({
    file: join(CRASH_DUMPS_DIR, relative(dir, file.path)).replaceAll('\\', '/'),
    bytes: file.bytes,
    at: new Date(file.modifiedMs).toISOString(),
  }));
}

/** Removes the oldest dumps beyond the limits; returns how many went. */
export async function pruneCrashDumps(dir: string, limits = DUMP_LIMITS): Promise<number> {
  let kept = 0;
  let bytes = 0;
  let removed = 0;
  for (const file of await dumpFiles(dir)) {
    if (kept < limits.count && bytes + file.bytes <= limits.bytes) {
      kept += 1;
      bytes += file.bytes;
      continue;
    }
    await rm(file.path, { force: true });
    removed += 1;
  }
  return removed;
}
