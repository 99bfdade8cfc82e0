import { formatMoney } from '@shared/spin/money';

/** A figure the terminal did not report is a dash, never "$0.00". */
export const NOT_REPORTED = '—';

export function money(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? NOT_REPORTED : formatMoney(cents);
}

export function count(value: number | null | undefined): string {
  return value === null || value === undefined ? NOT_REPORTED : value.toLocaleString('en-US');
}

/** "14:05:09" in the user's clock, for "fetched at". */
export function timeOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
