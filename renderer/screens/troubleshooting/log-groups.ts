import type { LogEntryView } from '@shared/ipc/diagnostics-views';
import { endpointRoutes } from '@shared/spin/endpoint-table';

// A payment whose answer was lost is looked up with Status, again and again, under its own
// ReferenceId (recovery/recover.ts). Listed one by one, those lookups bury the payment under rows
// of "not found yet" that read like refusals; grouped, the payment shows once with its lookups
// folded under it.

/** One row of the request log: a request, and the Status lookups of its reference when it moved money. */
export interface LogRow {
  entry: LogEntryView;
  /** Newest first, like the log. */
  lookups: LogEntryView[];
}

/** "Not found yet" is the normal answer while a payment is being looked up: it is no refusal. */
export function lookupWords(lookup: LogEntryView): string {
  if (lookup.outcome === 'ok') return 'Found';
  if (lookup.statusCode === '1001' || lookup.statusCode === '2009') return 'Not found yet';
  if (lookup.statusCode === '2008' || lookup.statusCode === '1000') return 'Terminal busy';
  return 'No answer yet';
}

/**
 * Groups the log (newest first): each Status whose ReferenceId and TPN match a money-moving
 * request sent before it goes under that request; everything else stays a row of its own.
 */
export function groupLookups(entries: readonly LogEntryView[]): LogRow[] {
  const rows = new Map<LogEntryView, LogRow>(entries.map((entry) => [entry, { entry, lookups: [] }]));
  // The latest money-moving request per TPN and reference, walking oldest first (a Void carries
  // its original's reference: lookups after it are the Void's).
  const latest = new Map<string, LogRow>();
  const placed = new Set<LogEntryView>();
  for (const entry of [...entries].reverse()) {
    if (!entry.referenceId) continue;
    const key = `${entry.tpn}\u0000${entry.referenceId}`;
    if (endpointRoutes[entry.endpoint].movesMoney) {
      latest.set(key, rows.get(entry) as LogRow);
    } else if (entry.endpoint === 'Status' && latest.has(key)) {
      latest.get(key)?.lookups.unshift(entry);
      placed.add(entry);
    }
  }
  return entries.filter((entry) => !placed.has(entry)).map((entry) => rows.get(entry) as LogRow);
}
