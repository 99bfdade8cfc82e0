import { AppFailure } from '../app-failure';

// Why a settings file could not be written, in the words the user sees beside the change that was
// refused. Both shells' stores write first and change nothing in memory unless the write worked,
// so every message can say the old settings stay in force.

const WHY: Record<string, { what: string; remedy: string }> = {
  ENOSPC: {
    // tmpfs and ext4 answer ENOSPC both when the bytes and when the files (inodes) run out.
    what: 'the disk holding it is full (no room for more data, or for more files)',
    remedy: 'Free space on that disk (deleting files you do not need frees both), then try again.',
  },
  EDQUOT: { what: 'your disk quota is used up', remedy: 'Delete files you do not need within your quota, then try again.' },
  EIO: { what: 'the disk reported an error', remedy: 'Check the disk (or move the data folder to a healthy one), then try again.' },
  EROFS: {
    what: 'its folder is read-only',
    remedy: 'Make the folder writable (for example remount the disk read-write), then restart spin-desk.',
  },
  EACCES: { what: 'spin-desk is not allowed to write there', remedy: 'Give your user write access to the data folder, then try again.' },
  EPERM: { what: 'spin-desk is not allowed to write there', remedy: 'Give your user write access to the data folder, then try again.' },
};

const OTHER = { what: 'the write failed', remedy: 'Check the disk holding the data folder, then try again.' };

/**
 * The failure to answer when writing the settings file `file` failed: SETTINGS_NOT_SAVED naming
 * the file and the OS's reason, for an OS error (one with an errno code). Anything else is a bug,
 * not a disk problem, and is handed back unchanged so it is reported as one.
 */
export function settingsNotSaved(file: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') return error;
  const { what, remedy } = WHY[code] ?? OTHER;
  return new AppFailure(
    'SETTINGS_NOT_SAVED',
    `The change was not saved: spin-desk could not write its settings file ${file}: ${what} (${code}). The settings stay as they were.`,
    {
      remedy,
    },
  );
}
