import type { Channel, InputOf, OutputOf } from '@shared/ipc/contract';
import type { AppError, Envelope } from '@shared/ipc/envelope';
import type { ProfileView } from '@shared/ipc/profile-views';
import { afterEach, beforeEach, vi } from 'vitest';
import { setTransport } from '../lib/api';
import { hostConnection } from '../lib/host-connection.svelte';
import { defaultTransport } from '../lib/transport';
import { profiles } from '../state/profiles.svelte';

type Answer<C extends Channel> = OutputOf<C> | { error: AppError };
type Handlers = { [C in Channel]?: (input: InputOf<C>) => Answer<C> | Promise<Answer<C>> };

export interface RecordedCall {
  channel: string;
  input: unknown;
}

/**
 * Installs a transport that answers from `handlers` and records every call, so a component test can
 * check what was (or was not) sent without a main process. Unhandled channels fail loudly.
 */
export function installFakeTransport(handlers: Handlers): RecordedCall[] {
  const calls: RecordedCall[] = [];
  setTransport(async (channel, input): Promise<Envelope<unknown>> => {
    calls.push({ channel, input });
    const handler = handlers[channel as Channel] as ((input: unknown) => unknown) | undefined;
    if (!handler) return { ok: false, error: { code: 'INTERNAL', message: `fake transport: no handler for ${channel}` } };
    const answer = await handler(input);
    if (answer && typeof answer === 'object' && 'error' in answer) return { ok: false, error: (answer as { error: AppError }).error };
    return { ok: true, data: answer };
  });
  return calls;
}

export function callsTo(calls: readonly RecordedCall[], channel: Channel): RecordedCall[] {
  return calls.filter((call) => call.channel === channel);
}

/**
 * The browser host's real transport, with every fetch failing as it does once the host has stopped.
 * Undo with vi.unstubAllGlobals().
 */
export function installStoppedHost(): void {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  setTransport(defaultTransport());
}

/**
 * For a suite whose page loses the host (installStoppedHost): each test starts with the host heard and
 * `profile` the one terminal, active, and the failing fetch goes after each.
 */
export function startEachTestWithHostHeard(profile: ProfileView): void {
  beforeEach(() => {
    hostConnection.heard(hostConnection.sending(), undefined);
    profiles.apply({ profiles: [profile], activeId: profile.id });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
