import { api, ApiError } from '../lib/api';
import { errorMessage } from '../lib/error-message';
import { newReferenceId } from '../lib/reference-id';
import { defaultOptionFields, optionInput } from '../lib/payment-option-fields';
import { demo } from './demo.svelte';
import type { PaymentResult, ProfileView } from '../../shared/ipc/views';
import type { PaymentType } from '../../shared/spin/enums';

export type SalePhase = 'editing' | 'charging' | 'result' | 'unknown';

/** What was sent, kept apart from the form so the result card describes the sale that ran. */
export interface ChargedSale {
  profileId: string;
  terminalName: string;
  environment: ProfileView['environment'];
  referenceId: string;
  amountCents: number;
  tipCents: number;
  paymentType: PaymentType;
  startedAt: number;
  timeoutSeconds: number;
}

/**
 * The sale being taken. It lives outside the Sale screen so that leaving the screen mid-charge
 * loses nothing: the answer still lands here and is shown on return.
 */
class Sale {
  referenceId = $state(newReferenceId());
  amountCents = $state<number | null>(null);
  tipCents = $state<number | null>(null);
  paymentType = $state<PaymentType>('Credit');
  /** Set when the sale pays a table invoice (prefill); sent as the Sale's InvoiceNumber. */
  invoiceNumber = $state<string | undefined>();
  /** "More options" (lib/components/PaymentOptionsPanel): receipts, merchant, customer contact, cart... */
  options = $state(defaultOptionFields());
  phase = $state<SalePhase>('editing');
  charged = $state.raw<ChargedSale | null>(null);
  result = $state.raw<PaymentResult | null>(null);
  /** The last failure; with phase 'unknown' it is the OUTCOME_UNKNOWN error. */
  error = $state.raw<ApiError | null>(null);

  async charge(profile: ProfileView): Promise<void> {
    if (this.phase !== 'editing' || this.amountCents === null) return;
    const charged: ChargedSale = {
      profileId: profile.id,
      terminalName: profile.name,
      environment: profile.environment,
      referenceId: this.referenceId,
      amountCents: this.amountCents,
      tipCents: this.tipCents ?? 0,
      paymentType: this.paymentType,
      startedAt: Date.now(),
      timeoutSeconds: profile.proxyTimeoutSeconds,
    };
    this.charged = charged;
    this.error = null;
    this.phase = 'charging';
    try {
      this.result = await api.payments.sale({
        // Named explicitly: switching the active terminal mid-charge must not move the sale.
        profileId: charged.profileId,
        amountCents: charged.amountCents,
        tipCents: charged.tipCents,
        referenceId: charged.referenceId,
        paymentType: charged.paymentType,
        ...optionInput(this.options),
        ...(this.invoiceNumber ? { invoiceNumber: this.invoiceNumber } : {}),
      });
      this.phase = 'result';
    } catch (error) {
      this.error = error instanceof ApiError ? error : new ApiError({ code: 'INTERNAL', message: errorMessage(error) });
      // Any other failure means the terminal refused it or never saw it: the form comes back with
      // the SAME ReferenceId, so if it did go through after all, a retry is refused as a duplicate
      // (1011) instead of charging the card twice.
      this.phase = this.error.code === 'OUTCOME_UNKNOWN' ? 'unknown' : 'editing';
    }
    // The demo customer's queued behaviour is used by any sale the terminal saw.
    if (charged.environment === 'demo' && this.phase !== 'editing') demo.used();
  }

  /** A fresh attempt with a new ReferenceId; a declined card may keep its amounts for another try. */
  newSale(options: { keepAmounts?: boolean } = {}): void {
    if (this.phase === 'charging') return;
    this.referenceId = newReferenceId();
    if (!options.keepAmounts) {
      this.amountCents = null;
      this.tipCents = null;
      this.paymentType = 'Credit';
      this.invoiceNumber = undefined;
      this.options = defaultOptionFields();
    }
    this.phase = 'editing';
    this.result = null;
    this.error = null;
    this.charged = null;
  }

  /**
   * Starts a new sale filled in from elsewhere (an invoice the customer picked at the table).
   * Refused while a sale is being charged or its outcome is unknown: that one must finish first.
   */
  prefill(input: { amountCents: number; invoiceNumber?: string }): boolean {
    if (this.phase === 'charging' || this.phase === 'unknown') return false;
    this.newSale();
    this.amountCents = input.amountCents;
    this.invoiceNumber = input.invoiceNumber;
    return true;
  }
}

export const sale = new Sale();
