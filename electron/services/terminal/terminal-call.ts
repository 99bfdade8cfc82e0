import { endpoints, type EndpointName, type ResponseOf } from '@shared/spin/endpoints';
import type { ProfileService, TerminalTarget } from '../profiles/profile-service';
import { createSpinClient, type SpinClientOptions, type SpinRequest } from '../spin/spin-client';
import { AppFailure } from '../app-failure';
import type { TerminalActivity } from './terminal-activity';
import type { ReportLane } from './report-lane';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

// Requests that move no money (lookups, reports, display, prompts, Level 3) go straight to the terminal: nothing to
// journal or recover, since sending one twice charges no one. The type below keeps money-moving
// endpoints out of this path at compile time; the check in callTerminal keeps them out at run time.

export type NonMoneyEndpoint = {
  // Endpoints only the simulator serves are no operation of the app's (shared/spin/endpoints.ts).
  [N in EndpointName]: (typeof endpoints)[N]['movesMoney'] extends true
    ? never
    : (typeof endpoints)[N] extends { simulatorOnly: true }
      ? never
      : N;
}[EndpointName];

/** What everything that talks to a terminal needs: its profile (target) and the client options. MoneyMoveDeps extends it. */
export interface TerminalDeps {
  profiles: Pick<ProfileService, 'target'>;
  /** The request log hook and transport options the rest of main uses. */
  clientOptions?: SpinClientOptions | undefined;
  /** What this PC waits on at each terminal: a second customer request is refused at once (terminal-activity.ts). */
  activity?: TerminalActivity | undefined;
  /** Reports and this PC's Settle, one after another per terminal (report-lane.ts). */
  reportLane?: ReportLane | undefined;
}

/** Requests that wait on the customer at the terminal: one at a time per terminal, and "Cancel on terminal" aborts them. */
const WAITS_ON_CUSTOMER: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'Balance',
  'GetCard',
  'UserInput',
  'UserChoice',
  'SelectInvoice',
  'PaymentInvoice',
]);

/**
 * Sends one request to the profile's terminal (the active one when none is named) and returns its
 * answer; refusals throw SpinError, which dispatch turns into an envelope error with the code's
 * explanation (a customer cancel is TERMINAL with StatusCode 1012).
 */
export async function callTerminal<N extends NonMoneyEndpoint>(
  deps: TerminalDeps,
  profileId: string | undefined,
  name: N,
  request: (target: TerminalTarget) => SpinRequest<N>,
): Promise<ResponseOf<N>> {
  if (endpoints[name].movesMoney) throw new Error(`${name} moves money and must go through runMoneyMove`);
  const target = await deps.profiles.target(profileId);
  const body = request(target);
  const named = (body as { ReferenceId?: unknown }).ReferenceId;
  const referenceId = typeof named === 'string' ? named : undefined;
  // Without a ReferenceId no abort can be aimed at this request alone, so "Cancel on terminal"
  // only stops our wait (payments/abort.ts); the cashier cancels on the terminal's own screen.
  const stop = WAITS_ON_CUSTOMER.has(name) && referenceId === undefined ? new AbortController() : undefined;
  const release = WAITS_ON_CUSTOMER.has(name)
    ? deps.activity?.claim(target, { operation: name, referenceId, ...(stop ? { stopWaiting: () => stop.abort() } : {}) })
    : undefined;
  const caller = deps.clientOptions?.signal;
  const options = stop
    ? { ...deps.clientOptions, signal: caller ? AbortSignal.any([caller, stop.signal]) : stop.signal }
    : deps.clientOptions;
  try {
    return await createSpinClient(target, options).call(name, body);
  } catch (error) {
    if (stop?.signal.aborted) throw stoppedWaiting(name);
    throw error;
  } finally {
    release?.();
  }
}

/** What the screen says once the cashier stopped waiting for a prompt: it may still be on the terminal. */
function stoppedWaiting(name: EndpointName): AppFailure {
  return new AppFailure('ABORTED', m.main_stopped_waiting({ name }), { remedy: m.main_stopped_waiting_remedy() });
}

/** Text fields the form left empty are left out of the request rather than sent as "". */
export function filled(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
