import { defaultOptionFields } from '../../lib/payment/payment-option-fields';
import { m } from '../../lib/i18n/messages';
import type { BalanceResult, TransactionView } from '@shared/ipc/payment-views';
import { moneyOfRecord, type ChargedMoney } from '@shared/ipc/money-model';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import { PaymentType, type TipIndicator } from '@shared/spin/enums';
import { demo } from './demo.svelte';
import { Operation } from './operation.svelte';

// The forms of the payment screens, kept at module level with their request (Operation) so that
// leaving a screen loses nothing. The Transactions screen fills them from a record (prefill*) and
// then opens the screen; ConfirmDialog there shows what will move before anything is sent. Pay at
// table fills the Sale from the invoice the customer picked (prefillSale).

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
    transactionType: record.transactionType ?? m.pay_transaction(),
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

/** What every form filled from a record takes from it: its amount, its payment type and the note of where it came from. */
interface FilledFromRecord {
  amountCents: number | null;
  paymentType: PaymentType;
  source: Source | null;
}

function fillFrom(draft: FilledFromRecord, record: TransactionView): void {
  draft.amountCents = recordAmount(record);
  draft.paymentType = paymentTypeOf(record);
  draft.source = sourceOf(record);
}

/** Sale, Auth, Capture and Return: an amount under a new ReferenceId of its own (NEW_PAYMENTS). */
export class NewPayment extends Operation<PaymentResult> {
  amountCents = $state<number | null>(null);
  /** Sale and Capture only (their spec's `tip`): the tip apart from the amount; the wire's Amount includes it. */
  tipCents = $state<number | null>(null);
  paymentType = $state<PaymentType>('Credit');
  options = $state(defaultOptionFields());
  source = $state.raw<Source | null>(null);

  clear(): void {
    this.restart();
    this.amountCents = null;
    this.tipCents = null;
    this.paymentType = 'Credit';
    this.options = defaultOptionFields();
    this.source = null;
  }
}

class SaleDraft extends NewPayment {
  /** The table invoice this sale pays (Pay at table), sent as its InvoiceNumber. */
  invoiceNumber = $state<string | undefined>();
  /** More options: CustomFee as money, like the tip (null: none). */
  customFeeCents = $state<number | null>(null);
  /** More options: ExternalReceipt, the store's text on the terminal's receipt ('' = none). */
  externalReceipt = $state('');

  override clear(): void {
    super.clear();
    this.invoiceNumber = undefined;
    this.customFeeCents = null;
    this.externalReceipt = '';
  }

  override async run(...args: Parameters<NewPayment['run']>): Promise<void> {
    await super.run(...args);
    // The demo customer's queued behaviour is used by any sale the terminal saw.
    if (args[0].environment === 'demo' && this.phase !== 'editing') demo.used();
  }
}

class CaptureDraft extends NewPayment {
  authCode = $state('');

  override clear(): void {
    super.clear();
    this.authCode = '';
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

  /** What each request on the original starts with: the terminal, and the reference as typed without edge spaces. */
  original(profile: ProfileView): { profileId: ProfileView['id']; referenceId: string } {
    return { profileId: profile.id, referenceId: this.referenceId.trim() };
  }

  /** Sent under the original's reference as the form checked it (trimmed): the form then shows the one that went out. */
  override async run(...args: Parameters<Operation<PaymentResult>['run']>): Promise<void> {
    this.referenceId = args[1].referenceId;
    await super.run(...args);
  }
}

class TipAdjustDraft extends FollowUp {
  tipCents = $state<number | null>(null);
  /** What the entered tip does: replace the tip (the terminal's default) or add to it. */
  indicator = $state<TipIndicator>('Replace');
  /** The tip on the record now, when it came from a record. */
  currentTipCents = $state<number | null>(null);
  /** The record's money now (base, tip, fee, total), when it came from a record: the form says what the new tip makes the total. */
  current = $state.raw<ChargedMoney | null>(null);

  override clear(): void {
    super.clear();
    this.tipCents = null;
    this.indicator = 'Replace';
    this.currentTipCents = null;
    this.current = null;
  }

  /** The tip after the adjustment: the entered tip, or with "Add" the tip now plus it. Null when not known. */
  resultingTipCents(enteredCents: number): number | null {
    if (this.indicator === 'Replace') return enteredCents;
    return this.currentTipCents === null ? null : this.currentTipCents + enteredCents;
  }

  /** The total the new tip makes: the base, fee and tax stay, the tip is replaced. Null when not known. */
  newTotalCents(newTipCents: number): number | null {
    const now = this.current;
    return now?.baseCents === null || now === null ? null : now.baseCents + newTipCents + now.feeCents + now.taxCents;
  }
}

class BalanceDraft extends Operation<BalanceResult> {
  paymentType = $state<'EBT_Food' | 'EBT_Cash'>('EBT_Food');
}

export const sale = new SaleDraft();
export const auth = new NewPayment();
export const capture = new CaptureDraft();
export const refund = new NewPayment();
export const voiding = new FollowUp();
export const tipAdjust = new TipAdjustDraft();
export const balance = new BalanceDraft();

/**
 * Starts a new sale filled in from a table invoice the customer picked. Refused (false) while a
 * sale is being sent or its outcome is unknown: that one must finish first.
 */
export function prefillSale(input: { amountCents: number; invoiceNumber?: string }): boolean {
  if (sale.phase === 'sending' || sale.phase === 'unknown') return false;
  sale.clear();
  sale.amountCents = input.amountCents;
  sale.invoiceNumber = input.invoiceNumber;
  return true;
}

export function prefillCapture(record: TransactionView): void {
  capture.clear();
  capture.authCode = record.authCode ?? '';
  fillFrom(capture, record);
}

/** A Return is a new refund with a new ReferenceId, prefilled with the record's amount. */
export function prefillReturn(record: TransactionView): void {
  refund.clear();
  fillFrom(refund, record);
}

export function prefillVoid(record: TransactionView): void {
  voiding.clear();
  voiding.referenceId = record.referenceId;
  fillFrom(voiding, record);
}

export function prefillTipAdjust(record: TransactionView): void {
  tipAdjust.clear();
  tipAdjust.referenceId = record.referenceId;
  tipAdjust.currentTipCents = record.amounts.tip;
  tipAdjust.current = moneyOfRecord(record.amounts);
  fillFrom(tipAdjust, record);
}
