import type { z } from 'zod';
import type { ProfileChoice, TerminalStateView } from '@shared/ipc/diagnostics-views';
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
  deps: TerminalDeps,
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
    if (error instanceof SpinError && error.code === 'HTTP_STATUS' && error.httpStatus === 404 && !hasTerminalStatus(error.response)) {
      const target = await deps.profiles.target(profileId);
      diagnostics.withoutTerminalStatus.add(target.baseUrl);
    }
    // Anything else (no Authkey yet, unreachable, refused) is already in the state, or proves nothing.
  }
  const view = await diagnostics.terminalState(profileId);
  const target = profileId ? await deps.profiles.target(profileId).catch(() => undefined) : undefined;
  const running = target ? deps.activity?.running(target) : undefined;
  return running
    ? { ...view, busyWith: { operation: running.operation, ...(running.referenceId ? { referenceId: running.referenceId } : {}) } }
    : view;
}

/** A 404 that still says TerminalStatus (a service answering NotFound with 404) is an answer, not a missing route. */
function hasTerminalStatus(body: unknown): boolean {
  return typeof body === 'object' && body !== null && typeof (body as { TerminalStatus?: unknown }).TerminalStatus === 'string';
}
