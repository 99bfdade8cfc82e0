import type { JournalFilter, JournalState } from '@shared/ipc/journal-views';
import type { RowFields } from './journal-index';

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

/**
 * Builds one predicate over the history index's rows, so a search over 100,000 entries does the
 * parsing once, not per entry, and never needs the entries themselves.
 */
export function matcher(filter: EntryFilter | JournalFilter, rows: RowFields): (row: number) => boolean {
  const from = filter.from === undefined ? -Infinity : Date.parse(filter.from);
  const to = filter.to === undefined ? Infinity : Date.parse(filter.to);
  const ref = filter.referenceId?.toLowerCase();
  const { amountCents, last4, state, tpn } = filter;
  return (row) => {
    const createdMs = rows.createdMs(row);
    return (
      createdMs >= from &&
      createdMs < to &&
      (ref === undefined || rows.refLowerCase(row).includes(ref)) &&
      (amountCents === undefined || rows.amountCents(row) === amountCents || rows.approvedCents(row) === amountCents) &&
      (last4 === undefined || rows.last4(row) === last4) &&
      (state === undefined || rows.state(row) === state) &&
      (tpn === undefined || rows.tpn(row) === tpn)
    );
  };
}

export interface Page<T> {
  items: T[];
  total: number;
  nextOffset: number | null;
}
