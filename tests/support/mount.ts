// mount(8) for the tests that need a file system of their own (small-disk.ts) or the checkout seen
// from another place (exposed-checkout.ts). Mounting needs root (the CI machine runs as root);
// without it the test fails with this message rather than pretending to pass.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

export function mount(...args: string[]): void {
  try {
    execFileSync('mount', args, { stdio: 'pipe' });
  } catch (error) {
    throw new Error(
      `This test mounts a file system and needs root (CI runs as root): mount ${args.join(' ')} failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`,
    );
  }
}

/** Unmounts (lazily: a process may still have a file open there) and removes the mount point. */
export function unmountAndRemove(dir: string): void {
  execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
  rmSync(dir, { recursive: true, force: true });
}
