import type { SettleResult, SummaryReport } from '@shared/ipc/report-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import { api } from '../../lib/api';
import { asApiError } from '../../lib/as-api-error';
import { SettleMachine } from '../../lib/settle-machine.svelte';
import { newReferenceId } from '../../lib/reference-id';
import type { KeptSettlement } from '../../state/settlement-reprint.svelte';
import { reconciliation } from './reconcile.svelte';
import { reports } from './reports.svelte';

/**
 * One settlement, from the fresh Summary the confirmation shows to the terminal's answer, on the
 * machine Settle all shares (SettleMachine). Kept outside the screen: leaving the screen
 * mid-settlement must not lose the answer.
 */
class Settlement extends SettleMachine<SummaryReport> {
  terminal = $state.raw<Pick<ProfileView, 'id' | 'name' | 'tpn'> | null>(null);
  result = $state.raw<SettleResult | null>(null);
  /** The result on show came from the journal (History's reprint), not from a settlement just made. */
  kept = $state(false);

  /** Reads what is open now, then opens the confirmation. */
  async prepare(profile: ProfileView): Promise<void> {
    if (this.busy) return;
    this.terminal = { id: profile.id, name: profile.name, tpn: profile.tpn };
    this.result = null;
    this.kept = false;
    await this.readThenConfirm(async () => (reports.summary = await api.reports.summary({ profileId: profile.id })));
  }

  async run(): Promise<void> {
    const terminal = this.terminal;
    if (!terminal) return;
    const settled = await this.settle(async (settlementType) => {
      this.kept = false;
      // A new reference per attempt: the journal refuses one that was already used.
      this.result = await api.batch.settle({ profileId: terminal.id, referenceId: newReferenceId(), settlementType });
    });
    if (!settled) return;
    // The check compared a batch that is now closed.
    reconciliation.clear();
    await reports.reloadAll(terminal.id);
  }

  /** Shows a settlement kept in the journal, to print or export it again. */
  async showKept(wanted: KeptSettlement): Promise<void> {
    if (this.busy || this.phase === 'confirming') return;
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

  override clear(): boolean {
    if (!super.clear()) return false;
    this.result = null;
    this.kept = false;
    return true;
  }
}

export const settlement = new Settlement();
