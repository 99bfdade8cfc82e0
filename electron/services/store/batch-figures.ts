import type { SummaryReport } from '@shared/ipc/report-views';

/** What the Store screen shows of a terminal's open batch: its count and total, as last read. */
export interface Figures {
  count: number;
  totalCents: number | null;
  fetchedAt: string;
}

/**
 * The open batch's figures of each terminal as its Summary last gave them, wherever it was read
 * (the Batch screen, the Store screen's refresh, Settle all's plan). The Store screen opens from
 * these and the journal without asking any terminal; a terminal is asked again only after this PC
 * moved money on it, or when the manager asks (issue 27: never by polling Summary).
 */
export class BatchFigures {
  readonly #figures = new Map<string, Figures>();
  /** When a read was last tried per profile, answered or not: a failed read is not retried on its own. */
  readonly #triedAt = new Map<string, string>();

  note(summary: SummaryReport): Figures {
    const figures = figuresOf(summary);
    this.#figures.set(summary.profileId, figures);
    this.#triedAt.set(summary.profileId, summary.fetchedAt);
    return figures;
  }

  /** A read that failed: the old figures stay, but they count as read after the money moved before now. */
  tried(profileId: string, at: string): void {
    this.#triedAt.set(profileId, at);
  }

  /** The batch was closed by this PC's Settle: nothing is open any more. */
  closed(profileId: string, at: string): void {
    this.#figures.set(profileId, { count: 0, totalCents: 0, fetchedAt: at });
    this.#triedAt.set(profileId, at);
  }

  of(profileId: string): Figures | undefined {
    return this.#figures.get(profileId);
  }

  /** True when money moved on the terminal (at `movedAt`) after its figures were last read or tried. */
  staleSince(profileId: string, movedAt: string | undefined): boolean {
    if (movedAt === undefined) return false;
    const tried = this.#triedAt.get(profileId);
    return tried === undefined || Date.parse(movedAt) > Date.parse(tried);
  }
}

/**
 * Count and total over every application; a total is null only when the terminal left out every
 * one. No application at all is an empty batch: nothing open, $0.00.
 */
export function figuresOf(summary: SummaryReport): Figures {
  let count = 0;
  let totalCents: number | null = summary.applications.length === 0 ? 0 : null;
  for (const { totals } of summary.applications) {
    count += totals.count ?? 0;
    if (totals.total !== null) totalCents = (totalCents ?? 0) + totals.total;
  }
  return { count, totalCents, fetchedAt: summary.fetchedAt };
}
