import type { SettleResult, SummaryReport } from '@shared/ipc/report-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import type { SettlementType } from '@shared/spin/enums';
import { api, ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { newReferenceId } from '../../lib/reference-id';
import type { KeptSettlement } from '../../state/settlement-reprint.svelte';
import { reconciliation } from './reconcile.svelte';
import { reports } from './reports.svelte';

/** checking: reading a fresh Summary for the dialog. confirming: the dialog is open. */
export type SettlePhase = 'idle' | 'checking' | 'confirming' | 'settling' | 'done';

/**
 * One settlement, from the fresh Summary the confirmation shows to the terminal's answer. Kept
 * outside the screen: leaving the screen mid-settlement must not lose the answer.
 */
class Settlement {
  phase = $state<SettlePhase>('idle');
  terminal = $state.raw<Pick<ProfileView, 'id' | 'name' | 'tpn'> | null>(null);
  preview = $state.raw<SummaryReport | null>(null);
  type = $state<SettlementType>('Close');
  result = $state.raw<SettleResult | null>(null);
  /** The result on show came from the journal (History's reprint), not from a settlement just made. */
  kept = $state(false);
  error = $state.raw<ApiError | null>(null);

  /** Reads what is open now, then opens the confirmation. */
  async prepare(profile: ProfileView): Promise<void> {
    if (this.phase === 'checking' || this.phase === 'settling') return;
    this.terminal = { id: profile.id, name: profile.name, tpn: profile.tpn };
    this.phase = 'checking';
    this.error = null;
    this.result = null;
    this.kept = false;
    this.type = 'Close';
    try {
      this.preview = await api.reports.summary({ profileId: profile.id });
      reports.summary = this.preview;
      this.phase = 'confirming';
    } catch (error) {
      this.error = asApiError(error);
      this.phase = 'idle';
    }
  }

  /** The dialog was closed without confirming (Cancel, Esc). */
  dismissDialog(): void {
    if (this.phase === 'confirming') this.phase = 'idle';
  }

  async run(): Promise<void> {
    const terminal = this.terminal;
    if (!terminal || this.phase === 'settling') return;
    this.phase = 'settling';
    this.kept = false;
    try {
      // A new reference per attempt: the journal refuses one that was already used.
      this.result = await api.batch.settle({ profileId: terminal.id, referenceId: newReferenceId(), settlementType: this.type });
    } catch (error) {
      this.error = asApiError(error);
    }
    this.phase = 'done';
    // The check compared a batch that is now closed.
    reconciliation.clear();
    await reports.reloadAll(terminal.id);
  }

  /** Shows a settlement kept in the journal, to print or export it again. */
  async showKept(wanted: KeptSettlement): Promise<void> {
    if (this.phase === 'checking' || this.phase === 'settling' || this.phase === 'confirming') return;
    this.error = null;
    try {
      this.result = await api.batch.settlement({ tpn: wanted.tpn, referenceId: wanted.referenceId });
      // The terminal the result is of: it heads the reprint, whichever terminal is active.
      this.terminal = { id: wanted.profileId, name: wanted.terminalName, tpn: wanted.tpn };
      this.kept = true;
      this.phase = 'done';
    } catch (error) {
      this.error = asApiError(error);
    }
  }

  clear(): void {
    if (this.phase === 'settling' || this.phase === 'checking') return;
    this.phase = 'idle';
    this.result = null;
    this.kept = false;
    this.error = null;
  }
}

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError({ code: 'INTERNAL', message: errorMessage(error) });
}

export const settlement = new Settlement();
