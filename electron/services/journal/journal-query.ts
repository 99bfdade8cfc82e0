import type { JournalFilter, JournalState } from '@shared/ipc/journal-views';
import { stateOf } from './entry-view';
import type { JournalEntry } from './records';

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

/** Builds one predicate so a search over 100,000 entries does the parsing once, not per entry. */
export function matcher(filter: EntryFilter | JournalFilter): (entry: JournalEntry) => boolean {
  const from = filter.from === undefined ? -Infinity : Date.parse(filter.from);
  const to = filter.to === undefined ? Infinity : Date.parse(filter.to);
  const ref = filter.referenceId?.toLowerCase();
  const { amountCents, last4, state, tpn } = filter;
  return (entry) =>
    entry.createdMs >= from &&
    entry.createdMs < to &&
    (ref === undefined || entry.intent.ref.toLowerCase().includes(ref)) &&
    (amountCents === undefined || entry.intent.amountCents === amountCents || entry.outcome?.approvedCents === amountCents) &&
    (last4 === undefined || entry.outcome?.card?.last4 === last4) &&
    (state === undefined || stateOf(entry) === state) &&
    (tpn === undefined || entry.intent.tpn === tpn);
}

export interface Page<T> {
  items: T[];
  total: number;
  nextOffset: number | null;
}

/** Filters entries (already newest first) and cuts one page. */
export function pageOf(entries: readonly JournalEntry[], filter: EntryFilter, offset: number, limit: number): Page<JournalEntry> {
  const matches = entries.filter(matcher(filter));
  const items = matches.slice(offset, offset + limit);
  return { items, total: matches.length, nextOffset: offset + limit < matches.length ? offset + limit : null };
}
