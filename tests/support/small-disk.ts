// A real, small file system for tests of a full or read-only disk: a tmpfs mounted by the test
// and removed after it. Mounting needs root (the CI machine runs as root); without it the test
// fails with this message rather than pretending to pass.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  /** The mount point. */
  dir: string;
  freeBytes(): number;
  /** Fills the disk until about `leaveBytes` stay free (tmpfs counts whole 4 KiB pages). */
  fill(leaveBytes: number): void;
  /** Removes what fill() wrote. */
  unfill(): void;
  remount(mode: 'ro' | 'rw'): void;
  unmount(): void;
}

const FILLER = '.filler';

export function mountSmallDisk(sizeBytes: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'small-disk-'));
  const mount = (...args: string[]) => {
    try {
      execFileSync('mount', args, { stdio: 'pipe' });
    } catch (error) {
      throw new Error(
        `This test mounts a small tmpfs and needs root (CI runs as root): mount ${args.join(' ')} failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`,
      );
    }
  };
  mount('-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0755`, 'tmpfs', dir);
  const freeBytes = () => {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  };
  let fillers = 0;
  return {
    dir,
    freeBytes,
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
    },
    remount(mode) {
      mount('-o', `remount,${mode}`, dir);
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
