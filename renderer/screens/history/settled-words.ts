import type { JournalEntryView } from '@shared/ipc/journal-views';
import { formatMoney } from '@shared/spin/money';

/**
 * What History shows as an entry's amount. Returns and voids are negative. A Settle asks for no amount of its own (it is sent as
 * 0), so it shows what it closed instead, or a dash when the answer named no totals.
 */
export function amountWords(entry: JournalEntryView): string {
  // Money going back to the card, or a charge cancelled: negative, so the list reads as it adds up.
  if (entry.operation === 'Return' || entry.operation === 'Void') return formatMoney(-entry.amountCents);
  if (entry.operation !== 'Settle') return formatMoney(entry.amountCents);
  const settled = entry.outcome?.settled;
  if (!settled || settled.totalCents === null) return '—';
  const count = settled.count === null ? '' : ` · ${settled.count} ${settled.count === 1 ? 'transaction' : 'transactions'}`;
  return `${formatMoney(settled.totalCents)}${count}`;
}
