import type { SettleAllReport, SettlePlan } from '@shared/ipc/store-views';
import { api } from '../../lib/api';
import { SettleMachine } from '../../lib/settle-machine.svelte';
import { newReferenceId } from '../../lib/reference-id';

/** How often the progress of a Settle all is read while it runs (each terminal's phase, from main). */
export const SETTLE_ALL_PROGRESS_MS = 500;

/**
 * Settle all, from the plan the confirmation lists (each terminal's open count and total read
 * now, or why it is left out) to every terminal's result, on the machine the single Settle
 * shares (SettleMachine). Kept outside the screen: leaving the screen mid-run must not lose the answers.
 */
class SettleAllRun extends SettleMachine<SettlePlan> {
  report = $state.raw<SettleAllReport | null>(null);

  settleable = $derived(this.preview?.terminals.filter((terminal) => terminal.skip === null) ?? []);

  async prepare(): Promise<void> {
    if (this.busy) return;
    this.report = null;
    await this.readThenConfirm(() => api.store.settlePlan(undefined));
  }

  async run(): Promise<void> {
    const terminals = this.settleable;
    if (terminals.length === 0) return;
    await this.settle(async (settlementType) => {
      const timer = setInterval(() => void this.#readProgress(), SETTLE_ALL_PROGRESS_MS);
      try {
        // A new reference per terminal and attempt: the journal refuses one that was already used.
        this.report = await api.store.settleAll({
          terminals: terminals.map(({ profileId }) => ({ profileId, referenceId: newReferenceId() })),
          settlementType,
        });
      } finally {
        clearInterval(timer);
      }
    });
  }

  override clear(): boolean {
    if (!super.clear()) return false;
    this.preview = null;
    this.report = null;
    return true;
  }

  async #readProgress(): Promise<void> {
    try {
      const progress = await api.store.settleAllProgress(undefined);
      // Only a run still going is this one (one runs at a time); a finished one may be the last run's.
      if (this.phase === 'settling' && progress && progress.finishedAt === null) this.report = progress;
    } catch {
      // Progress is a hint; the run's own answer says how it ended.
    }
  }
}

export const settleAll = new SettleAllRun();
