import type { TransactionView } from '@shared/ipc/payment-views';
import { formatDateTime } from '@shared/i18n/format';
import { m } from '../../lib/i18n/messages';

// Which follow-ups fit a record's state (docs/PROTOCOL.md §5, the docs' "transaction types scheme"): Sale -> Void,
// TipAdjust; Return -> Void; Auth -> Capture, Void, TipAdjust; Capture -> Void. Everything the
// lookups return is in the open batch (Status and StatusList read only that), so "unsettled" holds.
// An Auth that was captured is done: the terminal refuses a second Capture, a Void or a tip on it
// (1004; the money and any correction are the Capture's), so it offers only its receipt. The record
// does not say it was captured; main marks it from this PC's journal (capturedBy). A Return gives
// back money a record took, so a hold (Auth) or a refund (Return) offers none.

export type RecordAction = 'void' | 'tipAdjust' | 'capture' | 'return' | 'reprint';

const VOIDABLE = new Set(['sale', 'return', 'auth', 'capture']);

/** Records that took no money from the card: nothing to refund with a Return. */
const TAKES_NO_MONEY = new Set(['auth', 'return']);

export function isApproved(record: TransactionView): boolean {
  return record.outcome === 'approved' || record.outcome === 'partial';
}

/** The actions to offer for a record, in the order they are shown. */
export function actionsFor(record: TransactionView): RecordAction[] {
  const type = (record.transactionType ?? '').toLowerCase();
  const live = isApproved(record) && !record.voided && !record.capturedBy;
  return [
    ...(live && VOIDABLE.has(type) ? (['void'] as const) : []),
    ...(live && (type === 'sale' || type === 'auth') ? (['tipAdjust'] as const) : []),
    ...(live && type === 'auth' ? (['capture'] as const) : []),
    // A refund gives back money the record took; once Void is not possible it is the only way.
    ...(live && !TAKES_NO_MONEY.has(type) ? (['return'] as const) : []),
    'reprint',
  ];
}

/** Why a record offers no Return (and no other change), in the cashier's words; undefined when it offers one. */
export function noReturnReason(record: TransactionView, when = (iso: string) => formatDateTime(iso)): string | undefined {
  if (record.capturedBy) {
    return m.tx_no_return_captured({ when: when(record.capturedBy.at), reference: record.capturedBy.referenceId });
  }
  const type = (record.transactionType ?? '').toLowerCase();
  if (isApproved(record) && !record.voided && TAKES_NO_MONEY.has(type)) {
    return type === 'auth' ? m.tx_no_return_hold() : m.tx_no_return_refund();
  }
  if (record.voided) return m.tx_no_return_voided();
  if (!isApproved(record)) return m.tx_no_return_not_approved();
  return undefined;
}

/** Return is the suggested action when the record moved money but can no longer be voided. */
export function returnSuggested(record: TransactionView): boolean {
  return !actionsFor(record).includes('void') && isApproved(record) && !record.voided;
}

const STATE_LABELS: Record<TransactionView['outcome'], () => string> = {
  approved: m.tx_state_approved,
  partial: m.tx_state_partial,
  declined: m.tx_state_declined,
  canceled: m.tx_state_canceled,
  failed: m.tx_state_failed,
  'settled-unknown': m.tx_state_settled_unknown,
};

/** One word for the record's state in a list. */
export function stateLabel(record: TransactionView): string {
  if (record.voided) return m.tx_state_voided();
  if (record.capturedBy) return m.tx_state_captured();
  return STATE_LABELS[record.outcome]();
}
