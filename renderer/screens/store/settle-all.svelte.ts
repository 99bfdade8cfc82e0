import type { SettleAllReport, SettlePlan } from '@shared/ipc/store-views';
import type { SettlementType } from '@shared/spin/enums';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { newReferenceId } from '../../lib/reference-id';

/** How often the progress of a Settle all is read while it runs (each terminal's phase, from main). */
export const SETTLE_ALL_PROGRESS_MS = 500;

export type SettleAllStep = 'idle' | 'planning' | 'confirming' | 'settling' | 'done';

/**
 * Settle all, from the plan the confirmation lists (each terminal's open count and total read
 * now, or why it is left out) to every terminal's result. Kept outside the screen: leaving the
 * screen mid-run must not lose the answers.
 */
class SettleAllRun {
  step = $state<SettleAllStep>('idle');
  plan = $state.raw<SettlePlan | null>(null);
  report = $state.raw<SettleAllReport | null>(null);
  error = $state<string | null>(null);
  /** The same choice the single-terminal Settle offers (SettleOptions), for every terminal of the run. */
  type = $state<SettlementType>('Close');

  settleable = $derived(this.plan?.terminals.filter((terminal) => terminal.skip === null) ?? []);

  async prepare(): Promise<void> {
    if (this.step === 'planning' || this.step === 'settling') return;
    this.step = 'planning';
    this.error = null;
    this.report = null;
    // Clear and Force are chosen on purpose each time, never carried over from the run before.
    this.type = 'Close';
    try {
      this.plan = await api.store.settlePlan(undefined);
      this.step = 'confirming';
    } catch (error) {
      this.error = errorMessage(error);
      this.step = 'idle';
    }
  }

  dismiss(): void {
    if (this.step === 'confirming') this.step = 'idle';
  }

  async run(): Promise<void> {
    const terminals = this.settleable;
    // The dialog closes (dismiss) just before it confirms, so 'idle' here is the confirmation itself.
    if (this.step === 'settling' || this.step === 'planning' || terminals.length === 0) return;
    this.step = 'settling';
    const timer = setInterval(() => void this.#readProgress(), SETTLE_ALL_PROGRESS_MS);
    try {
      // A new reference per terminal and attempt: the journal refuses one that was already used.
      this.report = await api.store.settleAll({
        terminals: terminals.map(({ profileId }) => ({ profileId, referenceId: newReferenceId() })),
        settlementType: this.type,
      });
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      clearInterval(timer);
    }
    this.step = 'done';
  }

  clear(): void {
    if (this.step === 'settling' || this.step === 'planning') return;
    this.step = 'idle';
    this.plan = null;
    this.report = null;
    this.error = null;
  }

  async #readProgress(): Promise<void> {
    try {
      const progress = await api.store.settleAllProgress(undefined);
      // Only a run still going is this one (one runs at a time); a finished one may be the last run's.
      if (this.step === 'settling' && progress && progress.finishedAt === null) this.report = progress;
    } catch {
      // Progress is a hint; the run's own answer says how it ended.
    }
  }
}

export const settleAll = new SettleAllRun();
