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
    // A refund is always possible; once Void is not, it is the way to give money back.
    'return',
    'reprint',
  ];
}

/** Return is the suggested action when the record moved money but can no longer be voided. */
export function returnSuggested(record: TransactionView): boolean {
  return !actionsFor(record).includes('void') && isApproved(record) && !record.voided;
}

/** One word for the record's state in a list. */
export function stateLabel(record: TransactionView): string {
  if (record.voided) return 'Voided';
  return { approved: 'Approved', partial: 'Partly approved', declined: 'Declined', failed: 'Failed' }[record.outcome];
}
