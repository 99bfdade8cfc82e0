import { setTimeout as wait } from 'node:timers/promises';
import { RecoveryStopped } from './recovery-stopped';

/**
 * Waits `ms`, or rejects with RecoveryStopped as soon as the signal fires (the user's Stop, the app
 * closing). Node's promise timer does the waiting, the one sleep the services use; this only says
 * why the wait ended in recovery's own words, which money-move and recover look for.
 */
export async function waitUnlessStopped(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await wait(Math.max(0, ms), undefined, { signal });
  } catch (error) {
    if (signal.aborted) throw new RecoveryStopped();
    throw error;
  }
}
