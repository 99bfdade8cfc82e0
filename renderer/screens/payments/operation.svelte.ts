import type { ApiError } from '../../lib/api';
import { asApiError } from '../../lib/as-api-error';
import { newReferenceId } from '../../lib/reference-id';
import type { ProfileView } from '@shared/ipc/profile-views';

export type OperationPhase = 'editing' | 'sending' | 'result' | 'unknown';

/** What was sent, kept apart from the form so the result describes the request that ran. */
export interface SentRequest {
  profileId: string;
  terminalName: string;
  referenceId: string;
  /** What the request asked to move (or, for a Void, the original's amount); null for Balance. */
  amountCents: number | null;
  paymentType: string;
  startedAt: number;
  timeoutSeconds: number;
}

/**
 * One payment screen's request: its phase, what was sent, and the answer or the failure. Each
 * screen keeps one at module level, so leaving the screen mid-request loses nothing: the answer
 * lands here and is shown on return, and a second send cannot start while one is running.
 */
export class Operation<R> {
  referenceId = $state(newReferenceId());
  phase = $state<OperationPhase>('editing');
  sent = $state.raw<SentRequest | null>(null);
  result = $state.raw<R | null>(null);
  /** The last failure; with phase 'unknown' it is OUTCOME_UNKNOWN (the lookup was stopped) or HOST_LOST. */
  error = $state.raw<ApiError | null>(null);

  /**
   * The failure may have been carried out all the same: the page lost the host, or main failed
   * unexpectedly, with the request possibly out (main answers a lost answer by looking it up).
   */
  get unsure(): boolean {
    const code = this.error?.code;
    return !this.error?.notSent && (code === 'INTERNAL' || code === 'NETWORK' || code === 'TIMEOUT');
  }

  /**
   * What the screen shows came from a terminal other than `activeId` (issue 36: a voided sale's
   * answer stayed on Sale after switching): an answer, or a refusal that moved nothing. A request
   * still out, an unknown outcome or an unsure failure is never counted: it stays in sight until
   * it ends or the cashier has checked it, whichever terminal is active.
   */
  shownFromOtherTerminal(activeId: string | null): boolean {
    if (this.sent === null || this.sent.profileId === activeId) return false;
    return this.phase === 'result' || (this.phase === 'editing' && !this.unsure);
  }

  /**
   * Drops a refusal (nothing was carried out) and keeps the form as typed, its reference too: a
   * Void's or a Tip adjust's is the original's, and a new payment's was never carried out.
   */
  forgetRefusal(): void {
    if (this.phase !== 'editing') return;
    this.error = null;
    this.sent = null;
  }

  async run(
    profile: ProfileView,
    sent: Omit<SentRequest, 'profileId' | 'terminalName' | 'startedAt' | 'timeoutSeconds'>,
    send: () => Promise<R>,
  ): Promise<void> {
    if (this.phase === 'sending') return;
    this.sent = {
      ...sent,
      profileId: profile.id,
      terminalName: profile.name,
      startedAt: Date.now(),
      timeoutSeconds: profile.proxyTimeoutSeconds,
    };
    this.error = null;
    this.phase = 'sending';
    try {
      this.result = await send();
      this.phase = 'result';
    } catch (error) {
      this.error = asApiError(error);
      // A lost answer, or a page that lost spin-desk itself with the request out, leaves the outcome
      // unknown. Anything else means the request was refused before it was carried out: the form
      // comes back with the SAME ReferenceId, so if it did go through after all, a resend is refused
      // as a duplicate (1011) instead of moving money twice.
      this.phase = this.error.code === 'OUTCOME_UNKNOWN' || this.error.code === 'HOST_LOST' ? 'unknown' : 'editing';
    }
  }

  /** A fresh attempt with a new ReferenceId (Void and TipAdjust set theirs from the original). */
  restart(): void {
    if (this.phase === 'sending') return;
    this.referenceId = newReferenceId();
    this.phase = 'editing';
    this.result = null;
    this.error = null;
    this.sent = null;
  }
}
