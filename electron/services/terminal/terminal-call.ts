import { endpoints, type EndpointName, type ResponseOf } from '@shared/spin/endpoints';
import type { ProfileService, TerminalTarget } from '../profiles/profile-service';
import { createSpinClient, type SpinClientOptions, type SpinRequest } from '../spin/spin-client';
import type { TerminalActivity } from './terminal-activity';

// Requests that move no money (lookups, reports, display, prompts, Level 3) go straight to the terminal: nothing to
// journal or recover, since sending one twice charges no one. The type below keeps money-moving
// endpoints out of this path at compile time; the check in callTerminal keeps them out at run time.

export type NonMoneyEndpoint = {
  [N in EndpointName]: (typeof endpoints)[N]['movesMoney'] extends true ? never : N;
}[EndpointName];

/** What everything that talks to a terminal needs: its profile (target) and the client options. MoneyMoveDeps extends it. */
export interface TerminalDeps {
  profiles: Pick<ProfileService, 'target'>;
  /** The request log hook and transport options the rest of main uses. */
  clientOptions?: SpinClientOptions | undefined;
  /** What this PC waits on at each terminal: a second customer request is refused at once (terminal-activity.ts). */
  activity?: TerminalActivity | undefined;
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
  const referenceId = (body as { ReferenceId?: unknown }).ReferenceId;
  const release = WAITS_ON_CUSTOMER.has(name)
    ? deps.activity?.claim(target, { operation: name, referenceId: typeof referenceId === 'string' ? referenceId : undefined })
    : undefined;
  try {
    return await createSpinClient(target, deps.clientOptions).call(name, body);
  } finally {
    release?.();
  }
}

/** Text fields the form left empty are left out of the request rather than sent as "". */
export function filled(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
