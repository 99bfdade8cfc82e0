// The one backoff of the app: lookups after a lost answer (electron/services/recovery/recover.ts),
// resends after "nothing processed" (payments/money-move.ts) and the Store screen's asks of a
// terminal that does not answer (renderer/screens/store/status-poller.ts) all wait this way.
// Only the wait is shared: each loop has its own reasons to stop or to wait what the service asks.

export interface Doubling {
  /** The wait after the first failure. */
  startMs: number;
  /** The ceiling: waits never grow past it. */
  maxMs: number;
}

/** The wait after failure number `attempt` + 1 (attempt counts from 0): start, 2 × start, 4 × start ... up to the ceiling. */
export function doublingDelayMs({ startMs, maxMs }: Doubling, attempt: number): number {
  // 2 ** 30 × any sane start is far past any ceiling; capping the exponent keeps the product finite.
  return Math.min(maxMs, startMs * 2 ** Math.min(attempt, 30));
}
