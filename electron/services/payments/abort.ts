import type { z } from 'zod';
import type { ProfileChoice } from '@shared/ipc/diagnostics-views';
import type { AbortResult } from '@shared/ipc/terminal-views';
import { endpoints, type EndpointName } from '@shared/spin/endpoints';
import type { Journal } from '../journal/journal';
import type { RecoveryRegistry } from '../recovery/recovery-registry';
import { SpinError } from '../spin/spin-error';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';
import { describeRunning, type Running } from '../terminal/terminal-activity';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

/** Money moves wait between tries in the recovery registry; the journal says whether the answer was lost. */
export type AbortDeps = TerminalDeps & { registry?: RecoveryRegistry; journal?: Pick<Journal, 'usesOf'> };

/**
 * Where our own request of this reference stands, by our own records:
 * - 'in-flight': sent (or being looked up after a lost answer) and not answered: an abort naming
 *   its ReferenceId can only end it;
 * - 'resend-wait': waiting to be sent again after a busy answer (2008, 1000, 2001): nothing of it is
 *   on the terminal, so there is nothing to abort (a wait while a lost answer is looked up is not
 *   this: its entry has an unknown reason);
 * - 'answered': its outcome is already journaled; the screen is about to show it.
 */
async function moneyMoveState(deps: AbortDeps, tpn: string, referenceId: string): Promise<'in-flight' | 'resend-wait' | 'answered'> {
  if (!deps.registry || !deps.journal) return 'in-flight';
  const entry = (await deps.journal.usesOf(tpn, referenceId)).find((use) => use.outcome === undefined);
  if (!entry) return 'answered';
  if (entry.unknownReason !== undefined) return 'in-flight';
  const phase = deps.registry.live(entry.intent.id)?.phase;
  return phase === 'busy-wait' || phase === 'resend-wait' ? 'resend-wait' : 'in-flight';
}

/** The catalogue's "There is no processing request now" (docs/PROTOCOL.md §4.19, §8.3). */
const NOTHING_RUNNING = '2301';

function movesMoney(operation: string): boolean {
  return operation in endpoints && endpoints[operation as EndpointName].movesMoney === true;
}

/**
 * A request without a ReferenceId (a prompt) cannot be named in an abort, and a bare abort ends
 * whatever the terminal runs, which may be another register's sale by now (docs/PROTOCOL.md §4.19).
 * So nothing is sent: this PC stops waiting, and the cashier cancels on the terminal's screen.
 */
function stopWaitingFor(running: Running, named: Pick<AbortResult, 'operation'>): AbortResult {
  running.stopWaiting?.();
  return {
    sent: false,
    ...named,
    message: m.svc_abort_prompt({ what: describeRunning(running) }),
  };
}

/**
 * "Cancel on terminal": sends AbortTransaction for the request this PC waits on at the terminal,
 * and only when that request carries our ReferenceId and our own records show it still waiting.
 * It reports only what the abort itself was told; how the waiting request ended is that request's
 * own answer (1012 canceled, or an approval that got there first), or a Status lookup, never this.
 * Either answer shows the terminal is not working on anything now, which recovery may use
 * (recovery/recover.ts).
 */
export async function abortOnTerminal(deps: AbortDeps, input: z.output<typeof ProfileChoice>): Promise<AbortResult> {
  const target = await deps.profiles.target(input?.profileId);
  const running = deps.activity?.running(target);
  if (!running) return { sent: false, message: m.svc_abort_nothing_waiting() };
  if (!running.referenceId) return stopWaitingFor(running, { operation: running.operation });
  const referenceId = running.referenceId;
  const named = { operation: running.operation, referenceId };
  const what = describeRunning(running);
  const state = movesMoney(running.operation) ? await moneyMoveState(deps, target.tpn, referenceId) : 'in-flight';
  if (state === 'answered') {
    return { sent: false, ...named, message: m.svc_abort_already_answered({ what }) };
  }
  if (state === 'resend-wait') {
    // Busy with another register: ours is not on the terminal, so an abort would reach someone else's sale. Stop ours instead.
    deps.registry?.stop(referenceId);
    return { sent: false, ...named, message: m.svc_abort_stopped_resend({ what }) };
  }
  try {
    await callTerminal(deps, target.profileId, 'AbortTransaction', () => ({ ReferenceId: referenceId }));
    deps.activity?.sawIdle(target);
    return { sent: true, ...named, statusCode: '0000', message: m.svc_abort_sent({ what }) };
  } catch (error) {
    if (!(error instanceof SpinError) || error.statusCode !== NOTHING_RUNNING) throw error;
    deps.activity?.sawIdle(target);
    return { sent: true, ...named, statusCode: NOTHING_RUNNING, message: m.svc_abort_no_longer({ what }) };
  }
}
