import { statfs } from 'node:fs/promises';
import type { StorageHealth } from '@shared/ipc/views';
import type { Journal } from '../journal/journal';

/** Below this much free space the header warns, before a full disk starts refusing payments. */
export const LOW_SPACE_BYTES = 50 * 1024 * 1024;

export interface StorageHealthOptions {
  journal: Journal;
  /** The data folder; absent when the journal is kept in memory (nothing to watch). */
  dataDir?: string | undefined;
  lowSpaceBytes?: number;
  /** Free bytes on the disk holding `dir`; tests pass a fake to simulate a nearly full disk. */
  freeBytes?: (dir: string) => Promise<number>;
}

async function statfsFreeBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

/** What the header shows about the data folder: the journal's own state first, then free space. */
export async function storageHealth(options: StorageHealthOptions): Promise<StorageHealth> {
  const { journal, dataDir } = options;
  const free = dataDir ? await (options.freeBytes ?? statfsFreeBytes)(dataDir).catch(() => null) : null;
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
  if (free !== null && free < (options.lowSpaceBytes ?? LOW_SPACE_BYTES)) {
    return {
      ...base,
      state: 'low-space',
      message: `Only ${megabytes(free)} free on the disk holding spin-desk's data. When it is full, payments are refused.`,
      remedy: 'Free space on that disk.',
    };
  }
  return { ...base, state: 'ok' };
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
