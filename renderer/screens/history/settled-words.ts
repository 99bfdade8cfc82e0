import type { JournalEntryView } from '@shared/ipc/journal-views';
import { moneyOfEntry, moneyParts, signedMoney, signOfOperation } from '@shared/ipc/money-model';
import { formatMoney } from '@shared/spin/money';

/**
 * What History shows as an entry's amount: the total as the terminal charged it (shared/ipc/money-model.ts;
 * after a tip adjustment, the new total). Returns and voids are negative, so the list reads as it adds up. A
 * Settle asks for no amount of its own (it is sent as 0), so it shows what it closed instead, or a dash when
 * the answer named no totals.
 */
export function amountWords(entry: JournalEntryView): string {
  if (entry.operation !== 'Settle') {
    const total = signedMoney(moneyOfEntry(entry), signOfOperation(entry.operation)).totalCents;
    return total === null ? '—' : formatMoney(total);
  }
  const settled = entry.outcome?.settled;
  if (!settled || settled.totalCents === null) return '—';
  const count = settled.count === null ? '' : ` · ${settled.count} ${settled.count === 1 ? 'transaction' : 'transactions'}`;
  return `${formatMoney(settled.totalCents)}${count}`;
}

/** How the total is made, under it: "$12.34 + $3.50 tip" (unsigned: the total carries the sign); empty without a tip, fee or tax. */
export function partsWords(entry: JournalEntryView): string {
  if (entry.operation === 'Settle') return '';
  return moneyParts(moneyOfEntry(entry));
}
