import { AppFailure } from '../app-failure';

/**
 * Printing and saving a PDF use Electron's webContents, which only the desktop shell has
 * (electron/main/printing.ts answers these channels there). Anywhere else the answer is
 * UNSUPPORTED, and the renderer prints with the browser's own dialog instead.
 */
export async function printUnsupported(): Promise<never> {
  throw new AppFailure('UNSUPPORTED', "Printing through spin-desk needs the desktop app; use the browser's print dialog instead.", {
    remedy: 'Choose "Save as PDF" as the printer in the print dialog to keep a PDF.',
  });
}
