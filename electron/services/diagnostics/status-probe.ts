import type { z } from 'zod';
import type { ProfileChoice, TerminalStateView } from '@shared/ipc/diagnostics-views';
import { explainCode } from '@shared/spin/codes';
import type { RecoveryRegistry } from '../recovery/recovery-registry';
import { SpinError } from '../spin/spin-error';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';
import type { DiagnosticsService } from './diagnostics-service';

/**
 * The header's "is my terminal there?": TerminalStatus, which the proxy answers from what it
 * knows of the connection, at once, even while the terminal waits on a customer
 * (docs/PROTOCOL.md §4.20). The exchange recorder turns the answer into the terminal's state like
 * any other answer (terminal-state.ts). A service that does not know the endpoint (404), or a
 * failure, leaves the state learned from the app's own requests, which is what is answered.
 */
export async function probeTerminalStatus(
  deps: TerminalDeps & { registry?: Pick<RecoveryRegistry, 'liveOfReference'> | undefined },
  diagnostics: Pick<DiagnosticsService, 'terminalState' | 'withoutTerminalStatus'>,
  input: z.output<typeof ProfileChoice>,
): Promise<TerminalStateView> {
  let profileId = input?.profileId;
  try {
    const target = await deps.profiles.target(profileId);
    profileId = target.profileId;
    if (!diagnostics.withoutTerminalStatus.has(target.baseUrl)) {
      await callTerminal(deps, target.profileId, 'TerminalStatus', () => ({}));
    }
  } catch (error) {
    if (error instanceof SpinError && error.notOffered) {
      const target = await deps.profiles.target(profileId);
      diagnostics.withoutTerminalStatus.add(target.baseUrl);
    }
    // Anything else (no Authkey yet, unreachable, refused) is already in the state, or proves nothing.
  }
  const view = await diagnostics.terminalState(profileId);
  const target = profileId ? await deps.profiles.target(profileId).catch(() => undefined) : undefined;
  const running = target ? deps.activity?.running(target) : undefined;
  if (!running) return view;
  const busyWith = { operation: running.operation, ...(running.referenceId ? { referenceId: running.referenceId } : {}) };
  // Our own request was just answered "not connected" (2001) and waits to be sent again: that is
  // what the header says, whatever TerminalStatus answered meanwhile, so the header and the
  // waiting screen tell one story (the next answer to the resend decides again).
  const live = running.referenceId ? deps.registry?.liveOfReference(running.referenceId) : undefined;
  if (live?.phase === 'resend-wait' && live.statusCode === NOT_CONNECTED)
    return { ...view, state: 'offline', statusCode: NOT_CONNECTED, detail: explainCode(NOT_CONNECTED).explanation, busyWith };
  return { ...view, busyWith };
}

/** "Terminal not connected to SPIn Proxy server". */
const NOT_CONNECTED = '2001';
