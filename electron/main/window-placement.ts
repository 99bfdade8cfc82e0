import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the window looked like when it last closed (kept in settings under WINDOW_STATE_KEY). */
export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

/** Where the window opens: a size always, a position only when it fits a display (else Electron centres it). */
export interface WindowPlacement {
  bounds: Pick<Rect, 'width' | 'height'> & Partial<Pick<Rect, 'x' | 'y'>>;
  maximized: boolean;
}

export const WINDOW_STATE_KEY = 'window.state';
export const DEFAULT_SIZE = { width: 1280, height: 860 } as const;
export const MIN_SIZE = { width: 900, height: 600 } as const;

/**
 * How much of the saved window must still overlap a display for it to reopen there (a title bar's
 * worth); less than that and the display it was on has gone, so it opens centred on the primary one.
 */
const MIN_VISIBLE = { width: 120, height: 40 } as const;

const SavedRect = z.object({ x: z.number().finite(), y: z.number().finite(), width: z.number().positive(), height: z.number().positive() });
const SavedState = z.object({ bounds: SavedRect, maximized: z.boolean() });

/**
 * Reopens the window where it was, kept wholly on a display that is attached now: the display it
 * overlaps most, shrunk to that display's work area and moved inside it. Settings that are missing
 * or unreadable give the default size, centred. `workAreas` lists the primary display first.
 */
export function placeWindow(saved: unknown, workAreas: readonly Rect[]): WindowPlacement {
  const parsed = SavedState.safeParse(saved);
  if (!parsed.success) return { bounds: { ...DEFAULT_SIZE }, maximized: false };
  const { bounds, maximized } = parsed.data;
  const area = mostOverlapped(bounds, workAreas);
  if (!area) return { bounds: fitSize(bounds, workAreas[0]), maximized };
  const { width, height } = fitSize(bounds, area);
  return {
    bounds: {
      width,
      height,
      x: clamp(Math.round(bounds.x), area.x, area.x + area.width - width),
      y: clamp(Math.round(bounds.y), area.y, area.y + area.height - height),
    },
    maximized,
  };
}

function mostOverlapped(bounds: Rect, areas: readonly Rect[]): Rect | undefined {
  let best: { area: Rect; overlap: number } | undefined;
  for (const area of areas) {
    const width = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const height = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
    if (width < MIN_VISIBLE.width || height < MIN_VISIBLE.height) continue;
    if (!best || width * height > best.overlap) best = { area, overlap: width * height };
  }
  return best?.area;
}

/** The saved size, no smaller than the minimum and no larger than the display (a small display wins). */
function fitSize(bounds: Rect, area: Rect | undefined): { width: number; height: number } {
  const fit = (wanted: number, min: number, max: number | undefined) => Math.round(Math.min(Math.max(wanted, min), max ?? Infinity));
  return { width: fit(bounds.width, MIN_SIZE.width, area?.width), height: fit(bounds.height, MIN_SIZE.height, area?.height) };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
