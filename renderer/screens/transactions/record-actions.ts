import type { TransactionView } from '@shared/ipc/payment-views';

// Which follow-ups fit a record's state (docs/PROTOCOL.md §5, the docs' "transaction types scheme"): Sale -> Void,
// TipAdjust; Return -> Void; Auth -> Capture, Void, TipAdjust; Capture -> Void. Everything the
// lookups return is in the open batch (Status and StatusList read only that), so "unsettled" holds.

export type RecordAction = 'void' | 'tipAdjust' | 'capture' | 'return' | 'reprint';

const VOIDABLE = new Set(['sale', 'return', 'auth', 'capture']);

export function isApproved(record: TransactionView): boolean {
  return record.outcome === 'approved' || record.outcome === 'partial';
}

/** The actions to offer for a record, in the order they are shown. */
export function actionsFor(record: TransactionView): RecordAction[] {
  const type = (record.transactionType ?? '').toLowerCase();
  const live = isApproved(record) && !record.voided;
  return [
    ...(live && VOIDABLE.has(type) ? (['void'] as const) : []),
    ...(live && (type === 'sale' || type === 'auth') ? (['tipAdjust'] as const) : []),
    ...(live && type === 'auth' ? (['capture'] as const) : []),
    // A refund gives back money the record took; once Void is not possible it is the only way.
    ...(live ? (['return'] as const) : []),
    'reprint',
  ];
}

/** Why a record offers no Return, in the cashier's words; undefined when it offers one. */
export function noReturnReason(record: TransactionView): string | undefined {
  if (record.voided) return 'No Return: this transaction was voided, so the customer was not charged and there is nothing to refund.';
  if (!isApproved(record))
    return 'No Return: this transaction was not approved, so the customer was not charged and there is nothing to refund.';
  return undefined;
}

/** Return is the suggested action when the record moved money but can no longer be voided. */
export function returnSuggested(record: TransactionView): boolean {
  return !actionsFor(record).includes('void') && isApproved(record) && !record.voided;
}

/** One word for the record's state in a list. */
export function stateLabel(record: TransactionView): string {
  if (record.voided) return 'Voided';
  return {
    approved: 'Approved',
    partial: 'Partly approved',
    declined: 'Declined',
    canceled: 'Canceled',
    failed: 'Failed',
    'settled-unknown': 'Check settled batch',
  }[record.outcome];
}
