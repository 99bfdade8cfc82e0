import { statfs } from 'node:fs/promises';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
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
  if (health.state === 'read-only' || health.state === 'failing') {
    const problem = health.error?.shownMessage() ?? '';
    const unsaved =
      health.unsaved === 0
        ? []
        : [health.unsaved === 1 ? m.sys_storage_unsaved_one() : m.sys_storage_unsaved_many({ count: health.unsaved })];
    const refused = health.state === 'read-only' ? m.sys_storage_read_only({ problem }) : m.sys_storage_failing({ problem });
    return { ...base, state: health.state, message: sentences(refused, ...unsaved), remedy: health.error?.remedy ?? '' };
  }
  const loss = journal.tailLoss?.();
  if (loss) return { ...base, ...lostEntriesHealth(loss) };
  // No room for one more file is the most urgent; then few bytes; then few files.
  if (files === 0) {
    return {
      ...base,
      state: 'low-space',
      message: m.sys_storage_no_files(),
      remedy: m.sys_storage_free_files_remedy(),
    };
  }
  if (free !== null && free < (options.lowSpaceBytes ?? LOW_SPACE_BYTES)) {
    return {
      ...base,
      state: 'low-space',
      message: m.sys_storage_low_space({ free: megabytes(free) }),
      remedy: m.sys_storage_low_space_remedy(),
    };
  }
  if (files !== null && files < (options.lowFreeFiles ?? LOW_FREE_FILES)) {
    return {
      ...base,
      state: 'low-space',
      message: m.sys_storage_few_files({ files }),
      remedy: m.sys_storage_free_files_remedy(),
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
  const lost = missing === 1 ? m.sys_storage_lost_one() : m.sys_storage_lost_many({ count: missing });
  const unread = (loss.unread ?? []).map((terminal) => m.sys_storage_lost_terminal({ tpn: terminal.tpn, why: terminal.why })).join(', ');
  const progress = !rebuilt
    ? [m.sys_storage_lost_restoring({ restored }), ...(unread ? [m.sys_storage_lost_not_read({ terminals: unread })] : [])]
    : [
        restored === 1 ? m.sys_storage_lost_restored_one() : m.sys_storage_lost_restored_many({ count: restored }),
        ...(missing > restored
          ? [m.sys_storage_lost_not_recovered({ count: missing - restored })]
          : missing < restored
            ? [m.sys_storage_lost_more_restored()]
            : []),
      ];
  return {
    state: 'entries-missing',
    message: sentences(lost, ...progress),
    remedy: m.sys_storage_lost_remedy(),
    lostEntries: { missing, restored, rebuilt },
  };
}

/** Whole sentences, each worded on its own, one after another. */
function sentences(...each: string[]): string {
  return each.join(' ');
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
