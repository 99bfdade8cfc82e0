import { BrowserWindow, type WebContents } from 'electron';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { contract, type Channel } from '@shared/ipc/contract';
import type { Envelope } from '@shared/ipc/envelope';
import type { PrintLayout } from '@shared/ipc/report-views';
import { formatIssues } from '@shared/spin/validation';
import type { ShellHandler } from './ipc';
import { saveWithDialog } from './save-file';

// Printing needs the window's webContents, which the shared services never see, so the shell
// answers these two channels itself (registered over the services' UNSUPPORTED answers). The
// renderer has already mounted its print layout; the page's @page rules choose the paper, and the
// sizes below only tell the print dialog and printToPDF which paper to start from.

type PrintSize = Electron.WebContentsPrintOptions['pageSize'];
type PdfSize = Electron.PrintToPDFOptions['pageSize'];

const MM_PER_INCH = 25.4;
/** A receipt roll: 80 mm wide; the height is one chunk of the roll (the layout pages to it). */
const RECEIPT = { widthMm: 80, heightMm: 297 };

const PAPER: Record<PrintLayout, { print: PrintSize; pdf: PdfSize }> = {
  a4: { print: 'A4', pdf: 'A4' },
  letter: { print: 'Letter', pdf: 'Letter' },
  // print() takes microns, printToPDF() inches.
  receipt80: {
    print: { width: RECEIPT.widthMm * 1000, height: RECEIPT.heightMm * 1000 },
    pdf: { width: RECEIPT.widthMm / MM_PER_INCH, height: RECEIPT.heightMm / MM_PER_INCH },
  },
};

/** The system print dialog, starting on the layout's paper, with the page's backgrounds (table shading). */
export function printOptions(layout: PrintLayout): Electron.WebContentsPrintOptions {
  return { silent: false, printBackground: true, pageSize: PAPER[layout].print };
}

/** A PDF on the layout's paper; the page's @page size wins where it names one. */
export function pdfOptions(layout: PrintLayout): Electron.PrintToPDFOptions {
  return { pageSize: PAPER[layout].pdf, preferCSSPageSize: true, printBackground: true };
}

/** The shell's handlers for 'reports:print' and 'reports:savePdf'. */
export function printingHandlers(): Partial<Record<Channel, ShellHandler>> {
  return {
    'reports:print': (event, raw) => handle('reports:print', raw, async ({ layout }) => ({ printed: await print(event.sender, layout) })),
    'reports:savePdf': (event, raw) => handle('reports:savePdf', raw, ({ layout, fileName }) => savePdf(event.sender, layout, fileName)),
  };
}

/** The same contract checks dispatch() makes: input parsed first, output checked, always an envelope. */
async function handle<C extends 'reports:print' | 'reports:savePdf'>(
  channel: C,
  raw: unknown,
  run: (input: ReturnType<(typeof contract)[C]['input']['parse']>) => Promise<unknown>,
): Promise<Envelope<unknown>> {
  const input = contract[channel].input.safeParse(raw);
  if (!input.success) {
    const fields = formatIssues(input.error);
    return {
      ok: false,
      error: { code: 'BAD_INPUT', message: m.sys_print_check({ fields: fields.map((f) => `${f.path} ${f.message}`).join('; ') }), fields },
    };
  }
  try {
    const output = contract[channel].output.parse(await run(input.data as never));
    return { ok: true, data: output };
  } catch (error) {
    console.error(`[spin-desk] ${channel} failed`, error);
    return { ok: false, error: { code: 'INTERNAL', message: m.sys_print_failed({ reason: (error as Error).message }) } };
  }
}

/** The system print dialog; false when the user cancels it. */
function print(contents: WebContents, layout: PrintLayout): Promise<boolean> {
  return new Promise((resolve, reject) => {
    contents.print(printOptions(layout), (success, failureReason) => {
      if (success) resolve(true);
      else if (/cancel/i.test(failureReason)) resolve(false);
      else reject(new Error(failureReason));
    });
  });
}

async function savePdf(contents: WebContents, layout: PrintLayout, fileName: string): Promise<{ saved: boolean; path?: string }> {
  const path = await saveWithDialog(
    BrowserWindow.fromWebContents(contents),
    { defaultPath: fileName, filters: [{ name: 'PDF', extensions: ['pdf'] }] },
    () => contents.printToPDF(pdfOptions(layout)),
  );
  return path ? { saved: true, path } : { saved: false };
}
