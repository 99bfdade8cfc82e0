import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { englishOf, said, type Said } from '@shared/ipc/said';
import type { PaymentType } from '@shared/spin/enums';
import type { Journal } from '../journal/journal';
import type { BatchWitness, JournalEntry, JournalResult, MoneyOperation } from '../journal/records';
import type { SpinClient } from '../spin/spin-client';
import { SpinError } from '../spin/spin-error';
import { text } from '../spin/spin-record';
import { askStatus, type StatusAnswer, type StatusReading, type StatusRecord } from './status-verdict';

// Status searches the terminal's OPEN batch only (docs/PROTOCOL.md §4.8, §12.2). So its "not found"
// says "not processed" only while the open batch is still the one the request could have landed
// in. Once that batch has been settled (by this PC, by another register, by the terminal's own
// nightly close), an approved request has left with it and "not found" says nothing: the request
// ends as 'settled-unknown' ("charged or not: check the settled batch"), never "not processed",
// which would tell the cashier to charge again.
//
// Two things show a settle since the intent: a Settle in this PC's journal written after it, and a
// witness (a transaction known to be in the open batch when the intent was written, kept with the
// intent) that Status no longer finds in a batch of the same number. The witness comes from the
// journal (this PC's newest approval in the batch) or, when the journal has none (the day's first
// sale, the first after a Settle), from the terminal: the open batch's oldest transaction, read
// with the intent. With neither, nothing rules a settle out, and "not found" is not "not processed".

/** Operations that add a record of their own to the open batch (and so can witness it). */
const NEW_RECORD: ReadonlySet<MoneyOperation> = new Set(['Sale', 'Auth', 'Capture', 'Return']);

/** A Settle outcome after which its batch may be closed: closed, partly closed, or not known. */
const MAY_HAVE_CLOSED: ReadonlySet<JournalResult | undefined> = new Set([undefined, 'approved', 'partial', 'settled-unknown']);

/**
 * The newest transaction this PC's journal has approved in the terminal's open batch, with its
 * batch number. Undefined when a Settle of ours may have closed the batch since (the batch open now
 * then holds nothing this PC knows of) or the journal has none with a batch number.
 */
export async function openBatchWitness(journal: Journal, tpn: string): Promise<BatchWitness | undefined> {
  for await (const { intent, outcome } of journal.entries('newest', { tpn })) {
    if (intent.op === 'Settle') {
      if (MAY_HAVE_CLOSED.has(outcome?.result)) return undefined;
      continue;
    }
    if (!NEW_RECORD.has(intent.op)) continue;
    if ((outcome?.result === 'approved' || outcome?.result === 'partial') && outcome.batchNumber) {
      return { ref: intent.ref, paymentType: intent.paymentType ?? 'Card', batchNumber: outcome.batchNumber };
    }
  }
  return undefined;
}

/** What the read of the open batch gave: a witness or none, and a wait the service asked for (429 Retry-After). */
export interface TerminalWitness {
  witness: BatchWitness | undefined;
  retryAfterSeconds?: number;
}

/**
 * A witness read from the terminal when this PC's journal has none, just before the request goes.
 * First a Status for the request's own reference, which the proxy answers at once (docs/PROTOCOL.md
 * §9.4): a record (a Void's or TipAdjust's original) is a transaction of the open batch; "not
 * found" that names the batch it searched (the simulator's 1001 does, §12.2) is the ownReference
 * witness. Else the open batch's oldest transaction (StatusList for TransactionNumber 1, §4.9, §5).
 * No witness when neither read gives a batch number or a read failed: the payment goes on, and a
 * lost answer then ends "check the settled batch". A read answered 429 passes its Retry-After on:
 * the payment must not follow it sooner.
 */
export async function terminalBatchWitness(
  client: SpinClient,
  request: { ref: string; paymentType: PaymentType; merchantNumber: number | null | undefined },
): Promise<TerminalWitness> {
  const { ref, paymentType, merchantNumber } = request;
  try {
    const own = await askStatus(client, { ReferenceId: ref, PaymentType: paymentType });
    if (own.kind === 'ask-again' && own.waitSeconds) return { witness: undefined, retryAfterSeconds: own.waitSeconds };
    if (own.kind === 'answer' && own.answer.kind === 'not-found' && own.answer.openBatch) {
      return { witness: { ref, paymentType, batchNumber: own.answer.openBatch, ownReference: true } };
    }
    const original = own.kind === 'answer' && own.answer.kind === 'record' ? recordWitness(own.answer.record, paymentType) : undefined;
    if (original) return { witness: original };
    const answer = await client.call('StatusList', {
      PaymentType: paymentType,
      TransactionFromIndex: 1,
      TransactionToIndex: 1,
      ...(merchantNumber ? { MerchantNumber: merchantNumber } : {}),
    });
    return { witness: recordWitness(answer.Transactions?.[0] as StatusRecord | undefined, paymentType) };
  } catch (error) {
    const retryAfterSeconds = error instanceof SpinError ? error.retryAfterSeconds : undefined;
    return { witness: undefined, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
  }
}

/** A record of the open batch as a witness: it needs its reference and its batch number. */
function recordWitness(record: (StatusRecord & { PaymentType?: string | null }) | undefined, paymentType: PaymentType) {
  const ref = text(record?.ReferenceId);
  const batchNumber = text(record?.BatchNumber);
  // Without its batch number a reference reused in a later batch would read as the same batch still open.
  if (!ref || !batchNumber) return undefined;
  return { ref, paymentType: text(record?.PaymentType) ?? paymentType, batchNumber };
}

/** A Settle this PC sent on the same terminal after the entry's intent, which may have closed its batch. */
export async function ourSettleSince(journal: Journal, entry: JournalEntry): Promise<JournalEntry | undefined> {
  for await (const later of journal.entries('oldest', { tpn: entry.intent.tpn, from: entry.intent.at })) {
    if (later.intent.op !== 'Settle' || later.position <= entry.position) continue;
    if (MAY_HAVE_CLOSED.has(later.outcome?.result)) return later;
  }
  return undefined;
}

/** What one Status lookup of the witness says about its batch: still open, closed since, or nothing yet. */
export type WitnessReading = { kind: 'open' } | { kind: 'closed'; said: Said } | Extract<StatusReading, { kind: 'ask-again' }>;

export function readWitness(reading: StatusReading, witness: BatchWitness): WitnessReading {
  if (reading.kind === 'ask-again') return reading;
  const { answer } = reading;
  const batch = witness.batchNumber;
  const closed = { kind: 'closed', said: said('said_settled_why_batch_settled', { batch }) } as const;
  if (witness.ownReference) return ownReferenceReading(answer, witness, closed);
  // Gone from the open batch, or only a declined attempt left under its reference: its batch was closed.
  if (answer.kind !== 'record') return closed;
  const now = answer.record.BatchNumber ?? '';
  return now !== '' && now !== witness.batchNumber ? closed : { kind: 'open' };
}

/**
 * An ownReference witness read from the lookup's own "not found": the same batch searched then and
 * now means that batch was open throughout (batch numbers only move on), so the request was not
 * processed. Another number, or none named, cannot rule a Settle out.
 */
function ownReferenceReading(answer: StatusAnswer, witness: BatchWitness, closed: WitnessReading): WitnessReading {
  if (answer.kind !== 'not-found') return { kind: 'ask-again', detail: m.said_j_why_record_now() };
  if (answer.openBatch === witness.batchNumber) return { kind: 'open' };
  if (answer.openBatch) return closed;
  return { kind: 'closed', said: said('said_settled_why_batch_not_named', { batch: witness.batchNumber }) };
}

/**
 * The final words of a request that Status did not find after its batch may have been settled:
 * the journal's English line and its Said, both from the one message (`why` is a reason inside it).
 */
export function settledUnknownMessage(op: MoneyOperation, why: Said): { message: string; messageSaid: Said } {
  const messageSaid = said('said_settled_unknown', { operation: op, why });
  return { message: englishOf(messageSaid), messageSaid };
}
