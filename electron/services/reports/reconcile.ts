import { countedCents } from '@shared/ipc/money-sign';
import type { DailyReport, DailyRow } from '@shared/ipc/report-views';
import type { MissingFromBatch, NotFromThisPc, ReconcileMismatch, ReconciliationReport } from '@shared/ipc/reconciliation-views';
import { formatMoney } from '@shared/spin/money';
import { englishOf, knownSaid, said, type Said, type SaidKey } from '@shared/ipc/said';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { resultOf, type JournalEntry, type JournalResult } from '../journal/records';

// The manager's check before Settle: what this PC's journal says should be in the open batch,
// beside what the terminal's Daily report lists. Pure: the caller reads both (reconcile-batch.ts).

/** Operations that put a transaction of their own into the batch, named by their ReferenceId. */
const OWN_RECORD = new Set(['Sale', 'Auth', 'Capture', 'Return']);
const APPROVED = new Set(['approved', 'partial']);

/** One transaction as this PC's journal expects the batch to hold it. */
interface Expected {
  referenceId: string;
  operation: string;
  createdAt: string;
  /** Charged amount, tip, fee and tax included, as the terminal approved it. */
  amountCents: number;
  tipCents: number;
  /** The fee the terminal added (FeeAmount) and the tax on it (TaxAmount); 0 when its answer named none. */
  feeCents: number;
  taxCents: number;
  /** Whether amountCents holds the fee and tax: it is the terminal's TotalAmount, not its Amount or the request's. */
  amountHoldsFee: boolean;
  voided: boolean;
  batchNumber: string | undefined;
  last4: string;
  /** The terminal's answer had figures that do not add up: amountCents is then what was asked, never matched as true. */
  figuresProblem?: string;
}

/** What a figure of the approval adds to the total: signed by its operation, 0 once voided. */
function countedPart(expected: Expected, cents: number): number {
  return expected.voided ? 0 : (countedCents(expected.operation, cents) ?? 0);
}

function countedOf(expected: Expected): number {
  return countedPart(expected, expected.amountCents);
}

/**
 * This PC's approvals since its last settlement of this terminal, with their voids and tip
 * adjustments applied, oldest first. A Settle that closed nothing (1020) does not count.
 */
export function expectedInBatch(history: readonly JournalEntry[], tpn: string): Expected[] {
  const mine = history.filter((entry) => entry.intent.tpn === tpn).sort((a, b) => a.createdMs - b.createdMs || a.position - b.position);
  const lastSettle = mine.findLastIndex((entry) => entry.intent.op === 'Settle' && APPROVED.has(entry.outcome?.result ?? ''));
  const byRef = new Map<string, Expected>();
  for (const { intent, outcome } of mine.slice(lastSettle + 1)) {
    if (!outcome || !APPROVED.has(outcome.result)) continue;
    if (OWN_RECORD.has(intent.op)) {
      byRef.set(intent.ref, {
        referenceId: intent.ref,
        operation: intent.op,
        createdAt: intent.at,
        amountCents: outcome.totalCents ?? outcome.approvedCents ?? intent.amountCents + intent.tipCents,
        tipCents: outcome.answeredTipCents ?? intent.tipCents,
        feeCents: outcome.feeCents ?? 0,
        taxCents: outcome.taxCents ?? 0,
        amountHoldsFee: outcome.totalCents !== undefined,
        voided: false,
        batchNumber: outcome.batchNumber,
        last4: outcome.card?.last4 ?? '',
        ...(outcome.figuresProblem !== undefined ? { figuresProblem: outcome.figuresProblem } : {}),
      });
      continue;
    }
    const original = byRef.get(intent.ref);
    if (!original) continue;
    if (intent.op === 'Void') original.voided = true;
    if (intent.op === 'TipAdjust') {
      // The new tip replaces the old one; the terminal's own figure wins when it gave one.
      original.amountCents = outcome.totalCents ?? original.amountCents - original.tipCents + intent.tipCents;
      original.tipCents = intent.tipCents;
      // The fee stays the charge's. Only an answer that names one again replaces it: the adjusted
      // record, whose fee grows with the tip on a program with "fee on tip" (batch-fees.ts).
      original.feeCents = outcome.feeCents ?? original.feeCents;
      original.taxCents = outcome.taxCents ?? original.taxCents;
      original.amountHoldsFee = outcome.totalCents !== undefined || original.amountHoldsFee;
      if (outcome.figuresProblem !== undefined) original.figuresProblem = outcome.figuresProblem;
    }
  }
  return [...byRef.values()];
}

/** How the journal's note names each result ("not processed"). */
const RESULT_SAID: Record<JournalResult, SaidKey> = {
  approved: 'said_w_rec_approved',
  partial: 'said_w_rec_partial',
  declined: 'said_w_rec_declined',
  canceled: 'said_w_rec_canceled',
  refused: 'said_w_rec_refused',
  'not-processed': 'said_w_rec_not_processed',
  'settled-unknown': 'said_w_rec_settled_unknown',
};

/**
 * What this PC's journal says of a reference the batch lists: kept with the settlement, so in
 * English (the batch check's CSV keeps it) with its Said, which Check before settling words in the
 * page's language. Nothing when the journal does not know the reference.
 */
function journalNoteOf(history: readonly JournalEntry[], tpn: string, ref: string): Pick<NotFromThisPc, 'journalNote' | 'journalNoteSaid'> {
  const entry = history.find((candidate) => candidate.intent.tpn === tpn && candidate.intent.ref === ref);
  if (!entry) return { journalNote: '' };
  const result = said(entry.outcome ? RESULT_SAID[resultOf(entry.outcome)] : 'said_w_rec_unknown');
  const note: Said = said('said_w_rec_journal_has', { operation: entry.intent.op, result });
  return { journalNote: englishOf(note), journalNoteSaid: note };
}

/** A kept transaction as the page may show it: a note's Said that a later spin-desk wrote is dropped, and its English shows. */
export function withKnownNote(item: NotFromThisPc): NotFromThisPc {
  const { journalNoteSaid, ...rest } = item;
  const known = knownSaid(journalNoteSaid);
  return known ? { ...rest, journalNoteSaid: known } : rest;
}

/** "the $0.35 fee and $0.03 tax": the parts that are not zero. */
function feeWords(feeCents: number, taxCents: number): string {
  const [fee, tax] = [formatMoney(feeCents), formatMoney(taxCents)];
  if (taxCents === 0) return m.svc_rec_charges_fee({ fee });
  return feeCents === 0 ? m.svc_rec_charges_tax({ tax }) : m.svc_rec_charges_fee_tax({ fee, tax });
}

/**
 * Why the batch amount differs from this PC's, when the approval's fee, or its fee and tax, make the
 * difference exactly. Where a terminal's batch puts the fee is not documented (docs/PROTOCOL.md
 * §4.1, "Fees"), so either way round: the batch leaves it out of the total this PC has, or holds
 * one this PC's amount does not count (an answer that named the fee but no total). The older
 * vendor tool's "base", the amount less tip and fee, is the same finding with the tip as well: one
 * kind 'fee' whose words name the tip, not a kind of its own, because nothing is to be done about
 * the tip (Tip adjust would not change how the batch lists amounts) and the screen, printout, CSV
 * and store check then need no case of their own. The tip alone is mismatchOf's rule, before this.
 * Null when the fee does not explain it.
 */
function feeExplanation(expected: Expected, batchCents: number): string | null {
  const { amountCents, tipCents, feeCents, taxCents, amountHoldsFee } = expected;
  const leftOut = amountCents - batchCents;
  for (const [fee, tax] of [
    [feeCents, 0],
    [feeCents, taxCents],
  ] as const) {
    const part = fee + tax;
    if (part <= 0) continue;
    const charges = feeWords(fee, tax);
    const amount = formatMoney(amountCents);
    if (!amountHoldsFee) {
      if (-leftOut === part) return m.svc_rec_fee_included({ charges, amount, batchAmount: formatMoney(batchCents) });
    } else if (leftOut === part) {
      return m.svc_rec_fee_left_out({ charges, amount });
    } else if (tipCents > 0 && leftOut === tipCents + part) {
      return m.svc_rec_fee_tip_left_out({ tip: formatMoney(tipCents), charges, amount });
    }
  }
  return null;
}

function mismatchOf(expected: Expected, row: DailyRow): ReconcileMismatch | null {
  const journalCents = countedOf(expected);
  const batchCents = countedCents(row.transactionType, row.amountCents) ?? 0;
  const batchVoided = row.transactionType.trim().toLowerCase() === 'void';
  const base = {
    referenceId: expected.referenceId,
    number: row.number,
    journalType: expected.voided ? `${expected.operation}, voided` : expected.operation,
    batchType: row.transactionType,
    journalCents,
    batchCents,
    tipCents: expected.tipCents,
  };
  if (expected.voided && !batchVoided) {
    return { ...base, kind: 'voided-here', explanation: m.svc_rec_voided_here() };
  }
  if (!expected.voided && batchVoided) {
    return { ...base, kind: 'voided-elsewhere', explanation: m.svc_rec_voided_elsewhere() };
  }
  // Never matched on figures the app does not believe: named, with what the batch says instead.
  if (expected.figuresProblem !== undefined) {
    const said = { problem: expected.figuresProblem, asked: formatMoney(expected.amountCents) };
    const explanation =
      row.amountCents === null
        ? m.svc_rec_figures_no_amount(said)
        : m.svc_rec_figures_listed({ ...said, type: row.transactionType, amount: formatMoney(row.amountCents) });
    return { ...base, kind: 'figures', explanation };
  }
  if (row.amountCents === expected.amountCents && journalCents === batchCents) return null;
  if (row.amountCents !== null && expected.tipCents > 0 && expected.amountCents - row.amountCents === expected.tipCents) {
    return {
      ...base,
      kind: 'tip',
      explanation: m.svc_rec_tip({ tip: formatMoney(expected.tipCents) }),
    };
  }
  const fee = row.amountCents === null ? null : feeExplanation(expected, row.amountCents);
  if (fee) return { ...base, kind: 'fee', explanation: fee, feeCents: expected.feeCents, taxCents: expected.taxCents };
  return {
    ...base,
    kind: 'amount',
    explanation:
      row.amountCents === null
        ? m.svc_rec_amount_none({ amount: formatMoney(expected.amountCents) })
        : m.svc_rec_amount({
            operation: expected.operation,
            amount: formatMoney(expected.amountCents),
            type: row.transactionType,
            batchAmount: formatMoney(row.amountCents),
          }),
  };
}

/**
 * What of this PC's total the terminal added as fees and as tax on them, counted like the amounts
 * (a voided charge's fee went back with it); an amount that does not hold its fee adds none. Each
 * is left out where no approval named one, so a terminal without a fee program shows no fee lines.
 */
function feeTotals(expected: readonly Expected[]): Pick<ReconciliationReport['totals'], 'journalFeeCents' | 'journalTaxCents'> {
  const totals: Pick<ReconciliationReport['totals'], 'journalFeeCents' | 'journalTaxCents'> = {};
  const held = expected.filter((item) => item.amountHoldsFee);
  const partOf = (key: 'feeCents' | 'taxCents') => held.reduce((total, item) => total + countedPart(item, item[key]), 0);
  if (held.some((item) => item.feeCents !== 0)) totals.journalFeeCents = partOf('feeCents');
  if (held.some((item) => item.taxCents !== 0)) totals.journalTaxCents = partOf('taxCents');
  return totals;
}

type Findings = Omit<ReconciliationReport, 'profileId' | 'tpn' | 'fetchedAt' | 'batchNumber'>;

/**
 * Compares the journal with the open batch. `batchNumber` is the open batch's number when known:
 * an approval of this PC carrying another number belongs to a batch closed elsewhere and is left out.
 */
export function reconcile(history: readonly JournalEntry[], daily: DailyReport, batchNumber: string | null): Findings {
  const expectedAll = expectedInBatch(history, daily.tpn);
  const expected = expectedAll.filter((item) => !batchNumber || !item.batchNumber || item.batchNumber === batchNumber);
  const rowsByRef = new Map<string, DailyRow>();
  const notFromThisPc: NotFromThisPc[] = [];
  const expectedRefs = new Set(expected.map((item) => item.referenceId));
  for (const row of daily.rows) {
    if (expectedRefs.has(row.referenceId) && !rowsByRef.has(row.referenceId)) {
      rowsByRef.set(row.referenceId, row);
      continue;
    }
    notFromThisPc.push({
      referenceId: row.referenceId,
      number: row.number,
      application: row.application,
      transactionType: row.transactionType,
      last4: row.last4,
      amountCents: row.amountCents,
      countedCents: countedCents(row.transactionType, row.amountCents) ?? 0,
      ...journalNoteOf(history, daily.tpn, row.referenceId),
    });
  }
  const missingFromBatch: MissingFromBatch[] = [];
  const mismatches: ReconcileMismatch[] = [];
  for (const item of expected) {
    const row = rowsByRef.get(item.referenceId);
    if (!row) {
      missingFromBatch.push({
        referenceId: item.referenceId,
        operation: item.operation,
        createdAt: item.createdAt,
        countedCents: countedOf(item),
        amountCents: item.amountCents,
        voided: item.voided,
        last4: item.last4,
      });
      continue;
    }
    const mismatch = mismatchOf(item, row);
    if (mismatch) mismatches.push(mismatch);
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    batchRows: daily.rows.length,
    journalApprovals: expected.length,
    matched: expected.length - missingFromBatch.length - mismatches.length,
    otherBatches: expectedAll.length - expected.length,
    missingFromBatch,
    notFromThisPc,
    mismatches,
    totals: {
      journalCents: sum(expected.map(countedOf)),
      ...feeTotals(expected),
      missingCents: sum(missingFromBatch.map((item) => item.countedCents)),
      notFromThisPcCents: sum(notFromThisPc.map((item) => item.countedCents)),
      differencesCents: sum(mismatches.map((item) => item.batchCents - item.journalCents)),
      batchCents: sum(daily.rows.map((row) => countedCents(row.transactionType, row.amountCents) ?? 0)),
    },
  };
}

/**
 * What this PC recorded on the terminal since its last settlement, from the journal alone: its
 * approvals signed and counted as the batch check counts them (voids and tip adjusts applied).
 * Check before settling shows it for a terminal whose batch could not be read.
 */
export function recordedSinceSettle(history: readonly JournalEntry[], tpn: string): number {
  return expectedInBatch(history, tpn).reduce((sum, expected) => sum + countedOf(expected), 0);
}
