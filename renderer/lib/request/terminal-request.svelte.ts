import { StepMachine } from '../step-machine.svelte';

export type RequestPhase = 'idle' | 'waiting' | 'done' | 'failed';

/**
 * One request to the terminal that may wait on the customer (a prompt, an invoice pick): its phase,
 * when it started, how long the service waits at most, and the answer or the failure. Screens keep
 * theirs at module level, so leaving a screen mid-wait loses nothing: the answer lands here and is
 * shown on return, and a second request cannot start while one is waiting (the terminal would
 * answer 2008, busy).
 */
export class TerminalRequest<T> extends StepMachine<RequestPhase> {
  startedAt = $state(0);
  /** The SPInProxyTimeout the request was sent with, for the live indicator. */
  waitSeconds = $state(0);
  result = $state.raw<T | null>(null);
  waiting = $derived(this.phase === 'waiting');

  /** Sends once; false when it failed or another request of this kind is still waiting. */
  async run(waitSeconds: number, send: () => Promise<T>): Promise<boolean> {
    if (this.phase === 'waiting') return false;
    this.startedAt = Date.now();
    this.waitSeconds = waitSeconds;
    this.result = null;
    return this.step('waiting', send, (result) => (this.result = result), { done: 'done', failed: 'failed' });
  }

  /** Back to a blank form; ignored while waiting, since the answer is still to come. */
  reset(): void {
    if (this.phase === 'waiting') return;
    this.phase = 'idle';
    this.result = null;
    this.error = null;
  }
}
