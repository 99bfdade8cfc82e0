import type { SkipReason, StoreRow } from '@shared/ipc/store-views';
import { count, money, timeOf } from '../../lib/report/report-format';

/** "45 s", "3 min", "2 h 5 min": how long something has waited, to the nearest unit a manager reads. */
export function howLong(sinceIso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(sinceIso)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Requests from this PC that wait on the terminal itself, not on a customer at it. */
const NOT_THE_CUSTOMER = new Set(['Settle', 'Summary', 'Daily', 'Void', 'TipAdjust', 'Capture', 'Status', 'StatusList', 'TerminalStatus']);

/**
 * The heading of what this PC waits on there: a sale in flight waits for the customer (a normal
 * state, said in neutral words); a lost answer is "Being looked up", a fact of its own.
 */
export function waitingLabel(row: StoreRow): string {
  return row.waiting && !NOT_THE_CUSTOMER.has(row.waiting.operation) ? 'Waiting for the customer' : 'Waiting on it from this PC';
}

/** What this PC has waiting on the terminal: "Sale SD12 for 3 min", or "Nothing". */
export function waitingWords(row: StoreRow, now: number): string {
  if (!row.waiting) return 'Nothing';
  const what = [row.waiting.operation, row.waiting.referenceId].filter(Boolean).join(' ');
  return `${what} for ${howLong(row.waiting.since, now)}`;
}

/** Payments whose answer was lost and are still being looked up: "None", or their references. */
export function lookupWords(row: StoreRow): string {
  if (row.lookingUp.length === 0) return 'None';
  const refs = row.lookingUp.map((lookup) => lookup.referenceId).join(', ');
  return `${row.lookingUp.length} (${refs})`;
}

/** The open batch as last read: "12 · $340.00", or that it was not read yet. */
export function batchWords(row: StoreRow): string {
  if (!row.batch) return 'Not read yet';
  return `${count(row.batch.count)} · ${money(row.batch.totalCents)}`;
}

export function lastSettleWords(row: StoreRow): string {
  const settle = row.lastSettle;
  if (!settle) return 'None from this PC';
  const batches = settle.batchNumbers.length > 0 ? ` · batch ${settle.batchNumbers.join(', ')}` : '';
  const total = settle.totalsKnown === false ? 'totals not known' : money(settle.totalCents);
  return `${timeOf(settle.at)} · ${total}${batches}`;
}

/** Why Settle all leaves a terminal out, as the confirmation and the results list it. */
export const SKIP_TITLES: Record<SkipReason, string> = {
  'nothing-open': 'Nothing open',
  offline: 'Offline',
  busy: 'Busy',
  'no-authkey': 'No Authkey',
  unreadable: 'Could not be read',
};

/**
 * "Skipped: Nothing open: no transactions since…": the reason alone when it already starts with
 * its title, else the title and the reason ("Skipped: Offline. The terminal did not answer.").
 */
export function skipWords(skip: SkipReason, reason: string): string {
  const title = SKIP_TITLES[skip];
  return reason.toLowerCase().startsWith(title.toLowerCase()) ? `Skipped: ${reason}` : `Skipped: ${title}. ${reason}`;
}

/** A terminal as Settle all and the batch check name it: "Front (merchant 2)" on a multi-merchant terminal. */
export function terminalName(terminal: { name: string; merchantNumber: number | null }): string {
  return terminal.merchantNumber !== null ? `${terminal.name} (merchant ${terminal.merchantNumber})` : terminal.name;
}

/** What to do about a terminal Settle all left out. */
export const SKIP_REMEDIES: Record<SkipReason, string> = {
  'nothing-open': 'Nothing to do: it has no open transactions.',
  offline: 'Check that it is switched on and connected, then settle it on its own.',
  busy: 'Settle it on its own once the sale it is working on has ended.',
  'no-authkey': 'Enter its Authkey on the Terminals screen, then settle it on its own.',
  unreadable: 'Run Check connection on Troubleshooting, then settle it on its own.',
};
