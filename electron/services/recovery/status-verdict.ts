import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { englishOf, said, type Said } from '@shared/ipc/said';
import { explainCode } from '@shared/spin/codes';
import { centsOrNull } from '@shared/spin/terminal-amounts';
import type { PaymentType } from '@shared/spin/enums';
import type { RecordLike } from '../spin/spin-record';
import type { IntentLine, JournalResult } from '../journal/records';
import type { SpinClient } from '../spin/spin-client';
import { SpinError } from '../spin/spin-error';
import { busyWait } from './policy';
import { noMoneyResult, successResult } from './answer-class';

// What a Status answer says about a request whose own answer was lost. Status looks a
// ReferenceId up in the open batch (docs/PROTOCOL.md §4.8, §12.2): new payments are found under their own
// reference; Void and TipAdjust change the original, so the original record tells whether they
// happened; Settle empties the batch, so a transaction of that batch tells.

export type StatusRecord = RecordLike & { Voided?: boolean | null };

export type StatusAnswer =
  /** ResultCode 0: the record. */
  | { kind: 'record'; record: StatusRecord }
  /**
   * A decline or cancel code of the catalogue with the looked-up reference and a TransactionType
   * echoed: a declined or cancelled attempt the terminal kept (`result` says which). Whether it is
   * THIS request's is judge()'s call.
   */
  | { kind: 'failed-record'; result: 'declined' | 'canceled'; record: StatusRecord }
  /**
   * 1001 Not Found (the terminal) or 2009 Transaction not found (the proxy's records). `openBatch`:
   * the answer's BatchNumber, the batch it searched, when the answer names one (the simulator's
   * 1001 does, like every refusal shaped as a record, docs/PROTOCOL.md §6.1, §12.2).
   */
  | { kind: 'not-found'; openBatch?: string };

/** What one Status lookup gave: an answer to judge, or nothing conclusive (ask again after `waitSeconds`, else back off). */
export type StatusReading = { kind: 'answer'; answer: StatusAnswer } | { kind: 'ask-again'; detail: string; waitSeconds?: number };

export type Verdict =
  /** `messageSaid`: the message in the catalogue's words, when spin-desk wrote it (shared/ipc/said.ts). */
  | { kind: 'final'; result: JournalResult; record?: StatusRecord; statusCode?: string; message?: string; messageSaid?: Said }
  /** Absent so far, but not conclusive yet: the deadline has not passed or the terminal was not seen idle since. */
  | { kind: 'not-yet' }
  /** The answer says nothing about this request (another operation's decline under the same reference): ask again. */
  | { kind: 'inconclusive'; detail: string };

const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['1001', '2009']);

/**
 * Reads a failed Status call. Only three kinds of answer count:
 * - 1001 / 2009, "not found", whichever HTTP status carried it;
 * - a decline or cancel (1012) of the catalogue that echoes the reference and a TransactionType
 *   (the terminal kept a declined or cancelled attempt);
 * Everything else says nothing about the transaction and is asked again: 2008 and 429 after the
 * wait they name; 1000 (busy), 1006, 1014, 1018, 1030, 1999, any other 2xxx and any code outside
 * the catalogue's declines with a backoff. A busy answer may well echo the ReferenceId and
 * TransactionType (the docs' own error sample does), so an echo alone never makes a decline.
 */
export function readStatusFailure(error: unknown, referenceId: string): StatusReading {
  if (!(error instanceof SpinError)) return { kind: 'ask-again', detail: m.svc_status_failed({ error: String(error) }) };
  const code = error.statusCode ?? '';
  if (NOT_FOUND_CODES.has(code)) {
    const searched = (error.response as { BatchNumber?: unknown } | undefined)?.BatchNumber;
    // Some services send batch numbers as numbers (simulator/real-world/rewrite.ts): either reads as text.
    const openBatch = typeof searched === 'string' || typeof searched === 'number' ? String(searched) : '';
    return { kind: 'answer', answer: { kind: 'not-found', ...(openBatch ? { openBatch } : {}) } };
  }
  if (code === '2008') return { kind: 'ask-again', detail: m.svc_status_busy(), ...busyWait(error) };
  if (error.code === 'HTTP_STATUS' && error.retryAfterSeconds !== undefined) {
    return {
      kind: 'ask-again',
      detail: m.svc_service_asked_wait({ status: String(error.httpStatus), seconds: error.retryAfterSeconds }),
      waitSeconds: error.retryAfterSeconds,
    };
  }
  const failed = noMoneyResult(code);
  if (error.code === 'TERMINAL' && failed && echoes(error.response, referenceId)) {
    const record = { ...(error.response as object), GeneralResponse: error.generalResponse } as StatusRecord;
    return { kind: 'answer', answer: { kind: 'failed-record', result: failed, record } };
  }
  // Only the lookup's progress shows this, never the journal: the code's label is in the language of that moment.
  const said = code ? `${code} ${explainCode(code).label}` : error.message;
  return { kind: 'ask-again', detail: m.svc_status_not_conclusive({ said }) };
}

/** A failure answer that is about the looked-up reference (it names it and a transaction type). */
function echoes(response: unknown, ref: string): boolean {
  if (typeof response !== 'object' || response === null) return false;
  const { ReferenceId, TransactionType } = response as { ReferenceId?: unknown; TransactionType?: unknown };
  return (
    typeof ReferenceId === 'string' &&
    ReferenceId.toLowerCase() === ref.toLowerCase() &&
    typeof TransactionType === 'string' &&
    TransactionType !== ''
  );
}

/** What to ask Status for. */
export function statusQuery(intent: IntentLine): { ReferenceId: string; PaymentType: PaymentType } {
  if (intent.op === 'Settle' && intent.probe)
    return { ReferenceId: intent.probe.ref, PaymentType: intent.probe.paymentType as PaymentType };
  return { ReferenceId: intent.ref, PaymentType: (intent.paymentType ?? 'Card') as PaymentType };
}

const NOT_PROCESSED: Verdict = { kind: 'final', result: 'not-processed' };

/**
 * `concluded`: the request can no longer be running anywhere, so what Status does not show did
 * not happen. That takes two things (recover.ts): the deadline has passed (the proxy has given up
 * on the request) AND the terminal has been seen idle since. The second matters because a
 * terminal keeps working after the proxy gives up (2007): a customer may still be at the PIN pad,
 * and the sale it then records shows up in Status later. The proxy may answer Status from its own
 * records while the terminal works, so a "not found" alone proves nothing about that.
 */
export function judge(intent: IntentLine, answer: StatusAnswer, concluded: boolean): Verdict {
  const absent = concluded ? NOT_PROCESSED : ({ kind: 'not-yet' } as const);
  switch (intent.op) {
    case 'Void':
      return answer.kind === 'record' && answer.record.Voided === true
        ? { kind: 'final', result: 'approved', record: answer.record }
        : absent;
    case 'TipAdjust': {
      if (answer.kind !== 'record') return absent;
      const tip = centsOrNull('TipAmount', answer.record.Amounts?.TipAmount);
      // A record without a readable tip (null, as the docs' own sample sends it, or one that cannot be believed) cannot show
      // whether the adjust happened: "not processed" would be a guess (docs/PROTOCOL.md §3.2).
      if (tip === null) return { kind: 'inconclusive', detail: m.svc_inconclusive_no_tip() };
      return tip === intent.tipCents ? { kind: 'final', result: 'approved', record: answer.record } : absent;
    }
    case 'Settle':
      return intent.probe ? judgeSettle(intent.probe.batchNumber, answer, absent) : judgeNewPayment(intent, answer, absent);
    default:
      return judgeNewPayment(intent, answer, absent);
  }
}

function judgeNewPayment(intent: IntentLine, answer: StatusAnswer, absent: Verdict): Verdict {
  if (answer.kind === 'not-found') return absent;
  const { record } = answer;
  const type = record.TransactionType?.toLowerCase();
  const sameOp = type === intent.op.toLowerCase();
  // A decline or cancel counts only as THIS request's: this reference and this operation.
  if (answer.kind === 'failed-record') {
    return sameOp
      ? { kind: 'final', result: answer.result, record }
      : {
          kind: 'inconclusive',
          detail: m.svc_inconclusive_other({ result: answer.result, type: record.TransactionType ?? 'transaction', operation: intent.op }),
        };
  }
  if (type && !sameOp) return foreign(said('said_j_reference_taken_type', { type: record.TransactionType ?? '' }));
  const gr = record.GeneralResponse;
  const result = gr ? successResult(gr) : 'approved';
  // A full approval carries the requested amount (with or without the tip, docs/PROTOCOL.md §13.1);
  // anything else means this reference belongs to another sale (a reused reference number).
  const amount = centsOrNull('Amount', record.Amounts?.Amount);
  if (result === 'approved' && amount !== null && amount !== intent.amountCents && amount !== intent.amountCents + intent.tipCents) {
    return foreign(said('said_j_reference_taken_amount', { amount: amount / 100 }));
  }
  return { kind: 'final', result, record };
}

function judgeSettle(batchNumber: string, answer: StatusAnswer, absent: Verdict): Verdict {
  // The probe left the open batch, or the open batch has a new number: the batch was closed.
  if (answer.kind === 'not-found') return BATCH_CLOSED;
  const now = answer.record.BatchNumber ?? '';
  return now !== '' && now !== batchNumber ? BATCH_CLOSED : absent;
}

/** A probed Settle's batch is closed: stored in English with its Said (shared/ipc/said.ts). */
const BATCH_CLOSED: Verdict = {
  kind: 'final',
  result: 'approved',
  message: englishOf(said('said_j_batch_closed')),
  messageSaid: said('said_j_batch_closed'),
};

/** The reference is taken by a different transaction (`messageSaid` says which): this request moved no money. */
function foreign(messageSaid: Said): Verdict {
  return { kind: 'final', result: 'declined', statusCode: '1011', message: englishOf(messageSaid), messageSaid };
}

/** One Status call, read: the record, a kept decline or cancel, not found, or nothing conclusive. */
export async function askStatus(client: SpinClient, query: { ReferenceId: string; PaymentType: PaymentType }): Promise<StatusReading> {
  try {
    const record = (await client.call('Status', { ...query, GetReceipt: 'Both' })) as StatusRecord;
    return { kind: 'answer', answer: { kind: 'record', record } };
  } catch (error) {
    return readStatusFailure(error, query.ReferenceId);
  }
}
