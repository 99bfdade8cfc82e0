import { statfs } from 'node:fs/promises';
import type { StorageHealth } from '@shared/ipc/storage-views';
import type { Journal } from '../journal/journal';
import type { TailLoss } from '../journal/high-water';

/** Below this much free space the header warns, before a full disk starts refusing payments. */
export const LOW_SPACE_BYTES = 50 * 1024 * 1024;
/**
 * Below this many free files (inodes) the header warns too: a disk can have bytes to spare and
 * still refuse every new file (many small files), and then settings cannot be saved nor can the
 * journal start a new file.
 */
export const LOW_FREE_FILES = 1000;
const FREE_FILES_REMEDY = 'Delete files you do not need on that disk: every file counts, however small.';

export interface StorageHealthOptions {
  journal: Pick<Journal, 'health'> & Partial<Pick<Journal, 'tailLoss'>>;
  /** The data folder; absent when the journal is kept in memory (nothing to watch). */
  dataDir?: string | undefined;
  lowSpaceBytes?: number;
  lowFreeFiles?: number;
  /** Free bytes on the disk holding `dir`; tests pass a fake to simulate a nearly full disk. */
  freeBytes?: (dir: string) => Promise<number>;
  /** Free files (inodes) on that disk, null where it does not count them; tests pass a fake. */
  freeFiles?: (dir: string) => Promise<number | null>;
}

interface FreeSpace {
  bytes: number | null;
  /** null: unknown (the file system does not count files, or statfs failed). */
  files: number | null;
}

/** One statfs for both counts; a fake for either replaces only that one. */
async function freeSpace(dir: string, options: StorageHealthOptions): Promise<FreeSpace> {
  const stats = options.freeBytes && options.freeFiles ? null : await statfs(dir).catch(() => null);
  const bytes = options.freeBytes ? await options.freeBytes(dir).catch(() => null) : stats ? stats.bavail * stats.bsize : null;
  const files = options.freeFiles ? await options.freeFiles(dir).catch(() => null) : stats ? freeFilesOf(stats) : null;
  return { bytes, files };
}

/**
 * Free files from statfs, or null when the file system does not count them: one that reports no
 * files at all (btrfs, some network shares) allocates them as it goes, which is "not counted",
 * not "none left".
 */
export function freeFilesOf(stats: { files: number; ffree: number }): number | null {
  return stats.files > 0 ? stats.ffree : null;
}

/** What the header shows about the data folder: the journal's own state first, then free space. */
export async function storageHealth(options: StorageHealthOptions): Promise<StorageHealth> {
  const { journal, dataDir } = options;
  const { bytes: free, files } = dataDir ? await freeSpace(dataDir, options) : { bytes: null, files: null };
  const health = journal.health();
  const base = { freeBytes: free, unsavedResults: health.unsaved };
  const unsaved =
    health.unsaved > 0
      ? ` ${health.unsaved === 1 ? 'One payment result is' : `${health.unsaved} payment results are`} shown but not saved yet.`
      : '';
  if (health.state === 'read-only') {
    return {
      ...base,
      state: 'read-only',
      message: `${health.error?.message ?? ''} History can be read; payments are refused.${unsaved}`,
      remedy: health.error?.remedy ?? '',
    };
  }
  if (health.state === 'failing') {
    return {
      ...base,
      state: 'failing',
      message: `${health.error?.message ?? ''} New payments are refused until it can write again.${unsaved}`,
      remedy: health.error?.remedy ?? '',
    };
  }
  const loss = journal.tailLoss?.();
  if (loss) return { ...base, ...lostEntriesHealth(loss) };
  // No room for one more file is the most urgent; then few bytes; then few files.
  if (files === 0) {
    return {
      ...base,
      state: 'low-space',
      message:
        "The disk holding spin-desk's data has no room for more files, though it may have bytes free: settings cannot be saved, and payments are refused once the journal needs a new file.",
      remedy: FREE_FILES_REMEDY,
    };
  }
  if (free !== null && free < (options.lowSpaceBytes ?? LOW_SPACE_BYTES)) {
    return {
      ...base,
      state: 'low-space',
      message: `Only ${megabytes(free)} free on the disk holding spin-desk's data. When it is full, payments are refused.`,
      remedy: 'Free space on that disk.',
    };
  }
  if (files !== null && files < (options.lowFreeFiles ?? LOW_FREE_FILES)) {
    return {
      ...base,
      state: 'low-space',
      message: `Only ${files} more files fit on the disk holding spin-desk's data. When none fit, settings cannot be saved and payments are refused.`,
      remedy: FREE_FILES_REMEDY,
    };
  }
  return { ...base, state: 'ok' };
}

/**
 * The journal lost its newest entries (high-water.ts): how many, what the terminals' open batches
 * gave back (recovery/batch-rebuild.ts) and what they cannot: a batch settled since, a decline, a
 * Settle. Payments go on; the words stay for the session that found the loss.
 */
function lostEntriesHealth(loss: TailLoss): Pick<StorageHealth, 'state' | 'message' | 'remedy' | 'lostEntries'> {
  const { missing, restored, rebuilt } = loss;
  const lost = `${missing} ${missing === 1 ? 'payment' : 'payments'} recorded on this PC ${missing === 1 ? 'is' : 'are'} missing from the journal: its newest entries were lost from journal.sqlite after a crash (its write-ahead log deleted or damaged).`;
  const unread = (loss.unread ?? []).map((terminal) => `terminal ${terminal.tpn} (${terminal.why})`).join(', ');
  const progress = !rebuilt
    ? ` spin-desk is restoring them from the terminals' open batches; ${restored} restored so far.${unread ? ` Not read yet: ${unread}; read as soon as it answers.` : ''}`
    : ` ${restored} ${restored === 1 ? 'was' : 'were'} restored from the terminals' open batches (History marks them "recovered from the terminal's batch").${
        missing > restored
          ? ` ${missing - restored} could not be recovered: payments settled out of the open batch, declines and Settles are not listed there.`
          : missing < restored
            ? " More were restored than were missing: the terminal's records do not say which register sent them, so some may be another register's."
            : ''
      }`;
  return {
    state: 'entries-missing',
    message: `${lost}${progress}`,
    remedy:
      "Compare History with the processor's report for the day; a payment charged but missing here is in that report. New payments are recorded as usual.",
    lostEntries: { missing, restored, rebuilt },
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
