// The two window sizes issue 14 and issue 25 ask every checked screen to work at, and the helpers
// that look at a screen at each of them (layout checks, axe and screenshots in light and dark).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppUnderTest } from './harness';

export interface Viewport {
  width: number;
  height: number;
}

export const SIZES: readonly [Viewport, Viewport] = [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
];

export const sizeName = (viewport: Viewport) => `${viewport.width}x${viewport.height}`;

/** Runs `check` at `current` (the page's size now), then at each of `others`, and comes back to `current`. */
export async function atSizes(
  page: Page,
  current: Viewport,
  others: readonly Viewport[],
  check: (size: Viewport) => Promise<void>,
): Promise<void> {
  await check(current);
  for (const other of others) {
    await page.setViewportSize(other);
    try {
      await check(other);
    } finally {
      await page.setViewportSize(current);
    }
  }
}

/** Screenshots and axe in light and dark (harness checkScreen) at each size: no serious or critical violation. */
export function checkScreensAt(app: AppUnderTest, name: string, current: Viewport, others: readonly Viewport[]): Promise<void> {
  return atSizes(app.page, current, others, async (size) => expect(await app.checkScreen(`${name}-${sizeName(size)}`)).toEqual([]));
}
