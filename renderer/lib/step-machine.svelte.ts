import type { ApiError } from './api';
import { asApiError } from './as-api-error';

/**
 * What the renderer's request machines (a customer request, Settle's confirmation) share: a phase,
 * starting at 'idle', and the failure of the last step, as an ApiError to show. A step shows its
 * phase while it runs and moves to one phase when it went through, to another when it failed.
 */
export class StepMachine<Phase extends string> {
  // Every machine's phases include 'idle', where it starts.
  phase = $state<Phase>('idle' as Phase);
  error = $state.raw<ApiError | null>(null);

  /** Runs `call` in phase `during` and hands its answer to `keep`; false when it failed (error says why). */
  protected async step<T>(
    during: Phase,
    call: () => Promise<T>,
    keep: (answer: T) => void,
    after: { done: Phase; failed: Phase },
  ): Promise<boolean> {
    this.phase = during;
    this.error = null;
    // The answer and the phase after it land in the same turn, so no screen shows one without the other.
    try {
      keep(await call());
      this.phase = after.done;
      return true;
    } catch (error) {
      this.error = asApiError(error);
      this.phase = after.failed;
      return false;
    }
  }
}
