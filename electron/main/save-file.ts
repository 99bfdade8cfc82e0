import { dialog, type BrowserWindow } from 'electron';
import { writeFile } from 'node:fs/promises';

export interface SaveChoice {
  defaultPath: string;
  filters: Electron.FileFilter[];
}

/**
 * Asks where to save (the system save dialog, attached to the window when there is one), then makes
 * and writes the file (pieces of text are written one after another as they come, so a large export
 * is never held whole). Undefined when the user cancels. Every file the shell saves goes through here.
 */
export async function saveWithDialog(
  window: BrowserWindow | null | undefined,
  choice: SaveChoice,
  contents: () => Promise<string | Uint8Array | AsyncIterable<string>>,
): Promise<string | undefined> {
  const result = window ? await dialog.showSaveDialog(window, choice) : await dialog.showSaveDialog(choice);
  if (result.canceled || !result.filePath) return undefined;
  await writeFile(result.filePath, await contents());
  return result.filePath;
}
