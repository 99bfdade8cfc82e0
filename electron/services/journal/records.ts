import type { NotFromThisPc } from '@shared/ipc/reconciliation-views';
import type { Said } from '@shared/ipc/said';
import type { SettleDetail } from '@shared/ipc/report-views';
import { CANCELED_CODE } from '@shared/spin/codes';
import type { SettlementType } from '@shared/spin/enums';
import type { RawAmounts } from '@shared/spin/terminal-amounts';

// What the journal keeps about one money-moving request. Plain data, written as one JSON line per
// event: the intent (before the request is sent), attempts (each resend after a busy answer), a
// note when the outcome became unknown, and the outcome once it is known. Never the Authkey, and
// card data never beyond brand, first 4 and last 4 digits.

export const MONEY_OPERATIONS = ['Sale', 'Auth', 'Capture', 'Return', 'Void', 'TipAdjust', 'Settle'] as const;
export type MoneyOperation = (typeof MONEY_OPERATIONS)[number];

/**
 * approved / partial: money moved. declined: the terminal answered and did not move money.
 * canceled: cancelled on the terminal (1012: the customer, the cashier, or our AbortTransaction);
 * no money moved, and no card was refused. refused: the proxy or HTTP layer refused before the
 * terminal saw it (the same ReferenceId may be used again). not-processed: the answer was lost and
 * Status proved the terminal never carried it out (try again only with a NEW ReferenceId).
 * settled-unknown: the answer was lost, Status did not find it, but the batch it could have landed
 * in was settled since (Status sees the open batch only): it may or may not have been charged, and
 * only the settled batch (the processor's report) can tell. Never a reason to charge again.
 */
export const RESULTS = ['approved', 'partial', 'declined', 'canceled', 'refused', 'not-processed', 'settled-unknown'] as const;
export type JournalResult = (typeof RESULTS)[number];

/**
 * What an outcome line stands for. Lines written before 'canceled' existed recorded a cancel as
 * 'declined' with 1012; they stay as written (the journal is never rewritten) and read as
 * canceled, since 1012 is the catalogue's cancel and nothing else answers it.
 */
export function resultOf(outcome: Pick<OutcomeLine, 'result' | 'statusCode'>): JournalResult {
  return outcome.result === 'declined' && outcome.statusCode === CANCELED_CODE ? 'canceled' : outcome.result;
}

export interface IntentLine {
  t: 'intent';
  id: string;
  /** ISO time the intent was written. */
  at: string;
  op: MoneyOperation;
  ref: string;
  tpn: string;
  profileId: string;
  paymentType?: string;
  amountCents: number;
  tipCents: number;
  /** After this time a Status "not found" is conclusive: the request cannot still be in flight. */
  deadlineAt: string;
  invoiceNumber?: string;
  /**
   * Capture only: the AuthCode of the Auth it completes. The terminal's records do not link the two
   * (a Capture has its own ReferenceId and AuthCode, docs/PROTOCOL.md §4.3), so this is how the app
   * knows an Auth was captured and offers no second Capture or Void on it (lookups/captured-auths.ts).
   */
  captures?: string;
  /**
   * Sale and Capture with a tip: the Amount put on the wire (with the tip in it, or without it for
   * a terminal that adds the tip on top). Lines written before tips were checked lack it.
   */
  sentAmountCents?: number;
  /** Settle only: a transaction of the batch being closed, and its batch number (recovery probe). */
  probe?: BatchWitness;
  /**
   * Every other operation: the newest transaction this PC knows to be in the terminal's open batch
   * when the intent was written, and that batch's number. If the answer is lost and Status does not
   * find the request, this tells whether the batch it could have landed in is still the open one
   * (recovery/batch-boundary.ts). Absent when the journal knows none (or lines written before it).
   */
  batch?: BatchWitness;
}

/** A transaction of a batch and the batch's number: asking Status for it tells whether that batch is still open. */
export interface BatchWitness {
  ref: string;
  paymentType: string;
  batchNumber: string;
  /**
   * The request's own reference, which Status did not find in the open batch `batchNumber` just
   * before the request went (the terminal named the batch it searched): a later "not found" that
   * names the same batch shows no Settle came in between (recovery/batch-boundary.ts).
   */
  ownReference?: true;
}

/** A resend of the same request (same ReferenceId) after 2008/2001/1000; moves the deadline. */
export interface AttemptLine {
  t: 'attempt';
  id: string;
  at: string;
  attempt: number;
  deadlineAt: string;
  why: string;
}

/** The answer was lost: recovery by Status has started. */
export interface UnknownLine {
  t: 'unknown';
  id: string;
  at: string;
  reason: string;
  /** The reason in the catalogue's words (shared/ipc/said.ts); lines written before it lack it. */
  said?: Said;
}

export interface CardSummary {
  brand: string;
  first4: string;
  last4: string;
}

export interface Recovery {
  /** terminal-batch: the journal lost the entry and it was restored from the terminal's open batch (recovery/batch-rebuild.ts). */
  how: 'status-lookup' | 'terminal-batch';
  reason: string;
  /** The reason in the catalogue's words, for the page to word (shared/ipc/said.ts); lines written before it lack it. */
  said?: Said;
}

export interface OutcomeLine {
  t: 'outcome';
  id: string;
  at: string;
  result: JournalResult;
  statusCode: string;
  message: string;
  /** `message` in the catalogue's words when spin-desk wrote it (a refusal), for the page to word; older lines lack it. */
  messageSaid?: Said;
  authCode?: string;
  transactionNumber?: string;
  batchNumber?: string;
  /** What the terminal approved (its Amount, tip included), when it said. */
  approvedCents?: number;
  /**
   * The rest of the terminal's Amounts on an approval, when it said: TotalAmount (what the card
   * was charged, fees included), TipAmount, FeeAmount and TaxAmount. They let History compare the
   * charge with what was meant (tip-rules.ts). Older lines lack them and are compared by
   * approvedCents alone.
   */
  totalCents?: number;
  answeredTipCents?: number;
  feeCents?: number;
  taxCents?: number;
  /**
   * The approval's figures do not add up (shared/spin/terminal-amounts.ts): what is wrong, naming
   * the field. The cents above are then absent, and the terminal's Amounts are kept as sent in
   * terminalAmounts: shown and exported with the flag, never summed.
   */
  figuresProblem?: string;
  terminalAmounts?: RawAmounts;
  card?: CardSummary;
  recovery?: Recovery;
  /** Settle only: what each application closed (totals in cents, receipt text), kept to print it again. */
  settlement?: {
    settlementType: SettlementType;
    details: SettleDetail[];
    /** The closed batch's transactions this PC did not send, read just before the close (closing-batch.ts). */
    notFromThisPc?: NotFromThisPc[];
    /** false: closed (a lookup showed it) with totals unknown; the details then carry none (reports/settle.ts). */
    totalsKnown?: boolean;
    /** The totals were read from the batch just before the close, the answer being lost. */
    totalsFrom?: 'batch-read-before-close';
  };
}

export type JournalLine = IntentLine | AttemptLine | UnknownLine | OutcomeLine;

/** One request as the journal knows it now: intent plus what happened since. */
export interface JournalEntry {
  readonly intent: IntentLine;
  /** Epoch ms of intent.at, for sorting and date filters. */
  readonly createdMs: number;
  /** Where the intent sits in the journal (segment, then line): orders entries written in the same millisecond. */
  position: number;
  deadlineMs: number;
  attempts: number;
  unknownReason?: string;
  outcome?: OutcomeLine;
  /** The outcome is known and shown, but its line is not on disk yet (the disk refused it; retried). */
  unsaved?: true;
}

export type WarningKind = 'torn-tail' | 'corrupt-line' | 'orphan-outcome' | 'duplicate-outcome' | 'checkpoint';

/** Something the journal tolerated on load; the app shows these, nothing is fatal. */
export interface JournalWarning {
  kind: WarningKind;
  file: string;
  line?: number;
  message: string;
  /** `message` in the catalogue's words (shared/ipc/said.ts), for warnings of this run's open; stored ones keep only the English. */
  said?: Said;
}

/** What a caller supplies for a new intent; id, time and deadline are filled in by the journal. */
export type NewIntent = Omit<IntentLine, 't' | 'id' | 'at' | 'deadlineAt'> & { deadlineMs: number };

export type NewOutcome = Omit<OutcomeLine, 't' | 'id' | 'at'>;
