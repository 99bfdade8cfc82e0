// Prints the screen's print layout to PDF in Chromium and reads the PDF's text back, for tests.
//
// PDF text is read with pdfjs-dist (pinned devDependency, legacy build for Node): pure JavaScript
// from npm, so nothing is downloaded at test time and no Debian package (poppler-utils) is needed.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface PrintedPdf {
  /** The PDF itself, for a test that keeps it for a person to look at. */
  bytes: Uint8Array;
  pages: number;
  size: [number, number];
  text(page: number): Promise<string>;
  allText(): Promise<string>;
}

/**
 * Picks the paper, presses the print button ("Print…" unless named) and renders what the app laid
 * out for printing. `scope` names the part of the screen whose paper choice and button to use.
 */
export async function printLayoutToPdf(
  page: Page,
  paper: string,
  { scope = page, button = 'Print…' }: { scope?: Page | Locator; button?: string } = {},
): Promise<PrintedPdf> {
  await scope.getByLabel('Paper').selectOption({ label: paper });
  return printedBy(page, () => scope.getByRole('button', { name: button }).click());
}

/** Runs `start` (a click that prints) and renders what the app laid out for printing. */
export async function printedBy(page: Page, start: () => Promise<void>): Promise<PrintedPdf> {
  // The browser's print dialog cannot be driven headless: record the call instead, so the layout
  // the app mounted for printing stays in place for page.pdf().
  await page.evaluate(() => {
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => void (counted.printCalls += 1);
  });
  await start();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  // The layout goes away once the browser says printing is over.
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.locator('.print-root').waitFor({ state: 'detached' });
  return readPdf(pdf);
}

export async function readPdf(pdf: Uint8Array): Promise<PrintedPdf> {
  const bytes = new Uint8Array(pdf);
  // pdfjs takes over the buffer it is given: hand it a copy so `bytes` stays whole.
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
  const first = (await doc.getPage(1)).getViewport({ scale: 1 });
  const text = async (n: number) => {
    const content = await (await doc.getPage(n)).getTextContent();
    return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  };
  const allText = async () => {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) pages.push(await text(n));
    return pages.join('\n');
  };
  return { bytes, pages: doc.numPages, size: [first.width, first.height], text, allText };
}
