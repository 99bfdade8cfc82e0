/** The p-th percentile of sorted numbers (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export function sortedCopy(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/** A measured figure over its same-run baseline, as the tables print it ("1.12x"). */
export function ratio(measured: number, baseline: number): string {
  return `${(measured / baseline).toFixed(2)}x`;
}
