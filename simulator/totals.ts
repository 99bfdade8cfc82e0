// Report arithmetic shared by Settle, Summary and Daily, in integer cents so totals never drift.
//
// Each record counts in exactly one bucket, by its charged total (Amount incl. tip + fee + tax):
//   voided (any type)         -> VoidAmount      (never as a sale, return, auth or ticket)
//   Sale                      -> SaleAmount
//   Capture                   -> TicketAmount    ("Ticket" is the legacy name of a capture)
//   Return                    -> ReturnAmount
//   Auth not yet captured     -> AuthAmount      (a hold, no money moved yet)
//   Auth captured             -> no bucket       (its Capture carries the money)
// TotalAmount = SaleAmount + TicketAmount - ReturnAmount: the net that moves at settlement.
// TransactionsCount counts every record of the batch, voided ones included.
import { toDollars } from '@shared/spin';
import type { DailyAmount } from './fee-program';
import type { TxRecord } from './model';

export interface TotalsCents {
  count: number;
  sale: number;
  ticket: number;
  ret: number;
  auth: number;
  void: number;
  total: number;
}

export function chargedCents(record: TxRecord): number {
  return record.amountCents + record.feeCents + record.taxCents;
}

/** A record's amount as a Daily under this rule lists it (simulator/fee-program.ts, DAILY_AMOUNTS). */
export function listedCents(record: TxRecord, rule: DailyAmount): number {
  if (rule === 'before-fee') return record.amountCents;
  if (rule === 'base') return record.amountCents - record.tipCents;
  return chargedCents(record);
}

export type Bucket = 'void' | 'sale' | 'ticket' | 'ret' | 'auth' | null;

export function bucketOf(record: TxRecord): Bucket {
  if (record.voided) return 'void';
  switch (record.transactionType) {
    case 'Sale':
      return 'sale';
    case 'Capture':
      return 'ticket';
    case 'Return':
      return 'ret';
    case 'Auth':
      return record.capturedBy === null ? 'auth' : null;
  }
}

export function totalsOf(records: readonly TxRecord[], amountOf: (record: TxRecord) => number = chargedCents): TotalsCents {
  const t: TotalsCents = { count: records.length, sale: 0, ticket: 0, ret: 0, auth: 0, void: 0, total: 0 };
  for (const record of records) {
    const bucket = bucketOf(record);
    if (bucket !== null) t[bucket] += amountOf(record);
  }
  t.total = t.sale + t.ticket - t.ret;
  return t;
}

/** The TransactionsReports / TransactionsSummaryReports shape, in dollars. */
export function wireTotals(t: TotalsCents) {
  return {
    TransactionsCount: t.count,
    SaleAmount: toDollars(t.sale),
    ReturnAmount: toDollars(t.ret),
    VoidAmount: toDollars(t.void),
    AuthAmount: toDollars(t.auth),
    TicketAmount: toDollars(t.ticket),
    ReversalAmount: 0,
    CashAdvanceAmount: 0,
    TotalAmount: toDollars(t.total),
  };
}

/** Reports list one entry per payment application; the simulator's applications are the PaymentTypes. */
export function byApplication(records: readonly TxRecord[]): Map<string, TxRecord[]> {
  const groups = new Map<string, TxRecord[]>();
  for (const record of records) {
    const group = groups.get(record.paymentType);
    if (group) group.push(record);
    else groups.set(record.paymentType, [record]);
  }
  return groups;
}
