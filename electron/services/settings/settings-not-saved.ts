import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { AppFailure } from '../app-failure';

// Why a settings file could not be written, in the words the user sees beside the change that was
// refused. Both shells' stores write first and change nothing in memory unless the write worked,
// so every message can say the old settings stay in force.

type Words = () => string;

// Message functions, worded when the refusal is answered.
const WHY: Record<string, { what: Words; remedy: Words }> = {
  // tmpfs and ext4 answer ENOSPC both when the bytes and when the files (inodes) run out.
  ENOSPC: { what: m.sys_settings_disk_full, remedy: m.sys_settings_disk_full_remedy },
  EDQUOT: { what: m.sys_settings_quota, remedy: m.sys_settings_quota_remedy },
  EIO: { what: m.sys_settings_disk_error, remedy: m.sys_journal_disk_failed_remedy },
  EROFS: { what: m.sys_settings_read_only, remedy: m.sys_journal_read_only_remedy },
  EACCES: { what: m.sys_settings_not_allowed, remedy: m.sys_settings_not_allowed_remedy },
  EPERM: { what: m.sys_settings_not_allowed, remedy: m.sys_settings_not_allowed_remedy },
};

const OTHER = { what: m.sys_settings_write_failed, remedy: m.sys_settings_write_failed_remedy };

/**
 * The failure to answer when writing the settings file `file` failed: SETTINGS_NOT_SAVED naming
 * the file and the OS's reason, for an OS error (one with an errno code). Anything else is a bug,
 * not a disk problem, and is handed back unchanged so it is reported as one.
 */
export function settingsNotSaved(file: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') return error;
  const { what, remedy } = WHY[code] ?? OTHER;
  return new AppFailure('SETTINGS_NOT_SAVED', m.sys_settings_not_saved({ file, what: what(), code }), { remedy: remedy() });
}
