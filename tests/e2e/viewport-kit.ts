// The two windows issue 14 and issue 25 check every counter screen at (a 1024 x 700 laptop and a
// 1366 x 768 one), and the measurements that say a screen fits one: no sideways scrolling, and a
// control inside the window without scrolling. Shared by counter-at-1024.test.ts and
// fits-the-screen.test.ts.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Viewport {
  width: number;
  height: number;
}

export const SIZES: readonly [Viewport, Viewport] = [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
];

export const sizeName = (viewport: Viewport) => `${viewport.width}x${viewport.height}`;

/** The page as a whole does not scroll sideways (1 px of rounding allowed). */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(clientWidth + 1);
}

/** An element's box the way the person sees it: inside the window, neither above, below nor beside it. */
export async function expectInWindow(locator: Locator, viewport: Viewport, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${what} has a box`).not.toBeNull();
  const { x = 0, y = 0, width = 0, height = 0 } = box ?? {};
  expect(y, `${what}: top edge above the window`).toBeGreaterThanOrEqual(0);
  expect(x, `${what}: left edge left of the window`).toBeGreaterThanOrEqual(0);
  expect(y + height, `${what}: bottom edge below the window`).toBeLessThanOrEqual(viewport.height);
  expect(x + width, `${what}: right edge right of the window`).toBeLessThanOrEqual(viewport.width);
}

/** An element that scrolls sideways on its own (a table's wrapper) does not need to. */
export async function expectFitsItsBox(locator: Locator, what: string): Promise<void> {
  const fits = await locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
  expect(fits, `${what} scrolls sideways`).toBe(true);
}
