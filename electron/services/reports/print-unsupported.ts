import { AppFailure } from '../app-failure';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

/**
 * Printing and saving a PDF use Electron's webContents, which only the desktop shell has
 * (electron/main/printing.ts answers these channels there). Anywhere else the answer is
 * UNSUPPORTED, and the renderer prints with the browser's own dialog instead.
 */
export async function printUnsupported(): Promise<never> {
  throw new AppFailure('UNSUPPORTED', m.svc_print_desktop_only(), { remedy: m.svc_print_pdf_remedy() });
}
