import { toCents } from '../../../shared/spin/money';
import type { PaymentType } from '../../../shared/spin/enums';
import type { RecordLike } from '../payments/payment-result';
import type { IntentLine, JournalResult } from '../journal/records';
import { successResult } from './answer-class';

// What a Status answer says about a request whose own answer was lost. Status looks a
// ReferenceId up in the open batch (REFERENCE §4.8): new payments are found under their own
// reference; Void and TipAdjust change the original, so the original record tells whether they
// happened; Settle empties the batch, so a transaction of that batch tells.

export type StatusRecord = RecordLike & { Voided?: boolean | null };

export type StatusAnswer =
  /** ResultCode 0: the record. */
  | { kind: 'record'; record: StatusRecord }
  /** ResultCode 1 with the looked-up reference echoed: a declined or cancelled attempt the terminal kept. */
  | { kind: 'failed-record'; record: StatusRecord }
  /** 1001 Not Found. */
  | { kind: 'not-found' };

export type Verdict =
  | { kind: 'final'; result: JournalResult; record?: StatusRecord; statusCode?: string; message?: string }
  /** Not conclusive before the deadline: the request may still be running. */
  | { kind: 'not-yet' };

/** What to ask Status for. */
export function statusQuery(intent: IntentLine): { ReferenceId: string; PaymentType: PaymentType } {
  if (intent.op === 'Settle' && intent.probe) return { ReferenceId: intent.probe.ref, PaymentType: intent.probe.paymentType as PaymentType };
  return { ReferenceId: intent.ref, PaymentType: (intent.paymentType ?? 'Card') as PaymentType };
}

const NOT_PROCESSED: Verdict = { kind: 'final', result: 'not-processed' };

/** `concluded`: the deadline has passed, so the request can no longer be in flight anywhere. */
export function judge(intent: IntentLine, answer: StatusAnswer, concluded: boolean): Verdict {
  const absent = concluded ? NOT_PROCESSED : ({ kind: 'not-yet' } as const);
  switch (intent.op) {
    case 'Void':
      return answer.kind === 'record' && answer.record.Voided === true ? { kind: 'final', result: 'approved', record: answer.record } : absent;
    case 'TipAdjust':
      return answer.kind === 'record' && centsOf(answer.record.Amounts?.TipAmount) === intent.tipCents
        ? { kind: 'final', result: 'approved', record: answer.record }
        : absent;
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
  if (type && type !== intent.op.toLowerCase()) return foreign(`a ${record.TransactionType}`);
  if (answer.kind === 'failed-record') return { kind: 'final', result: 'declined', record };
  const gr = record.GeneralResponse;
  const result = gr ? successResult(gr) : 'approved';
  // A full approval carries the requested amount (with or without the tip, REFERENCE §14.4);
  // anything else means this reference belongs to another sale (a reused reference number).
  const amount = centsOf(record.Amounts?.Amount);
  if (result === 'approved' && amount !== null && amount !== intent.amountCents && amount !== intent.amountCents + intent.tipCents) {
    return foreign(`one of ${amount / 100}`);
  }
  return { kind: 'final', result, record };
}

function judgeSettle(batchNumber: string, answer: StatusAnswer, absent: Verdict): Verdict {
  // The probe left the open batch, or the open batch has a new number: the batch was closed.
  if (answer.kind === 'not-found') return { kind: 'final', result: 'approved', message: 'Batch closed' };
  const now = answer.record.BatchNumber ?? '';
  return now !== '' && now !== batchNumber ? { kind: 'final', result: 'approved', message: 'Batch closed' } : absent;
}

/** The reference is taken by a different transaction: this request moved no money. */
function foreign(what: string): Verdict {
  return { kind: 'final', result: 'declined', statusCode: '1011', message: `This reference already belongs to another transaction (${what}); nothing was charged for this request.` };
}

function centsOf(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? toCents(value) : null;
}
