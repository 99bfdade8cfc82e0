import { app } from 'electron';
import { resolve } from 'node:path';

/**
 * `--data-dir=<folder>` keeps settings, the payment journal and the request log in that folder
 * instead of the user's app-data folder, like the browser host's --data-dir (the smoke test runs on
 * a folder of its own with it). Must run before anything reads userData, the single-instance lock
 * included: the lock belongs to the folder, so two copies on different folders do not meet.
 */
export function applyDataDirSwitch(): void {
  const folder = app.commandLine.getSwitchValue('data-dir');
  if (folder) app.setPath('userData', resolve(folder));
}
