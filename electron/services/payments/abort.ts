import type { z } from 'zod';
import type { ProfileChoice } from '@shared/ipc/diagnostics-views';
import type { AbortResult } from '@shared/ipc/terminal-views';
import type { Journal } from '../journal/journal';
import type { RecoveryRegistry } from '../recovery/recovery-registry';
import { SpinError } from '../spin/spin-error';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';
import { describeRunning } from '../terminal/terminal-activity';

/** Money moves wait between tries in the recovery registry; the journal says whether the answer was lost. */
export type AbortDeps = TerminalDeps & { registry?: RecoveryRegistry; journal?: Pick<Journal, 'usesOf'> };

/**
 * True while a money move of this reference waits to be sent again after a busy answer (2008,
 * 1000, 2001): nothing of it is on the terminal. A wait while a lost answer is looked up is not
 * this (its entry has an unknown reason), and is never stopped from here.
 */
async function waitingToResend(deps: AbortDeps, tpn: string, referenceId: string): Promise<boolean> {
  if (!deps.registry || !deps.journal) return false;
  const entry = (await deps.journal.usesOf(tpn, referenceId)).find((use) => use.outcome === undefined);
  if (!entry || entry.unknownReason !== undefined) return false;
  const phase = deps.registry.live(entry.intent.id)?.phase;
  return phase === 'busy-wait' || phase === 'resend-wait';
}

/** The catalogue's "There is no processing request now" (docs/PROTOCOL.md §4.19, §8.3). */
const NOTHING_RUNNING = '2301';

/**
 * "Cancel on terminal": sends AbortTransaction for the request this PC waits on at the terminal,
 * with that request's ReferenceId. It reports only what the abort itself was told; how the
 * waiting request ended is that request's own answer (1012 canceled, or an approval that got
 * there first), or a Status lookup, never this. Either answer shows the terminal is not working
 * on anything now, which recovery may use (recovery/recover.ts).
 */
export async function abortOnTerminal(deps: AbortDeps, input: z.output<typeof ProfileChoice>): Promise<AbortResult> {
  const target = await deps.profiles.target(input?.profileId);
  const running = deps.activity?.running(target);
  if (!running) return { sent: false, message: 'Nothing from this PC is waiting on this terminal, so there was nothing to cancel.' };
  const named = { operation: running.operation, ...(running.referenceId ? { referenceId: running.referenceId } : {}) };
  const what = describeRunning(running);
  if (running.referenceId && (await waitingToResend(deps, target.tpn, running.referenceId))) {
    // Busy with another register: ours is not on the terminal, so an abort would reach someone else's sale. Stop ours instead.
    deps.registry?.stop(running.referenceId);
    return {
      sent: false,
      ...named,
      message: `Stopped ${what} before it was sent again: the terminal was busy elsewhere, so nothing was charged.`,
    };
  }
  try {
    await callTerminal(deps, target.profileId, 'AbortTransaction', () => (running.referenceId ? { ReferenceId: running.referenceId } : {}));
    deps.activity?.sawIdle(target);
    return { sent: true, ...named, statusCode: '0000', message: `Cancel sent for ${what}. The terminal's answer to it says how it ended.` };
  } catch (error) {
    if (!(error instanceof SpinError) || error.statusCode !== NOTHING_RUNNING) throw error;
    deps.activity?.sawIdle(target);
    return {
      sent: true,
      ...named,
      statusCode: NOTHING_RUNNING,
      message: `The terminal was no longer working on ${what}: its own answer says how it ended.`,
    };
  }
}
