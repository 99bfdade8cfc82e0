// The two window sizes issue 14 and 25 ask for (1024 x 700 and 1366 x 768), and the helpers that look
// at a screen at both within one pass: `npm test` walks the flows at 1024 x 700, measures each
// checked layout at 1366 x 768 too, and runs axe and the screenshots at 1024 x 700 (axe in light and
// dark is most of an e2e file's time, and `npm test` has 10 minutes); the soak tier walks every flow
// at both sizes, or looks at each screen at both, axe included. Then the measurements that say a
// screen fits the window: no sideways scrolling, a control in sight without scrolling.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppUnderTest } from './harness';
import type { Tier } from '../support/tier';

export interface Viewport {
  width: number;
  height: number;
}

export const SIZES: readonly [Viewport, Viewport] = [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
];
/**
 * The sizes the flows are walked at. The test file passes its tier (tests/lint/tiers.test.ts
 * wants every file whose runs depend on it to read it, and to be listed for the soak).
 */
export const viewportsOf = (tier: Tier): readonly Viewport[] => (tier === 'soak' ? SIZES : [SIZES[0]]);
/** The sizes each checked screen is also looked at, within the same pass. */
const alsoAt = (tier: Tier): readonly Viewport[] => (tier === 'soak' ? [] : SIZES.slice(1));
export const sizeName = (viewport: Viewport) => `${viewport.width}x${viewport.height}`;

export interface SizeChecks {
  /** Runs `check` at this pass's size, then at the other sizes of the pass (and comes back). */
  atEverySize(check: (current: Viewport) => Promise<void>): Promise<void>;
  /** Screenshots and axe (harness checkScreen), light and dark, at every size. */
  checkScreens(name: string): Promise<void>;
}

export function sizeChecks(app: () => AppUnderTest, viewport: Viewport, tier: Tier): SizeChecks {
  // The soak walks this file at both sizes, so each pass looks at its own size only.
  return checksAt(app, viewport, alsoAt(tier), []);
}

/**
 * For a file that walks its flow once, whatever the tier (e.g. one long flow across a restart): at
 * 1024 x 700, every checked layout measured in 1366 x 768 too, and axe and the screenshots there as
 * well in the soak (such a file is listed in SOAK_E2E_FILES).
 */
export function bothSizesChecks(app: () => AppUnderTest, tier: Tier): SizeChecks {
  return checksAt(app, SIZES[0], SIZES.slice(1), tier === 'soak' ? SIZES.slice(1) : []);
}

function checksAt(app: () => AppUnderTest, viewport: Viewport, others: readonly Viewport[], axeOthers: readonly Viewport[]): SizeChecks {
  const page = (): Page => app().page;
  async function atSizes(sizes: readonly Viewport[], check: (current: Viewport) => Promise<void>): Promise<void> {
    await check(viewport);
    for (const other of sizes) {
      await page().setViewportSize(other);
      try {
        await check(other);
      } finally {
        await page().setViewportSize(viewport);
      }
    }
  }
  return {
    atEverySize: (check) => atSizes(others, check),
    checkScreens: (name) =>
      atSizes(axeOthers, async (current) => expect(await app().checkScreen(`${name}-${sizeName(current)}`)).toEqual([])),
  };
}

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
