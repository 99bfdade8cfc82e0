import type { LogEntryView } from '@shared/ipc/diagnostics-views';
import { endpointRoutes } from '@shared/spin/endpoint-table';
import { m } from '../../lib/i18n/messages';

// A payment whose answer was lost is looked up with Status, again and again, under its own
// ReferenceId (recovery/recover.ts). Listed one by one, those lookups bury the payment under rows
// of "not found yet" that read like refusals; grouped, the payment shows once with its lookups
// folded under it. The same goes for the batch witness read just before it (recovery/batch-boundary.ts):
// the Status of its own reference that answered "not found" (no refusal either) and, as that 1001
// names no batch, the StatusList of the open batch's oldest transaction that follows it.

/** One row of the request log: a request, and the Status lookups of its reference when it moved money. */
export interface LogRow {
  entry: LogEntryView;
  /** Newest first, like the log. */
  lookups: LogEntryView[];
}

/** A request's terminal and reference: the lookups of a payment share both. */
const keyOf = (entry: LogEntryView) => `${entry.tpn}\u0000${entry.referenceId ?? ''}`;

const notFound = (lookup: LogEntryView) => lookup.statusCode === '1001' || lookup.statusCode === '2009';

/**
 * "Not found yet" is the normal answer while a payment is being looked up: it is no refusal. Before
 * the payment was sent (`payment`, when given, is later) it is the batch witness read.
 */
export function lookupWords(lookup: LogEntryView, payment?: LogEntryView): string {
  if (payment && lookup.endpoint === 'StatusList') return m.trouble_lookup_witness_list();
  if (payment && lookup.at < payment.at && notFound(lookup)) return m.trouble_lookup_witness();
  if (lookup.outcome === 'ok') return m.trouble_lookup_found();
  if (notFound(lookup)) return m.trouble_lookup_not_found();
  if (lookup.statusCode === '2008' || lookup.statusCode === '1000') return m.trouble_lookup_busy();
  return m.trouble_lookup_no_answer();
}

/**
 * Groups the log (newest first): each Status whose ReferenceId and TPN match a money-moving
 * request sent before it goes under that request, and so does a "not found" Status of a reference
 * just before the first request with it (the witness read), with the StatusList the same terminal
 * was asked next (the open batch's oldest transaction); everything else stays a row of its own.
 */
export function groupLookups(entries: readonly LogEntryView[]): LogRow[] {
  const rows = new Map<LogEntryView, LogRow>(entries.map((entry) => [entry, { entry, lookups: [] }]));
  // The latest money-moving request per TPN and reference, walking oldest first (a Void carries
  // its original's reference: lookups after it are the Void's).
  const latest = new Map<string, LogRow>();
  const placed = new Set<LogEntryView>();
  // A "not found" Status of a reference no request has used yet, kept for the request that follows.
  const witnessRead = new Map<string, LogEntryView>();
  // The StatusList a terminal was asked right after a witness read: the rest of that read. One
  // asked after anything else (the reports screen) is not, and stays a row of its own.
  const listAfter = new Map<LogEntryView, LogEntryView>();
  const lastOnTerminal = new Map<string, LogEntryView>();
  for (const entry of [...entries].reverse()) {
    const previous = lastOnTerminal.get(entry.tpn);
    lastOnTerminal.set(entry.tpn, entry);
    if (entry.endpoint === 'StatusList' && previous && witnessRead.get(keyOf(previous)) === previous) listAfter.set(previous, entry);
    if (!entry.referenceId) continue;
    const key = keyOf(entry);
    if (endpointRoutes[entry.endpoint].movesMoney) {
      const row = rows.get(entry) as LogRow;
      const before = witnessRead.get(key);
      if (before && !latest.has(key)) {
        // Newest first: the StatusList came after the Status.
        for (const read of [listAfter.get(before), before]) {
          if (!read) continue;
          row.lookups.push(read);
          placed.add(read);
        }
      }
      witnessRead.delete(key);
      latest.set(key, row);
    } else if (entry.endpoint === 'Status' && latest.has(key)) {
      latest.get(key)?.lookups.unshift(entry);
      placed.add(entry);
    } else if (entry.endpoint === 'Status' && notFound(entry)) {
      witnessRead.set(key, entry);
    }
  }
  return entries.filter((entry) => !placed.has(entry)).map((entry) => rows.get(entry) as LogRow);
}
