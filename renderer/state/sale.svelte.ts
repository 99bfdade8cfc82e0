import { api, ApiError } from '../lib/api';
import { errorMessage } from '../lib/error-message';
import { newReferenceId } from '../lib/reference-id';
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
    }
    this.phase = 'editing';
    this.result = null;
    this.error = null;
    this.charged = null;
  }
}

export const sale = new Sale();
