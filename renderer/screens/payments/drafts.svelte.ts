import { defaultOptionFields } from '../../lib/payment-option-fields';
import type { BalanceResult, TransactionView } from '../../../shared/ipc/payment-views';
import type { PaymentResult } from '../../../shared/ipc/views';
import { PaymentType } from '../../../shared/spin/enums';
import { Operation } from './operation.svelte';

// The forms of the payment screens, kept at module level with their request (Operation) so that
// leaving a screen loses nothing. The Transactions screen fills them from a record (prefill*) and
// then opens the screen; ConfirmDialog there shows what will move before anything is sent.

/** The record a form was filled from, for the "from transaction ..." note and the way back. */
export interface Source {
  referenceId: string;
  transactionType: string;
  amountCents: number | null;
  voided: boolean;
  approved: boolean;
}

function sourceOf(record: TransactionView): Source {
  return {
    referenceId: record.referenceId,
    transactionType: record.transactionType ?? 'Transaction',
    amountCents: recordAmount(record),
    voided: record.voided,
    approved: record.outcome === 'approved' || record.outcome === 'partial',
  };
}

/** The amount a record stands for: what was approved (tip included), else its total. */
export function recordAmount(record: TransactionView): number | null {
  return record.amounts.amount ?? record.amounts.total;
}

/** A record's payment type when it is one a request may carry, else Credit (the form lets the cashier change it). */
function paymentTypeOf(record: TransactionView): PaymentType {
  const parsed = PaymentType.safeParse(record.paymentType);
  return parsed.success ? parsed.data : 'Credit';
}

export class NewPayment extends Operation<PaymentResult> {
  amountCents = $state<number | null>(null);
  paymentType = $state<PaymentType>('Credit');
  options = $state(defaultOptionFields());
  source = $state.raw<Source | null>(null);

  clear(): void {
    this.restart();
    this.amountCents = null;
    this.paymentType = 'Credit';
    this.options = defaultOptionFields();
    this.source = null;
  }
}

class CaptureDraft extends NewPayment {
  authCode = $state('');
  tipCents = $state<number | null>(null);

  override clear(): void {
    super.clear();
    this.authCode = '';
    this.tipCents = null;
  }
}

/** Void and TipAdjust name the ORIGINAL transaction: their ReferenceId is the original's, typed or prefilled. */
class FollowUp extends Operation<PaymentResult> {
  amountCents = $state<number | null>(null);
  paymentType = $state<PaymentType>('Credit');
  source = $state.raw<Source | null>(null);

  constructor() {
    super();
    this.referenceId = '';
  }

  clear(): void {
    this.restart();
    this.referenceId = '';
    this.amountCents = null;
    this.paymentType = 'Credit';
    this.source = null;
  }
}

class TipAdjustDraft extends FollowUp {
  tipCents = $state<number | null>(null);
  /** The tip on the record now, when it came from a record. */
  currentTipCents = $state<number | null>(null);

  override clear(): void {
    super.clear();
    this.tipCents = null;
    this.currentTipCents = null;
  }
}

class BalanceDraft extends Operation<BalanceResult> {
  paymentType = $state<'EBT_Food' | 'EBT_Cash'>('EBT_Food');
}

export const auth = new NewPayment();
export const capture = new CaptureDraft();
export const refund = new NewPayment();
export const voiding = new FollowUp();
export const tipAdjust = new TipAdjustDraft();
export const balance = new BalanceDraft();

export function prefillCapture(record: TransactionView): void {
  capture.clear();
  capture.authCode = record.authCode ?? '';
  capture.amountCents = recordAmount(record);
  capture.paymentType = paymentTypeOf(record);
  capture.source = sourceOf(record);
}

/** A Return is a new refund with a new ReferenceId, prefilled with the record's amount. */
export function prefillReturn(record: TransactionView): void {
  refund.clear();
  refund.amountCents = recordAmount(record);
  refund.paymentType = paymentTypeOf(record);
  refund.source = sourceOf(record);
}

export function prefillVoid(record: TransactionView): void {
  voiding.clear();
  voiding.referenceId = record.referenceId;
  voiding.amountCents = recordAmount(record);
  voiding.paymentType = paymentTypeOf(record);
  voiding.source = sourceOf(record);
}

export function prefillTipAdjust(record: TransactionView): void {
  tipAdjust.clear();
  tipAdjust.referenceId = record.referenceId;
  tipAdjust.amountCents = recordAmount(record);
  tipAdjust.paymentType = paymentTypeOf(record);
  tipAdjust.currentTipCents = record.amounts.tip;
  tipAdjust.source = sourceOf(record);
}
