import { csvCount, csvMoney, csvNumber, type CsvCell } from '@shared/csv';
import type { JournalEntryView } from '@shared/ipc/journal-views';
import { moneyOfEntry, signedMoney, signOfOperation } from '@shared/ipc/money-model';

// The money columns of the History CSV, from the same model the screen uses
// (shared/ipc/money-model.ts), so a column sum matches the screen's figures:
// - amount, tip, fee, total: the entry as History shows it, signed (returns and voids negative); a
//   tip adjustment shows the adjusted transaction (its new tip and new total).
// - charged: the money this entry moved, the column to add up: a sale's or capture's total, minus a
//   return's or void's, a tip adjustment's change only (new total less the total before it, so the
//   sale is not counted twice), nothing for a hold (an Auth is charged by its Capture), a decline
//   or what is still unknown.
// - settled_total, settled_count: what a Settle closed, as History's list says it.
// - tax: the terminal's TaxAmount (on a fee, docs/PROTOCOL.md §4.1), signed like the fee; last, as
//   it came last (issue 28).

/** amount and tip keep their old places; the rest came later and go last, so older spreadsheets still line up. */
export const MONEY_COLUMNS = {
  early: ['amount', 'tip'],
  late: ['fee', 'total', 'charged', 'settled_total', 'settled_count', 'tax'],
} as const;

export interface MoneyCells {
  early: CsvCell[];
  late: CsvCell[];
}

const money = (cents: number | null | undefined): CsvCell => csvNumber(csvMoney(cents));

function moved(entry: JournalEntryView): boolean {
  return entry.state === 'approved' || entry.state === 'partial';
}

/** The money cells of one entry; a tip adjustment's `charged` is left to TipChanges (it needs the total before). */
export function moneyCells(entry: JournalEntryView): MoneyCells {
  if (entry.operation === 'Settle') {
    const settled = entry.outcome?.settled;
    return { early: ['', ''], late: ['', '', '', money(settled?.totalCents), csvNumber(csvCount(settled?.count)), ''] };
  }
  const shown = signedMoney(moneyOfEntry(entry), signOfOperation(entry.operation));
  const charged = moved(entry) && entry.operation !== 'Auth' && entry.operation !== 'TipAdjust' ? shown.totalCents : null;
  return {
    early: [money(shown.baseCents), money(shown.tipCents)],
    late: [money(shown.feeCents), money(shown.totalCents), money(charged), '', '', money(shown.taxCents)],
  };
}

/** Where `charged` sits among the late money cells. */
const CHARGED_AT = MONEY_COLUMNS.late.indexOf('charged');

interface Known {
  createdAt: string;
  totalCents: number;
}

/**
 * Works out each approved tip adjustment's change: its new total less the total of the same
 * transaction just before it (the sale, capture or an earlier adjustment, same ReferenceId). The
 * export streams in either order, so rows wait until every entry was seen. When the earlier total is
 * not in the export (filtered out), the Amount the adjustment quoted (the sale's with its old tip,
 * as the Tip adjust screen fills it in) stands in; without one the cell stays empty rather than wrong.
 */
export class TipChanges {
  readonly #totals = new Map<string, Known[]>();
  readonly #waiting: { row: CsvCell[]; lateAt: number; entry: JournalEntryView; totalCents: number }[] = [];

  /** Notes an entry; `row` is its cells, the late money cells starting at `lateAt`. */
  note(entry: JournalEntryView, row: CsvCell[], lateAt: number): void {
    if (!moved(entry) || !['Sale', 'Capture', 'TipAdjust'].includes(entry.operation)) return;
    const totalCents = moneyOfEntry(entry).totalCents;
    if (totalCents === null) return;
    const known = this.#totals.get(entry.referenceId) ?? [];
    known.push({ createdAt: entry.createdAt, totalCents });
    this.#totals.set(entry.referenceId, known);
    if (entry.operation === 'TipAdjust') this.#waiting.push({ row, lateAt, entry, totalCents });
  }

  /** Fills every waiting tip adjustment's `charged` cell. */
  settle(): void {
    for (const { row, lateAt, entry, totalCents } of this.#waiting) {
      const before = this.#totalBefore(entry);
      row[lateAt + CHARGED_AT] = money(before === null ? null : totalCents - before);
    }
  }

  #totalBefore(entry: JournalEntryView): number | null {
    const earlier = (this.#totals.get(entry.referenceId) ?? []).filter((known) => known.createdAt < entry.createdAt);
    const latest = earlier.reduce<Known | null>((best, known) => (best === null || known.createdAt > best.createdAt ? known : best), null);
    if (latest) return latest.totalCents;
    return entry.amountCents > 0 ? entry.amountCents : null;
  }
}
