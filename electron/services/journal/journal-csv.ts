import { stateOf } from './entry-view';
import type { JournalEntry } from './records';

// CSV of journal entries for a spreadsheet or an accountant. Redacted by construction: the journal
// never holds an Authkey, and only brand, first 4 and last 4 of a card are exported (cut again
// here, so a damaged line cannot leak more). Amounts are dollars with two decimals.

const COLUMNS = [
  'created_at',
  'operation',
  'reference_id',
  'tpn',
  'profile_id',
  'payment_type',
  'amount',
  'tip',
  'state',
  'status_code',
  'message',
  'auth_code',
  'transaction_number',
  'batch_number',
  'approved_amount',
  'card_brand',
  'card_first4',
  'card_last4',
  'recovered_by',
  'recovery_reason',
  'unknown_reason',
  'outcome_at',
] as const;

function dollars(cents: number | undefined): string {
  if (cents === undefined) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Quotes when needed, and defuses text a spreadsheet would run as a formula (=, +, -, @ first):
 * a terminal message is not trusted input.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function row(entry: JournalEntry): string[] {
  const { intent, outcome } = entry;
  const card = outcome?.card;
  return [
    intent.at,
    intent.op,
    intent.ref,
    intent.tpn,
    intent.profileId,
    intent.paymentType ?? '',
    dollars(intent.amountCents),
    dollars(intent.tipCents),
    stateOf(entry),
    outcome?.statusCode ?? '',
    outcome?.message ?? '',
    outcome?.authCode ?? '',
    outcome?.transactionNumber ?? '',
    outcome?.batchNumber ?? '',
    dollars(outcome?.approvedCents),
    card?.brand ?? '',
    (card?.first4 ?? '').slice(0, 4),
    (card?.last4 ?? '').slice(-4),
    outcome?.recovery?.how ?? '',
    outcome?.recovery?.reason ?? '',
    entry.unknownReason ?? '',
    outcome?.at ?? '',
  ];
}

export function toCsv(entries: readonly JournalEntry[]): string {
  const lines = [COLUMNS.join(','), ...entries.map((entry) => row(entry).map(csvField).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
