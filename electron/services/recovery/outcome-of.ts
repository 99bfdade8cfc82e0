import { explainCode } from '@shared/spin/codes';
import { toCents } from '@shared/spin/money';
import type { JournalResult, NewOutcome, Recovery } from '../journal/records';
import { maskedCard, serviceText, text, type RecordLike } from '../spin/spin-record';

/** Words for outcomes that have no SPIn record of their own. */
const NO_RECORD_MESSAGES: Partial<Record<JournalResult, string>> = {
  'not-processed': 'Not processed: the terminal has no record of it',
  refused: 'Refused before it reached the terminal',
};

/**
 * The journal's outcome line from a SPIn record (the answer or a Status lookup). Only brand,
 * first 4 and last 4 of the card are kept.
 */
export function outcomeOf(
  result: JournalResult,
  record: RecordLike | undefined,
  extra: {
    statusCode?: string | undefined;
    message?: string | undefined;
    recovery?: Recovery | undefined;
    settlement?: NewOutcome['settlement'];
  } = {},
): NewOutcome {
  const gr = record?.GeneralResponse;
  const statusCode = extra.statusCode ?? gr?.StatusCode ?? '';
  // The service's own words go into the journal file and its exports: card numbers cut to first 4 /
  // last 4 here (the SPIn client already replaced any Authkey the service echoed).
  const message = extra.message ?? serviceText(gr?.Message) ?? NO_RECORD_MESSAGES[result] ?? explainCode(statusCode).label;
  const card = maskedCard(record?.CardData, record?.EMVData);
  // Only approvals keep amounts: a decline or refusal charged nothing, whatever it echoes.
  const amounts = result === 'approved' || result === 'partial' ? record?.Amounts : undefined;
  return {
    result,
    statusCode,
    message,
    ...(text(record?.AuthCode) ? { authCode: text(record?.AuthCode) } : {}),
    ...(text(record?.TransactionNumber) ? { transactionNumber: text(record?.TransactionNumber) } : {}),
    ...(text(record?.BatchNumber) ? { batchNumber: text(record?.BatchNumber) } : {}),
    ...centsOf('approvedCents', amounts?.Amount),
    ...centsOf('totalCents', amounts?.TotalAmount),
    ...centsOf('answeredTipCents', amounts?.TipAmount),
    ...centsOf('feeCents', amounts?.FeeAmount),
    ...centsOf('taxCents', amounts?.TaxAmount),
    ...(card ? { card } : {}),
    ...(extra.recovery ? { recovery: extra.recovery } : {}),
    ...(extra.settlement ? { settlement: extra.settlement } : {}),
  };
}

function centsOf<K extends string>(field: K, dollars: number | null | undefined): Partial<Record<K, number>> {
  return typeof dollars === 'number' && Number.isFinite(dollars) ? ({ [field]: toCents(dollars) } as Record<K, number>) : {};
}
