import { BrowserWindow, dialog, type WebContents } from 'electron';
import { writeFile } from 'node:fs/promises';
import { contract, type Channel } from '@shared/ipc/contract';
import type { Envelope } from '@shared/ipc/envelope';
import type { PrintLayout } from '@shared/ipc/report-views';
import { formatIssues } from '@shared/spin/validation';
import type { ShellHandler } from './ipc';

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
      error: { code: 'BAD_INPUT', message: `Please check: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`, fields },
    };
  }
  try {
    const output = contract[channel].output.parse(await run(input.data as never));
    return { ok: true, data: output };
  } catch (error) {
    console.error(`[spin-desk] ${channel} failed`, error);
    return { ok: false, error: { code: 'INTERNAL', message: `Printing failed: ${(error as Error).message}` } };
  }
}

/** The system print dialog; false when the user cancels it. */
function print(contents: WebContents, layout: PrintLayout): Promise<boolean> {
  return new Promise((resolve, reject) => {
    contents.print({ silent: false, printBackground: true, pageSize: PAPER[layout].print }, (success, failureReason) => {
      if (success) resolve(true);
      else if (/cancel/i.test(failureReason)) resolve(false);
      else reject(new Error(failureReason));
    });
  });
}

async function savePdf(contents: WebContents, layout: PrintLayout, fileName: string): Promise<{ saved: boolean; path?: string }> {
  const window = BrowserWindow.fromWebContents(contents);
  const options = { defaultPath: fileName, filters: [{ name: 'PDF', extensions: ['pdf'] }] };
  const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath) return { saved: false };
  const pdf = await contents.printToPDF({ pageSize: PAPER[layout].pdf, preferCSSPageSize: true, printBackground: true });
  await writeFile(choice.filePath, pdf);
  return { saved: true, path: choice.filePath };
}
