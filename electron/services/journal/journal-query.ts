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

/** Which pending entries journal:pending asks for: one reference (any letter case), one terminal profile, or all. */
export interface PendingFilter {
  referenceId?: string | undefined;
  profileId?: string | undefined;
}

/**
 * The WHERE of pending entries matching a filter: what the partial index `entries_pending_rows`
 * holds, so the terminal profile (inside the intent) is read from the index, never from the table.
 */
export function pendingSql(filter: PendingFilter): { where: string; params: string[] } {
  const conditions = ["state = 'pending'"];
  const params: string[] = [];
  if (filter.referenceId !== undefined) {
    conditions.push('ref_lower = ?');
    params.push(filter.referenceId.toLowerCase());
  }
  if (filter.profileId !== undefined) {
    conditions.push("json_extract(intent, '$.profileId') = ?");
    params.push(filter.profileId);
  }
  return { where: `WHERE ${conditions.join(' AND ')}`, params };
}

/** A part of a reference needs this many characters: the trigram index cannot look up fewer. */
export const TRIGRAM = 3;

/**
 * The WHERE clause of a filter over the journal's `entries` table (journal-database.ts), with its
 * parameters in order. Every condition has an index behind it: a part of a ReferenceId (three
 * characters or more) is found through the trigram index of `entry_refs`; one or two characters
 * find only a reference that is exactly that (reading every row for a shorter part took up to a
 * second on a 1,000,000-entry journal). `withoutReference` leaves the reference out, for a query
 * that reads the trigram index itself (SqliteJournal.page, a part matching much of the journal).
 */
export function filterSql(
  filter: EntryFilter,
  options: { withoutReference?: boolean } = {},
): { where: string; params: (string | number)[] } {
  const conditions: string[] = [];
  const params: (string | number)[] = [];
  const add = (condition: string, ...values: (string | number)[]) => {
    conditions.push(condition);
    params.push(...values);
  };
  // With a selective condition (a reference, an amount, a last 4: a few hundred entries at most) the
  // broad ones (dates, outcome, terminal) are only checked on its rows: the unary + keeps SQLite off
  // their indexes, which without statistics it rated as high (amount and "declined" read all
  // 34,622 declined entries of 1,000,000 through the outcome's index: 1 s).
  const selective = filter.referenceId !== undefined || filter.amountCents !== undefined || filter.last4 !== undefined;
  const broad = selective ? '+' : '';
  if (filter.from !== undefined) add(`${broad}created_ms >= ?`, Date.parse(filter.from));
  if (filter.to !== undefined) add(`${broad}created_ms < ?`, Date.parse(filter.to));
  if (filter.referenceId !== undefined && !options.withoutReference) {
    const ref = filter.referenceId.toLowerCase();
    if (ref.length >= TRIGRAM) add('seq IN (SELECT rowid FROM entry_refs WHERE entry_refs MATCH ?)', trigramPhrase(ref));
    else add('ref_lower = ?', ref);
  }
  if (filter.amountCents !== undefined) add('(amount_cents = ? OR approved_cents = ?)', filter.amountCents, filter.amountCents);
  if (filter.last4 !== undefined) add('last4 = ?', filter.last4);
  if (filter.state !== undefined) add(`${broad}state = ?`, filter.state);
  if (filter.tpn !== undefined) add(`${broad}tpn = ?`, filter.tpn);
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/**
 * The count of a filter by outcome and/or terminal alone, read from `entry_tallies` (a row per
 * terminal and outcome that SQLite's triggers keep, journal-database.ts): counting 940,000 approved
 * entries through an index took 0.3 s. Undefined for any other filter, whose count the index of its
 * condition gives.
 */
export function tallySql(filter: EntryFilter): { sql: string; params: string[] } | undefined {
  const asked = Object.entries(filter).filter(([, value]) => value !== undefined);
  if (asked.length === 0 || asked.some(([key]) => key !== 'state' && key !== 'tpn')) return undefined;
  const conditions: string[] = [];
  const params: string[] = [];
  if (filter.tpn !== undefined) {
    conditions.push('tpn = ?');
    params.push(filter.tpn);
  }
  if (filter.state !== undefined) {
    conditions.push('state = ?');
    params.push(filter.state);
  }
  return { sql: `SELECT coalesce(sum(n), 0) AS n FROM entry_tallies WHERE ${conditions.join(' AND ')}`, params };
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
