import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pdfOptions, printingHandlers, printOptions } from './printing';
import { BrowserWindow, dialog, resetFakes } from './test-support/fake-electron';
import { speakSpanishInThisTest } from '../../tests/support/speak-spanish';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);

function setup() {
  const window = new BrowserWindow({});
  const handlers = printingHandlers();
  const event = { sender: window.webContents } as unknown as Electron.IpcMainInvokeEvent;
  return {
    window,
    print: (input: unknown) => handlers['reports:print']?.(event, input),
    savePdf: (input: unknown) => handlers['reports:savePdf']?.(event, input),
  };
}

describe('printing options', () => {
  it('starts the print dialog and the PDF on the paper of the layout, with backgrounds', () => {
    expect(printOptions('a4')).toEqual({ silent: false, printBackground: true, pageSize: 'A4' });
    expect(printOptions('letter').pageSize).toBe('Letter');
    // An 80 mm receipt roll: print() takes microns, printToPDF() inches.
    expect(printOptions('receipt80').pageSize).toEqual({ width: 80_000, height: 297_000 });
    const receipt = pdfOptions('receipt80').pageSize as { width: number; height: number };
    expect(receipt.width).toBeCloseTo(80 / 25.4, 6);
    expect(receipt.height).toBeCloseTo(297 / 25.4, 6);
    expect(pdfOptions('a4')).toEqual({ pageSize: 'A4', preferCSSPageSize: true, printBackground: true });
  });
});

describe('reports:print', () => {
  it("prints the calling window's page and tells a cancel from a failure", async () => {
    const { window, print } = setup();
    expect(await print({ layout: 'letter' })).toEqual({ ok: true, data: { printed: true } });
    expect(window.webContents.print).toHaveBeenCalledWith(printOptions('letter'), expect.any(Function));

    window.webContents.print.mockImplementation((_options, callback) => callback?.(false, 'Print job canceled'));
    expect(await print({ layout: 'a4' })).toEqual({ ok: true, data: { printed: false } });

    window.webContents.print.mockImplementation((_options, callback) => callback?.(false, 'Printer is out of paper'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await print({ layout: 'a4' })).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', message: expect.stringContaining('out of paper') },
    });
    expect(log).toHaveBeenCalledWith('[spin-desk] reports:print failed', expect.any(Error));
    log.mockRestore();
  });

  it('refuses a layout it does not know, naming the field', async () => {
    const { window, print } = setup();
    const answer = await print({ layout: 'a3' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', fields: [expect.objectContaining({ path: 'layout' })] } });
    expect(window.webContents.print).not.toHaveBeenCalled();
  });
});

describe('reports:savePdf', () => {
  it('writes the PDF where the user chose, and nothing when they cancel', async () => {
    const { window, savePdf } = setup();
    expect(await savePdf({ layout: 'a4', fileName: 'daily.pdf' })).toEqual({ ok: true, data: { saved: false } });
    expect(window.webContents.printToPDF).not.toHaveBeenCalled();

    const path = join(mkdtempSync(join(tmpdir(), 'spin-desk-pdf-')), 'daily.pdf');
    dialog.showSaveDialog.mockImplementation(async () => ({ canceled: false, filePath: path }));
    expect(await savePdf({ layout: 'receipt80', fileName: 'daily.pdf' })).toEqual({ ok: true, data: { saved: true, path } });
    expect(dialog.showSaveDialog).toHaveBeenLastCalledWith(window, {
      defaultPath: 'daily.pdf',
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    });
    expect(window.webContents.printToPDF).toHaveBeenCalledWith(pdfOptions('receipt80'));
    expect(readFileSync(path, 'utf8')).toBe('%PDF-1.4 fake');
  });
});

// Issue 41, item 1: a print that fails is answered in the language main speaks then.
describe('a failed print in Spanish', () => {
  it('says the printer failed in Spanish, quoting the system', async () => {
    const { window, print } = setup();
    await speakSpanishInThisTest();
    window.webContents.print.mockImplementation((_options, callback) => callback?.(false, 'Printer is out of paper'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await print({ layout: 'a4' })).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'No se pudo imprimir: Printer is out of paper' },
    });
    log.mockRestore();
  });
});
