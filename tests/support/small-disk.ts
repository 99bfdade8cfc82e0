// A real, small file system for tests of a full or read-only disk: a tmpfs mounted by the test
// and removed after it (mounting needs root: see mount.ts).
import { mkdtempSync, statfsSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mount, unmountAndRemove } from './mount';

export interface SmallDisk {
  /** The mount point. */
  dir: string;
  freeBytes(): number;
  /** Free files (inodes) left on the disk. */
  freeFiles(): number;
  /** Fills the disk until about `leaveBytes` stay free (tmpfs counts whole 4 KiB pages). */
  fill(leaveBytes: number): void;
  /** Creates empty files until the disk has no free file (inode) left; returns how many it made. */
  exhaustFiles(): number;
  /** Removes what fill() and exhaustFiles() wrote. */
  unfill(): void;
  remount(mode: 'ro' | 'rw'): void;
  unmount(): void;
}

const FILLER = '.filler';
const EMPTY = '.empty';

/**
 * `inodes`: how many files (and folders) the disk can hold (tmpfs's nr_inodes), for a disk that
 * runs out of files while it still has bytes to spare.
 */
export function mountSmallDisk(sizeBytes: number, options: { inodes?: number } = {}): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'small-disk-'));
  const inodes = options.inodes === undefined ? '' : `,nr_inodes=${options.inodes}`;
  mount('-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0755${inodes}`, 'tmpfs', dir);
  const freeBytes = () => {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  };
  let fillers = 0;
  let empties = 0;
  return {
    dir,
    freeBytes,
    freeFiles: () => statfsSync(dir).ffree,
    exhaustFiles() {
      const before = empties;
      for (;;) {
        try {
          writeFileSync(join(dir, `${EMPTY}${empties}`), '', { flag: 'wx' });
          empties += 1;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return empties - before;
          throw error;
        }
      }
    },
    fill(leaveBytes) {
      const size = freeBytes() - leaveBytes;
      if (size <= 0) return;
      // Several files: tmpfs may refuse one big write before the last page.
      try {
        writeFileSync(join(dir, `${FILLER}${fillers++}`), Buffer.alloc(size));
      } catch {
        // Full already: that is what was asked for.
      }
    },
    unfill() {
      for (let i = 0; i < fillers; i += 1) {
        try {
          unlinkSync(join(dir, `${FILLER}${i}`));
        } catch {
          // Never written (the disk was full before it).
        }
      }
      fillers = 0;
      for (let i = 0; i < empties; i += 1) unlinkSync(join(dir, `${EMPTY}${i}`));
      empties = 0;
    },
    remount(mode) {
      mount('-o', `remount,${mode}`, dir);
    },
    unmount() {
      unmountAndRemove(dir);
    },
  };
}
