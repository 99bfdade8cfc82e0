import type { SettlementType } from '@shared/spin/enums';
import { asApiError } from './as-api-error';
import { StepMachine } from './step-machine.svelte';

/** reading: fetching what the confirmation shows. confirming: the dialog is open. */
export type SettlePhase = 'idle' | 'reading' | 'confirming' | 'settling' | 'done';

/**
 * The one confirmation machine of Settle (one terminal, Batch) and Settle all (Store): read what
 * will close, let the person confirm with a type (Close, Clear, Force), settle, end done. Each
 * screen extends it with what it reads and sends and keeps its own words. One step runs at a time:
 * a second click while reading or settling is ignored, so one confirmation never settles twice.
 */
export class SettleMachine<Preview> extends StepMachine<SettlePhase> {
  /** What the confirmation shows: the terminal's Summary, or the plan of every terminal. */
  preview = $state.raw<Preview | null>(null);
  type = $state<SettlementType>('Close');
  busy = $derived(this.phase === 'reading' || this.phase === 'settling');

  /** Reads the preview, then opens the confirmation; false when busy or the read failed (error says why). */
  async readThenConfirm(read: () => Promise<Preview>): Promise<boolean> {
    if (this.busy) return false;
    // Clear and Force are chosen on purpose each time, never carried over from the last settlement.
    this.type = 'Close';
    return this.step('reading', read, (preview) => (this.preview = preview), { done: 'confirming', failed: 'idle' });
  }

  /** The dialog was closed without confirming (Cancel, Esc). */
  dismiss(): void {
    if (this.phase === 'confirming') this.phase = 'idle';
  }

  /**
   * Settles with the chosen type. Not tied to 'confirming': the dialog closes (dismiss) in the
   * same turn just before it confirms. False when a step is already under way.
   */
  async settle(work: (type: SettlementType) => Promise<void>): Promise<boolean> {
    if (this.busy) return false;
    this.phase = 'settling';
    try {
      await work(this.type);
    } catch (error) {
      this.error = asApiError(error);
    }
    this.phase = 'done';
    return true;
  }

  /** Back to idle once the result is read; false (nothing cleared) while a step is under way. */
  clear(): boolean {
    if (this.busy) return false;
    this.phase = 'idle';
    this.error = null;
    return true;
  }
}
