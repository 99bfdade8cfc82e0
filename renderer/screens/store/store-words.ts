import type { SkipReason, StoreRow } from '@shared/ipc/store-views';
import { m } from '../../lib/i18n/messages';
import { count, money, timeOf } from '../../lib/report/report-format';

/** "45 s", "3 min", "2 h 5 min": how long something has waited, to the nearest unit a manager reads. */
export function howLong(sinceIso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(sinceIso)) / 1000));
  if (seconds < 60) return m.store_wait_seconds({ seconds: count(seconds) });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return m.store_wait_minutes({ minutes: count(minutes) });
  return m.store_wait_hours({ hours: count(Math.floor(minutes / 60)), minutes: count(minutes % 60) });
}

/** Requests from this PC that wait on the terminal itself, not on a customer at it. */
const NOT_THE_CUSTOMER = new Set(['Settle', 'Summary', 'Daily', 'Void', 'TipAdjust', 'Capture', 'Status', 'StatusList', 'TerminalStatus']);

/**
 * The heading of what this PC waits on there: a sale in flight waits for the customer (a normal
 * state, said in neutral words); a lost answer is "Being looked up", a fact of its own.
 */
export function waitingLabel(row: StoreRow): string {
  return row.waiting && !NOT_THE_CUSTOMER.has(row.waiting.operation) ? m.store_waiting_customer() : m.store_waiting_pc();
}

/** What this PC has waiting on the terminal: "Sale SD12 for 3 min", or "Nothing". */
export function waitingWords(row: StoreRow, now: number): string {
  if (!row.waiting) return m.store_nothing();
  const what = [row.waiting.operation, row.waiting.referenceId].filter(Boolean).join(' ');
  return m.store_waiting_for({ what, time: howLong(row.waiting.since, now) });
}

/** Payments whose answer was lost and are still being looked up: "None", or their references. */
export function lookupWords(row: StoreRow): string {
  if (row.lookingUp.length === 0) return m.store_lookup_none();
  const refs = row.lookingUp.map((lookup) => lookup.referenceId).join(', ');
  return m.store_lookup_refs({ count: count(row.lookingUp.length), references: refs });
}

/** The open batch as last read: "12 · $340.00", or that it was not read yet. */
export function batchWords(row: StoreRow): string {
  if (!row.batch) return m.store_batch_not_read();
  return m.store_batch_words({ count: count(row.batch.count), amount: money(row.batch.totalCents) });
}

export function lastSettleWords(row: StoreRow): string {
  const settle = row.lastSettle;
  if (!settle) return m.store_settle_none();
  const total = settle.totalsKnown === false ? m.store_settle_totals_unknown() : money(settle.totalCents);
  const time = timeOf(settle.at);
  return settle.batchNumbers.length > 0
    ? m.store_last_settle_batch({ time, total, batches: settle.batchNumbers.join(', ') })
    : m.store_last_settle({ time, total });
}

/** Why Settle all leaves a terminal out, as the confirmation and the results list it. */
export const SKIP_TITLES: Record<SkipReason, () => string> = {
  'nothing-open': m.store_skip_nothing_open,
  offline: m.store_skip_offline,
  busy: m.store_skip_busy,
  'no-authkey': m.store_skip_no_authkey,
  unreadable: m.store_skip_unreadable,
};

/**
 * "Skipped: Nothing open: no transactions since…": the reason alone when it already starts with
 * its title, else the title and the reason ("Skipped: Offline. The terminal did not answer.").
 */
export function skipWords(skip: SkipReason, reason: string): string {
  const title = SKIP_TITLES[skip]();
  return reason.toLowerCase().startsWith(title.toLowerCase()) ? m.store_skipped({ reason }) : m.store_skipped_titled({ title, reason });
}

/** A terminal as Settle all and the batch check name it: "Front (merchant 2)" on a multi-merchant terminal. */
export function terminalName(terminal: { name: string; merchantNumber: number | null }): string {
  return terminal.merchantNumber !== null
    ? m.store_terminal_merchant({ terminal: terminal.name, merchant: terminal.merchantNumber })
    : terminal.name;
}

/** What to do about a terminal Settle all left out. */
export const SKIP_REMEDIES: Record<SkipReason, () => string> = {
  'nothing-open': m.store_remedy_nothing_open,
  offline: m.store_remedy_offline,
  busy: m.store_remedy_busy,
  'no-authkey': m.store_remedy_no_authkey,
  unreadable: m.store_remedy_unreadable,
};
