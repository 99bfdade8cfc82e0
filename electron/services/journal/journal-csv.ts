import { csvLine, csvMoney } from '@shared/csv';
import { chargeCheckShort } from '@shared/ipc/tip-rules';
import { answeredOf, chargeCheckOf } from './charge-check';
import { stateOf } from './entry-view';
import type { JournalEntry } from './records';

// CSV of journal entries for a spreadsheet or an accountant. Redacted by construction: the journal
// never holds an Authkey, and only brand, first 4 and last 4 of a card are exported (cut again
// here, so a damaged line cannot leak more). Amounts are dollars with two decimals. Quoting and
// formula defusing are shared/csv.ts's; every cell here goes through them as text.

// Times are ISO 8601 in UTC (the trailing Z); the column names say so, for whoever reads them as
// local times in a spreadsheet.
const COLUMNS = [
  'created_at_utc',
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
  'outcome_at_utc',
  // Added with the charge check; last, so spreadsheets built on the older columns still line up.
  'terminal_total',
  'charge_check',
] as const;

function row(entry: JournalEntry): string[] {
  const { intent, outcome } = entry;
  const card = outcome?.card;
  const check = outcome && chargeCheckOf(intent, outcome.result, answeredOf(outcome));
  return [
    intent.at,
    intent.op,
    intent.ref,
    intent.tpn,
    intent.profileId,
    intent.paymentType ?? '',
    csvMoney(intent.amountCents),
    csvMoney(intent.tipCents),
    stateOf(entry),
    outcome?.statusCode ?? '',
    outcome?.message ?? '',
    outcome?.authCode ?? '',
    outcome?.transactionNumber ?? '',
    outcome?.batchNumber ?? '',
    csvMoney(outcome?.approvedCents),
    card?.brand ?? '',
    (card?.first4 ?? '').slice(0, 4),
    (card?.last4 ?? '').slice(-4),
    outcome?.recovery?.how ?? '',
    outcome?.recovery?.reason ?? '',
    entry.unknownReason ?? '',
    outcome?.at ?? '',
    csvMoney(outcome?.totalCents),
    check ? chargeCheckShort(check) : '',
  ];
}

/** The CSV of every entry the stream gives, in its order; only the text is held, never the entries. */
export async function toCsv(entries: AsyncIterable<JournalEntry>): Promise<{ csv: string; rows: number }> {
  const lines = [csvLine(COLUMNS)];
  for await (const entry of entries) lines.push(csvLine(row(entry)));
  return { csv: `${lines.join('\r\n')}\r\n`, rows: lines.length - 1 };
}
