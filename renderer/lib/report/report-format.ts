import { countedCents, signOf } from '@shared/ipc/money-sign';
import { formatMoney } from '@shared/spin/money';
import { formatDateTime, formatNumber } from '@shared/i18n/format';
import { m } from '../i18n/messages';

/** A figure the terminal did not report is a dash, never "$0.00". */
export const NOT_REPORTED = '—';

export function money(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? NOT_REPORTED : formatMoney(cents);
}

export function count(value: number | null | undefined): string {
  return value === null || value === undefined ? NOT_REPORTED : formatNumber(value);
}

/** Date and time in the user's clock and language, for "fetched at"; a time that is not one as it came. */
export function timeOf(iso: string): string {
  return formatDateTime(iso);
}

/** Money going out (returns) as a negative figure, so a column of figures adds up as it reads. */
export function outMoney(cents: number | null | undefined): string {
  return cents === null || cents === undefined || cents === 0 ? money(cents) : money(-cents);
}

/** A Daily row's amount, negative when the money went back to the card (a return). */
export function rowAmount(row: { transactionType: string; amountCents: number | null }): string {
  return signOf(row.transactionType) < 0 ? outMoney(row.amountCents) : money(row.amountCents);
}

/** What a Daily row adds to the total: signed, or why it adds nothing (a void, a hold). */
export function rowCounted(row: { transactionType: string; amountCents: number | null }): string {
  const counted = countedCents(row.transactionType, row.amountCents);
  if (counted !== null) return money(counted);
  return row.amountCents === null ? NOT_REPORTED : m.report_not_counted();
}

/** The CSV file's word for a row that adds nothing (machine format: English always). */
export const NOT_COUNTED = 'not counted';

/** The parts of a Daily row this PC's journal knows (DailyRow.tipCents, feeCents, taxCents). */
export type RowPart = 'tipCents' | 'feeCents' | 'taxCents';

/**
 * A Daily row's tip, fee or tax on the fee, negative like its amount on a return; 0 for a part the
 * journal left out of a row it knows (a row this PC sent), null when this PC does not know the row.
 */
export function rowPartCents(
  row: { transactionType: string } & Partial<Record<RowPart, number | undefined>>,
  part: RowPart,
): number | null {
  const known = row.tipCents !== undefined || row.feeCents !== undefined || row.taxCents !== undefined;
  if (!known) return null;
  const cents = row[part] ?? 0;
  return signOf(row.transactionType) < 0 ? -cents || 0 : cents;
}

/** A figure that is added or taken away, with its sign even when positive: "+$7.00", "-$3.00". */
export function changeMoney(cents: number): string {
  return cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents);
}
