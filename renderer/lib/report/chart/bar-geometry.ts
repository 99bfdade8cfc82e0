// Where each bar of a BarChart goes, in the SVG's own units (the viewBox scales it to the page or
// the paper). Pure arithmetic, so it is tested without a browser. Values may be negative (a lane
// whose returns outweigh its sales in an hour): such bars grow the other way from the zero line.

export interface Bar {
  label: string;
  value: number;
}

export interface PlacedBar extends Bar {
  /** The bar's rectangle: x, y, width, height (never negative). */
  x: number;
  y: number;
  width: number;
  height: number;
  negative: boolean;
}

export interface Layout {
  width: number;
  height: number;
  /** Where the zero line is: a y for columns, an x for rows. */
  zero: number;
  bars: PlacedBar[];
  /** Columns only: the amount scale, a round value and its y (empty for rows, which print each value). */
  ticks: { value: number; y: number }[];
}

/** Room for the labels beside or under the bars (scaleBand: the amount scale on the left), in SVG units. */
export const COLUMN_CHART = { width: 480, height: 150, top: 6, labelBand: 16, scaleBand: 48 } as const;
export const ROW_CHART = { width: 480, rowHeight: 20, gap: 4, labelWidth: 120, valueWidth: 90 } as const;

function extent(bars: readonly Bar[]): { max: number; min: number } {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const min = Math.min(0, ...bars.map((bar) => bar.value));
  // All zero: a flat chart, not a division by zero.
  return max === min ? { max: 1, min: 0 } : { max, min };
}

/**
 * A round step for about four intervals over the range: 1, 2 or 5 times a power of ten, never under
 * `least` (values are cents: the scale reads in whole dollars).
 */
export function niceStep(range: number, least = 100): number {
  const raw = range / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((n) => n * power).find((candidate) => candidate >= raw) ?? 10 * power;
  return Math.max(step, least);
}

/** Upright bars side by side (sales by hour): labels under them, a round amount scale on the left. */
export function columns(bars: readonly Bar[]): Layout {
  const { width, height, top, labelBand, scaleBand } = COLUMN_CHART;
  const plot = height - top - labelBand;
  const extremes = extent(bars);
  const step = niceStep(extremes.max - extremes.min);
  // The plot runs from tick to tick, so the scale's top and bottom lines frame every bar.
  const max = Math.ceil(extremes.max / step) * step;
  const min = Math.floor(extremes.min / step) * step;
  const scale = plot / (max - min);
  const zero = top + max * scale;
  const slot = (width - scaleBand) / Math.max(bars.length, 1);
  return {
    width,
    height,
    zero,
    ticks: Array.from({ length: Math.round((max - min) / step) + 1 }, (_, i) => {
      const value = min + i * step;
      return { value, y: zero - value * scale };
    }),
    bars: bars.map((bar, i) => {
      const size = Math.abs(bar.value) * scale;
      return {
        ...bar,
        x: scaleBand + i * slot + slot * 0.15,
        width: slot * 0.7,
        y: bar.value >= 0 ? zero - size : zero,
        height: size,
        negative: bar.value < 0,
      };
    }),
  };
}

/** Bars lying down, one per line (sales by card type): the name before, the amount after. */
export function rows(bars: readonly Bar[]): Layout {
  const { width, rowHeight, gap, labelWidth, valueWidth } = ROW_CHART;
  const plot = width - labelWidth - valueWidth;
  const { max, min } = extent(bars);
  const scale = plot / (max - min);
  const zero = labelWidth - min * scale;
  return {
    width,
    height: Math.max(bars.length, 1) * (rowHeight + gap),
    zero,
    ticks: [],
    bars: bars.map((bar, i) => {
      const size = Math.abs(bar.value) * scale;
      return {
        ...bar,
        x: bar.value >= 0 ? zero : zero - size,
        y: i * (rowHeight + gap),
        width: size,
        height: rowHeight,
        negative: bar.value < 0,
      };
    }),
  };
}
