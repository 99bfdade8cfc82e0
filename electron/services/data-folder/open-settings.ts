import { damagedFileError, type Detail, type JournalWriteError } from '../journal/journal-errors';
import { PROFILES_KEY, storedProfilesProblem } from '../profiles/stored-profile';
import { MemoryStore, type KeyValueStore } from '../settings/key-value-store';
import { checkSettingsFile, keepDamagedCopy } from '../settings/settings-file';
import { SettingsStore } from '../settings/settings-store';

/** The settings file in the data folder, the same in both shells (and the name electron-store gave it before). */
export const SETTINGS_FILE = 'settings.json';

export interface OpenSettingsOptions {
  /** The settings file in the data folder. */
  file: string;
  /**
   * Why the data folder cannot be written, when the lock found it so (data-folder-lock.ts): the
   * settings then open as they are, and changes last in memory until the app closes.
   */
  readOnly?: JournalWriteError | undefined;
}

export interface OpenedSettings {
  store: KeyValueStore;
  /** Why the app must start read-only (createAppServices' dataFolderReadOnly): the folder's own reason first, else the damaged file. */
  readOnly?: JournalWriteError;
  /** Set when the settings file is damaged; it was left as it is, and copied aside where it could be. */
  damaged?: JournalWriteError;
}

/**
 * Opens the settings both shells keep in the data folder (the one SettingsStore, on conf), checked
 * before anything uses them: a file that cannot be read, is not a JSON object, nests too deep or
 * holds profiles that do not parse is damaged. Then the app does not exit but starts read-only (payments refused, history
 * readable, a banner naming the file and what to do) on settings kept in memory, where the demo
 * terminal may appear; the damaged file is never written, and is copied aside for the user unless
 * the folder cannot be written.
 */
export function openSettings(options: OpenSettingsOptions): OpenedSettings {
  const read = checkSettingsFile(options.file);
  if (!read.ok) return damaged(options, read.problem);
  const profilesProblem = storedProfilesProblem(read.values[PROFILES_KEY]);
  if (profilesProblem) return damaged(options, profilesProblem);
  const store = new SettingsStore(options.file, read.values, { readOnly: options.readOnly !== undefined });
  return { store, ...(options.readOnly ? { readOnly: options.readOnly } : {}) };
}

function damaged(options: OpenSettingsOptions, problem: Detail): OpenedSettings {
  const keptAs = options.readOnly ? undefined : keepDamagedCopy(options.file);
  const damage = damagedFileError(options.file, problem, keptAs);
  // A folder that cannot be written is the first thing to fix; the log line names the file too.
  return { store: new MemoryStore(), readOnly: options.readOnly ?? damage, damaged: damage };
}
