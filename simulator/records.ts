// Creating a new approved record: the one place that assigns TransactionNumber, AuthCode, RRN
// and token, used by the payment handlers and by the control API's store-and-forward entries.
import { randomCard } from './card';
import type { FeeRule } from './fee-program';
import type { Card, RecordType, TxRecord } from './model';
import type { Terminal } from './terminal';

export interface NewRecord {
  type: RecordType;
  paymentType: string;
  referenceId: string;
  requestedCents: number;
  approvedCents: number;
  tipCents: number;
  feeCents: number;
  /** Tax on the fee (fee-program.ts); 0 when absent. */
  taxCents?: number | undefined;
  /** The fee program's percentage, for tip adjustments (model.ts). */
  feeRule?: FeeRule | null | undefined;
  externalReceipt?: string | undefined;
  partial: boolean;
  invoiceNumber?: string | undefined;
  merchantNumber?: number | null | undefined;
  signature?: boolean | undefined;
  /** Capture: the Auth it completes (the capture reuses that card). */
  auth?: TxRecord | undefined;
  card?: Card | undefined;
  createdAt: string;
  offlineAt?: string | undefined;
}

/** Adds the record to the open batch; the caller has already ruled out a duplicate ReferenceId. */
export function addNewRecord(terminal: Terminal, input: NewRecord): TxRecord {
  const { rng } = terminal;
  const record: TxRecord = {
    referenceId: input.referenceId,
    transactionType: input.type,
    paymentType: input.paymentType,
    transactionNumber: terminal.batch.nextTransactionNumber(),
    statusCode: input.partial ? '0001' : '0000',
    requestedCents: input.requestedCents,
    amountCents: input.approvedCents,
    // A tip never exceeds what was approved (matters for partial approvals).
    tipCents: Math.min(input.tipCents, input.approvedCents),
    feeCents: input.feeCents,
    taxCents: input.taxCents ?? 0,
    authCode: terminal.newAuthCode(),
    rrn: rng.digits(12),
    token: rng.alnum(16),
    invoiceNumber: input.invoiceNumber ?? '',
    merchantNumber: input.merchantNumber ?? null,
    card: input.card ?? input.auth?.card ?? randomCard(rng),
    signature: input.signature ?? false,
    voided: false,
    capturedBy: null,
    capturedAuth: input.auth?.referenceId ?? null,
    feeRule: input.feeRule ?? null,
    externalReceipt: input.externalReceipt ?? '',
    level3Items: [],
    createdAt: input.createdAt,
    offlineAt: input.offlineAt ?? null,
  };
  terminal.addRecord(record);
  if (input.auth) input.auth.capturedBy = record.referenceId;
  return record;
}
