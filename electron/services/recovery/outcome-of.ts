import { BASE_LANGUAGE } from '@shared/i18n/languages';
import { englishOf, said, type Said } from '@shared/ipc/said';
import { explainCode } from '@shared/spin/codes';
import type { JournalResult, NewOutcome, Recovery } from '../journal/records';
import { amountsOfRecord, keptAmounts, maskedCard, serviceText, text, type RecordLike } from '../spin/spin-record';

/** Words for outcomes that have no SPIn record of their own: stored in English, with their Said for the page. */
const NO_RECORD_WORDS: Partial<Record<JournalResult, Said>> = {
  'not-processed': said('said_j_not_processed_no_record'),
  refused: said('said_j_refused_before_terminal'),
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
    /** `message` in the catalogue's words (a refusal spin-desk words itself), kept beside it. */
    messageSaid?: Said | undefined;
    recovery?: Recovery | undefined;
    settlement?: NewOutcome['settlement'];
  } = {},
): NewOutcome {
  const gr = record?.GeneralResponse;
  const statusCode = extra.statusCode ?? gr?.StatusCode ?? '';
  // The service's own words go into the journal file and its exports: card numbers cut to first 4 /
  // last 4 here (the SPIn client already replaced any Authkey the service echoed).
  const own = extra.message ?? serviceText(gr?.Message);
  const noRecord = own === undefined ? NO_RECORD_WORDS[result] : undefined;
  const message = own ?? (noRecord && englishOf(noRecord)) ?? explainCode(statusCode, undefined, BASE_LANGUAGE).label;
  const messageSaid = extra.message !== undefined ? extra.messageSaid : noRecord;
  const card = maskedCard(record?.CardData, record?.EMVData);
  // Only approvals keep amounts: a decline or refusal charged nothing, whatever it echoes.
  const approval = result === 'approved' || result === 'partial';
  const read = approval ? amountsOfRecord(record) : undefined;
  return {
    result,
    statusCode,
    message,
    ...(messageSaid ? { messageSaid } : {}),
    ...(text(record?.AuthCode) ? { authCode: text(record?.AuthCode) } : {}),
    ...(text(record?.TransactionNumber) ? { transactionNumber: text(record?.TransactionNumber) } : {}),
    ...(text(record?.BatchNumber) ? { batchNumber: text(record?.BatchNumber) } : {}),
    ...(read ? moneyOf(read, record?.Amounts) : {}),
    ...(card ? { card } : {}),
    ...(extra.recovery ? { recovery: extra.recovery } : {}),
    ...(extra.settlement ? { settlement: extra.settlement } : {}),
  };
}

type OutcomeMoney = Pick<
  NewOutcome,
  'approvedCents' | 'totalCents' | 'answeredTipCents' | 'feeCents' | 'taxCents' | 'figuresProblem' | 'terminalAmounts'
>;

/**
 * An approval's figures: in cents when they add up; when they do not (terminal-amounts.ts), kept
 * as the terminal sent them with the problem, and no cents at all, so nothing sums them as if true.
 */
function moneyOf(read: ReturnType<typeof amountsOfRecord>, amounts: RecordLike['Amounts']): OutcomeMoney {
  if (read.problem !== undefined) return { figuresProblem: read.problem, terminalAmounts: keptAmounts(amounts) };
  const { amount, total, tip, fee, tax } = read.cents;
  return {
    ...(amount !== null ? { approvedCents: amount } : {}),
    ...(total !== null ? { totalCents: total } : {}),
    ...(tip !== null ? { answeredTipCents: tip } : {}),
    ...(fee !== null ? { feeCents: fee } : {}),
    ...(tax !== null ? { taxCents: tax } : {}),
  };
}
