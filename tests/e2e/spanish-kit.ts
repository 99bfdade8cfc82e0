// Issue 41's proof in Spanish: what a screen of the Spanish walk must hold (its words from the
// es-US catalogue, no English sentence the catalogue translates), and a look at it at 1024 x 700
// saved for a person (out/screenshots-es/, git-ignored) with the cut-off checks of
// fits-the-screen.test.ts and axe (harness checkScreen).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkScreen } from './harness';
import type { PrintedPdf } from './print-kit';
import { expectNoSidewaysScroll, SIZES } from './viewport-kit';

export const SPANISH_SHOTS_DIR = join('out', 'screenshots-es');
/** Where the walk keeps what it printed in Spanish, for a person to read page by page. */
export const SPANISH_PRINTS_DIR = join('out', 'printed-es');

/** Keeps a printed PDF as out/printed-es/<name>.pdf. */
export function keepPrinted(pdf: PrintedPdf, name: string): void {
  mkdirSync(SPANISH_PRINTS_DIR, { recursive: true });
  writeFileSync(join(SPANISH_PRINTS_DIR, `${name}.pdf`), pdf.bytes);
}

/** The dollars of es-US, as Intl writes them (the app formats money through Intl too). */
export const dollars = (value: number) => new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(value);

/** The text of the screen's main area. */
export async function mainText(page: Page): Promise<string> {
  return (await page.getByRole('main').textContent()) ?? '';
}

/**
 * The screen says every one of `spanish` and none of `english` (English messages whose Spanish
 * differs: a left-over English string would show one of them).
 */
export async function expectSpanish(page: Page, spanish: readonly string[], english: readonly string[]): Promise<void> {
  // The words may still be arriving (a report is fetched after its tab shows): wait for them.
  await expect
    .poll(
      async () => {
        const shown = await mainText(page);
        return spanish.filter((words) => !shown.includes(words));
      },
      { message: 'Spanish on screen' },
    )
    .toEqual([]);
  const text = await mainText(page);
  for (const words of english) expect(text, 'English left on a translated screen').not.toContain(words);
}

/**
 * Texts a box cuts: a button, label, heading, tab, cell or figure whose text is wider or taller
 * than the box it has (Spanish runs about a quarter longer than English).
 */
async function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'main button, main label, main h1, main h2, main h3, [role=tab], main th, main td, main dt, main dd, nav button',
      ),
    ]
      .filter((element) => {
        const box = element as HTMLElement;
        if (box.clientWidth === 0 || box.offsetParent === null) return false;
        const style = getComputedStyle(box);
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis' || style.whiteSpace === 'nowrap';
        return clips && (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1);
      })
      .map((element) => element.textContent?.trim() ?? ''),
  );
}

/**
 * Boxes that scroll sideways inside the page (a table's frame): a column out of sight until the
 * person scrolls is cut off as much as a clipped word. Each as its first words and how far it runs over.
 */
async function boxesRunningOver(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((box) => {
        if (box.clientWidth === 0 || box.offsetParent === null) return false;
        const { overflowX } = getComputedStyle(box);
        return (overflowX === 'auto' || overflowX === 'scroll') && box.scrollWidth > box.clientWidth + 1;
      })
      .map((box) => `${(box.textContent ?? '').trim().slice(0, 60)} (${box.scrollWidth - box.clientWidth} px over)`),
  );
}

/**
 * The Spanish screen at 1024 x 700: nothing cut, no sideways scrolling, axe clean (harness
 * checkScreen), and a full-page PNG under out/screenshots-es/ for a person to look at.
 */
export async function lookAtSpanishScreen(page: Page, name: string): Promise<void> {
  await page.setViewportSize(SIZES[0]);
  // The picture first: a screen that fails a check below is the one a person most needs to see.
  mkdirSync(SPANISH_SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SPANISH_SHOTS_DIR, `${name}.png`), fullPage: true });
  await expectNoSidewaysScroll(page, name);
  expect(await cutTexts(page), `${name}: texts cut off`).toEqual([]);
  expect(await boxesRunningOver(page), `${name}: boxes scrolling sideways`).toEqual([]);
  // Both schemes on every Spanish screen, whatever the tier: the proof asks for both.
  expect(await checkScreen(page, `es-${name}`, ['light', 'dark'])).toEqual([]);
}
