import { csvCount, csvMoney, csvNumber, type CsvCell } from '@shared/csv';
import type { JournalEntryView } from '@shared/ipc/journal-views';
import { moneyOfEntry, signedMoney, signOfOperation, type ChargedMoney } from '@shared/ipc/money-model';

// The money columns of the History CSV, from the same model the screen uses
// (shared/ipc/money-model.ts), so a column sum matches the screen's figures. Every money column is
// signed the same way (returns and voids negative), and an entry that moved no money (declined,
// canceled, refused, not processed, still unknown) is 0.00 in each of them; what was asked is kept
// in requested_amount and requested_tip, which move nothing (issue 36).
// - amount, tip, fee, tax, total: the transaction as History shows it after this entry; a tip
//   adjustment shows the adjusted transaction (its new tip and new total). `tax` is the terminal's
//   TaxAmount, the tax on the fee (docs/PROTOCOL.md §4.1), never sales tax.
// - charged: the money this entry moved, the column to add up: a sale's or capture's total, minus a
//   return's or void's, a tip adjustment's change only (new total less the total before it, so the
//   sale is not counted twice), 0 for a hold (an Auth is charged by its Capture).
// - charged_amount, charged_tip, charged_fee, charged_tax_on_fee: the parts of `charged`; on each
//   row they add up to it, so each column's sum is that part of the money moved.
// - settled_total, settled_count: what a Settle closed, as History's list says it.

/** amount and tip keep their old places; the rest came later and go last, so older spreadsheets still line up. */
export const MONEY_COLUMNS = {
  early: ['amount', 'tip'],
  late: ['fee', 'total', 'charged', 'settled_total', 'settled_count', 'tax'],
  // Added with issue 36, after the columns journal-csv.ts adds between these groups.
  parts: ['requested_amount', 'requested_tip', 'charged_amount', 'charged_tip', 'charged_fee', 'charged_tax_on_fee'],
} as const;

export interface MoneyCells {
  early: CsvCell[];
  late: CsvCell[];
  parts: CsvCell[];
}

const money = (cents: number | null | undefined): CsvCell => csvNumber(csvMoney(cents));

const NOTHING: ChargedMoney = { baseCents: 0, tipCents: 0, feeCents: 0, taxCents: 0, totalCents: 0 };

/** Money moved: an approval, full or partial. */
export function moved(entry: Pick<JournalEntryView, 'state'>): boolean {
  return entry.state === 'approved' || entry.state === 'partial';
}

/** The transaction as History shows it, signed; all 0 for an entry that moved no money. */
export function shownMoney(entry: JournalEntryView): ChargedMoney {
  return moved(entry) ? signedMoney(moneyOfEntry(entry), signOfOperation(entry.operation)) : NOTHING;
}

/** What one entry moved, part by part; a tip adjustment's is left to TipChanges (it needs the money before). */
function movedMoney(entry: JournalEntryView): ChargedMoney | null {
  if (entry.operation === 'TipAdjust' && moved(entry)) return null;
  return entry.operation === 'Auth' ? NOTHING : shownMoney(entry);
}

function movedCells(parts: ChargedMoney | null): CsvCell[] {
  if (parts === null) return ['', '', '', ''];
  return [money(parts.baseCents), money(parts.tipCents), money(parts.feeCents), money(parts.taxCents)];
}

/**
 * An approval whose figures do not add up (shared/spin/terminal-amounts.ts): its terminal figures
 * are not believed, so its money cells stay empty (a column sum leaves it out) and the
 * terminal_figures column says why; what was asked is still said.
 */
function flaggedCells(entry: JournalEntryView, sign: 1 | -1): MoneyCells {
  return {
    early: ['', ''],
    late: ['', '', '', '', '', ''],
    parts: [money(sign * entry.amountCents || 0), money(sign * entry.tipCents || 0), '', '', '', ''],
  };
}

/** The money cells of one entry. */
export function moneyCells(entry: JournalEntryView): MoneyCells {
  if (entry.operation === 'Settle') {
    const settled = entry.outcome?.settled;
    return {
      early: ['', ''],
      late: ['', '', '', money(settled?.totalCents), csvNumber(csvCount(settled?.count)), ''],
      parts: ['', '', '', '', '', ''],
    };
  }
  const sign = signOfOperation(entry.operation);
  if (entry.outcome?.figuresProblem !== undefined) return flaggedCells(entry, sign);
  const shown = shownMoney(entry);
  const charged = movedMoney(entry);
  return {
    early: [money(shown.baseCents), money(shown.tipCents)],
    late: [money(shown.feeCents), money(shown.totalCents), money(charged?.totalCents), '', '', money(shown.taxCents)],
    parts: [money(sign * entry.amountCents || 0), money(sign * entry.tipCents || 0), ...movedCells(charged)],
  };
}

/** Where `charged` sits among the late money cells, and the moved parts among the last ones. */
const CHARGED_AT = MONEY_COLUMNS.late.indexOf('charged');
const PARTS_AT = MONEY_COLUMNS.parts.indexOf('charged_amount');

interface Known {
  createdAt: string;
  money: ChargedMoney;
}

/** Operations whose approval sets a transaction's figures (a tip adjustment's "before"). */
const SETS_FIGURES: ReadonlySet<string> = new Set(['Sale', 'Capture', 'TipAdjust']);

/**
 * Works out each approved tip adjustment's change: its new figures less those of the same
 * transaction just before it (the sale, capture or an earlier adjustment, same ReferenceId on the
 * same terminal), part by part. The earlier figures are asked of the journal (`usesOf`, one indexed
 * query per adjustment), whatever the export's filter, so the export streams row by row instead of
 * holding every row until its end. When the journal holds none, the Amount the adjustment quoted
 * (the sale's with its old tip, as the Tip adjust screen fills it in) stands in for the total
 * before, and the whole change is put down as tip; without one the cells stay empty rather than wrong.
 */
export class TipChanges {
  readonly #usesOf: (entry: JournalEntryView) => Promise<JournalEntryView[]>;

  /** `usesOf`: every entry of the journal with this entry's ReferenceId on its terminal. */
  constructor(usesOf: (entry: JournalEntryView) => Promise<JournalEntryView[]>) {
    this.#usesOf = usesOf;
  }

  /** Fills an approved tip adjustment's `charged` cell and its parts in `row` (late money cells from `at.late`, the last ones from `at.parts`). */
  async fill(entry: JournalEntryView, row: CsvCell[], at: { late: number; parts: number }): Promise<void> {
    if (entry.operation !== 'TipAdjust' || !moved(entry) || entry.outcome?.figuresProblem !== undefined) return;
    const money = moneyOfEntry(entry);
    if (money.totalCents === null) return;
    const known = (await this.#usesOf(entry))
      .filter((use) => moved(use) && SETS_FIGURES.has(use.operation) && use.outcome?.figuresProblem === undefined)
      .map((use) => ({ createdAt: use.createdAt, money: moneyOfEntry(use) }))
      .filter((use) => use.money.totalCents !== null);
    const change = this.#change(entry, money, known);
    row[at.late + CHARGED_AT] = csvNumber(csvMoney(change?.totalCents));
    row.splice(at.parts + PARTS_AT, 4, ...movedCells(change));
  }

  #change(entry: JournalEntryView, money: ChargedMoney, known: Known[]): ChargedMoney | null {
    const earlier = known.filter((use) => use.createdAt < entry.createdAt);
    const latest = earlier.reduce<Known | null>((best, known) => (best === null || known.createdAt > best.createdAt ? known : best), null);
    const total = money.totalCents ?? 0;
    if (!latest) {
      if (entry.amountCents <= 0) return null;
      const change = total - entry.amountCents;
      return { baseCents: 0, tipCents: change, feeCents: 0, taxCents: 0, totalCents: change };
    }
    const before = latest.money;
    const minus = (now: number | null, then: number | null) => (now ?? 0) - (then ?? 0);
    return {
      baseCents: minus(money.baseCents, before.baseCents),
      tipCents: money.tipCents - before.tipCents,
      feeCents: money.feeCents - before.feeCents,
      taxCents: money.taxCents - before.taxCents,
      totalCents: total - (before.totalCents ?? 0),
    };
  }
}
