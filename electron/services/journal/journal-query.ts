import type { JournalState } from '@shared/ipc/journal-views';

/** A parsed filter (see shared/ipc/journal-views.ts): every field optional, combined with AND. */
export interface EntryFilter {
  from?: string | undefined;
  to?: string | undefined;
  referenceId?: string | undefined;
  amountCents?: number | undefined;
  last4?: string | undefined;
  state?: JournalState | undefined;
  tpn?: string | undefined;
}

/** Below this many characters a reference search cannot use the trigram index and reads row by row. */
export const TRIGRAM = 3;

/**
 * The WHERE clause of a filter over the journal's `entries` table (journal-database.ts), with its
 * parameters in order. Every condition has an index behind it, except a reference part searched
 * `byScan`: a part of a ReferenceId is otherwise found through the trigram index of `entry_refs`,
 * which pays off when the part is selective. A part shorter than three characters, or one that
 * matches much of the journal, is better tested row by row while reading newest first: the first
 * page is found long before the index would have listed every match (SqliteJournal.page).
 */
export function filterSql(filter: EntryFilter, options: { byScan?: boolean } = {}): { where: string; params: (string | number)[] } {
  const conditions: string[] = [];
  const params: (string | number)[] = [];
  const add = (condition: string, ...values: (string | number)[]) => {
    conditions.push(condition);
    params.push(...values);
  };
  if (filter.from !== undefined) add('created_ms >= ?', Date.parse(filter.from));
  if (filter.to !== undefined) add('created_ms < ?', Date.parse(filter.to));
  if (filter.referenceId !== undefined) {
    const ref = filter.referenceId.toLowerCase();
    if (ref.length >= TRIGRAM && !options.byScan) add('seq IN (SELECT rowid FROM entry_refs WHERE entry_refs MATCH ?)', trigramPhrase(ref));
    else add('instr(ref_lower, ?) > 0', ref);
  }
  if (filter.amountCents !== undefined) add('(amount_cents = ? OR approved_cents = ?)', filter.amountCents, filter.amountCents);
  if (filter.last4 !== undefined) add('last4 = ?', filter.last4);
  if (filter.state !== undefined) add('state = ?', filter.state);
  if (filter.tpn !== undefined) add('tpn = ?', filter.tpn);
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** A part of a reference as an FTS5 query: a phrase in double quotes (quotes inside doubled) matches the text anywhere. */
export function trigramPhrase(part: string): string {
  return `"${part.toLowerCase().replaceAll('"', '""')}"`;
}

export interface Page<T> {
  items: T[];
  /** Every match when `totalExact`; otherwise only a floor (those listed so far, plus one if more follow). */
  total: number;
  totalExact: boolean;
  nextOffset: number | null;
}
