import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, MIN_SIZE, placeWindow } from './window-placement';

const laptop = { x: 0, y: 0, width: 1440, height: 860 };
const monitorRight = { x: 1440, y: -200, width: 2560, height: 1400 };

describe('placeWindow', () => {
  it('opens with the default size, centred, when nothing was saved or the setting is unreadable', () => {
    for (const saved of [
      undefined,
      null,
      'garbage',
      { bounds: { x: 'a' } },
      { bounds: { x: 0, y: 0, width: -5, height: 10 }, maximized: false },
    ]) {
      expect(placeWindow(saved, [laptop])).toEqual({ bounds: { ...DEFAULT_SIZE }, maximized: false });
    }
  });

  it('reopens exactly where it was when that still fits a display', () => {
    const saved = { bounds: { x: 1600, y: 0, width: 1200, height: 900 }, maximized: true };
    expect(placeWindow(saved, [laptop, monitorRight])).toEqual(saved);
  });

  it('moves a window hanging off the edge of its display back onto it', () => {
    const saved = { bounds: { x: 1000, y: 500, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(saved, [laptop]).bounds).toEqual({ x: 440, y: 160, width: 1000, height: 700 });
  });

  it('puts a window from a display that is gone on the primary display, shrunk to fit', () => {
    const saved = { bounds: { x: 2000, y: 100, width: 2000, height: 1200 }, maximized: false };
    const placed = placeWindow(saved, [laptop]);
    expect(placed.bounds).toEqual({ width: 1440, height: 860 });
  });

  it('does not count a sliver on a display as visible', () => {
    // Only 20 px of the window reach into the laptop's screen.
    const saved = { bounds: { x: -1180, y: 100, width: 1200, height: 700 }, maximized: false };
    expect(placeWindow(saved, [laptop]).bounds).toEqual({ width: 1200, height: 700 });
  });

  it('chooses the display holding most of the window and never goes below the minimum size', () => {
    const saved = { bounds: { x: 1300, y: 10, width: 400, height: 300 }, maximized: false };
    const placed = placeWindow(saved, [laptop, monitorRight]);
    expect(placed.bounds.width).toBe(MIN_SIZE.width);
    expect(placed.bounds.height).toBe(MIN_SIZE.height);
    // Now 900 wide: most of it lies on the monitor to the right, inside which it stays.
    expect(placed.bounds.x).toBeGreaterThanOrEqual(monitorRight.x);
    expect(placed.bounds.y).toBeGreaterThanOrEqual(monitorRight.y);
  });

  it('keeps the window inside a display smaller than the minimum size', () => {
    const small = { x: 0, y: 0, width: 800, height: 560 };
    const saved = { bounds: { x: 0, y: 0, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(saved, [small]).bounds).toEqual({ x: 0, y: 0, width: 800, height: 560 });
  });
});
