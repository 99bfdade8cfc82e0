import type { JournalEntryView } from '@shared/ipc/journal-views';
import { moneyOfEntry, moneyParts, signedMoney, signOfOperation } from '@shared/ipc/money-model';
import { formatCents, formatNumber } from '@shared/i18n/format';
import { m } from '../../lib/i18n/messages';

/**
 * What History shows as an entry's amount: the total as the terminal charged it (shared/ipc/money-model.ts;
 * after a tip adjustment, the new total). Returns and voids are negative, so the list reads as it adds up. A
 * Settle asks for no amount of its own (it is sent as 0), so it shows what it closed instead, or a dash when
 * the answer named no totals.
 */
export function amountWords(entry: JournalEntryView): string {
  const count = settledCount(entry);
  return count ? `${amountHeadline(entry)} · ${count}` : amountHeadline(entry);
}

/** The figure alone: History's table puts what a Settle closed on the line under it, so the column stays narrow. */
export function amountHeadline(entry: JournalEntryView): string {
  if (entry.operation !== 'Settle') {
    const total = signedMoney(moneyOfEntry(entry), signOfOperation(entry.operation)).totalCents;
    return total === null ? '—' : formatCents(total);
  }
  const settled = entry.outcome?.settled;
  return !settled || settled.totalCents === null ? '—' : formatCents(settled.totalCents);
}

/** What the line under the figure says: how a Settle's total is made up ("7 transactions"), or a payment's parts. */
export function amountNote(entry: JournalEntryView): string {
  return entry.operation === 'Settle' ? settledCount(entry) : partsWords(entry);
}

/** "7 transactions" for a Settle whose answer named its totals and count; empty otherwise. */
function settledCount(entry: JournalEntryView): string {
  const settled = entry.outcome?.settled;
  if (entry.operation !== 'Settle' || !settled || settled.totalCents === null || settled.count === null) return '';
  const count = formatNumber(settled.count);
  return settled.count === 1 ? m.hist_transactions_one({ count }) : m.hist_transactions_many({ count });
}

/** How the total is made, under it: "$12.34 + $3.50 tip" (unsigned: the total carries the sign); empty without a tip, fee or tax. */
export function partsWords(entry: JournalEntryView): string {
  if (entry.operation === 'Settle') return '';
  return moneyParts(moneyOfEntry(entry));
}
