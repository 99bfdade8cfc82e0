// Shared by the recovery unit tests and the fault/crash suites: a simulator with fake terminals,
// a profiles stub that points at it (or at a proxy in front of it), and MoneyMoveDeps with short
// timings. Credentials are obviously fake.
import { createServer } from 'node:net';
import type { RunningSimulator } from '../../simulator';
import type { Journal } from '../../electron/services/journal/journal';
import type { MoneyMoveDeps } from '../../electron/services/payments/money-move';
import type { TerminalTarget } from '../../electron/services/profiles/profile-service';
import { resolvePolicy, type RecoveryPolicy } from '../../electron/services/recovery/policy';
import { RecoveryRegistry } from '../../electron/services/recovery/recovery-registry';
import type { SpinClientOptions } from '../../electron/services/spin/spin-client';

export const FAKE_AUTHKEY = 'FAKEKEY001';

export function fakeTpn(n: number): string {
  return `FLT${String(n).padStart(7, '0')}`;
}

/** Timings small enough for hundreds of runs: SPInProxyTimeout 1 s, 200 ms HTTP grace. */
export const FAST_POLICY: Partial<RecoveryPolicy> = {
  backoffStartMs: 50,
  backoffMaxMs: 400,
  notFoundPollMs: 100,
  notFoundMarginMs: 100,
  resendStartMs: 50,
  busyDefaultMs: 200,
};
export const FAST_GRACE_MS = 200;

export async function startFakeSimulator(terminals: number, processingDelayMs = 20, seed = 7): Promise<RunningSimulator> {
  // Imported here, not at the top: the crash test's child process uses this kit but no simulator,
  // and it starts 31 times.
  const { startSimulator } = await import('../../simulator');
  return startSimulator({
    host: '127.0.0.1',
    port: 0,
    terminals: Array.from({ length: terminals }, (_, i) => ({ tpn: fakeTpn(i + 1), authkey: FAKE_AUTHKEY })),
    processingDelayMs,
    seed,
  });
}

/** A ProfileService stand-in: profile "p<n>" is terminal fakeTpn(n) behind `baseUrl`. */
export function fakeProfiles(baseUrl: string | (() => string), proxyTimeoutSeconds = 1) {
  return {
    target: async (profileId?: string): Promise<TerminalTarget> => {
      const n = Number((profileId ?? 'p1').slice(1));
      return {
        profileId: profileId ?? 'p1',
        baseUrl: typeof baseUrl === 'string' ? baseUrl : baseUrl(),
        tpn: fakeTpn(n),
        authkey: FAKE_AUTHKEY,
        proxyTimeoutSeconds,
        merchantNumber: null,
      };
    },
  };
}

export function fastDeps(
  journal: Journal,
  baseUrl: string | (() => string),
  extra: { policy?: Partial<RecoveryPolicy>; clientOptions?: SpinClientOptions; registry?: RecoveryRegistry } = {},
): MoneyMoveDeps {
  return {
    journal,
    profiles: fakeProfiles(baseUrl),
    registry: extra.registry ?? new RecoveryRegistry(),
    policy: resolvePolicy({ ...FAST_POLICY, ...extra.policy }),
    clientOptions: { httpGraceMs: FAST_GRACE_MS, ...extra.clientOptions },
  };
}

/** One request the SPIn client sent: its path and its JSON body. */
export interface SentRequest {
  path: string;
  body: Record<string, unknown>;
}

/** A fetch for the client's options that records every request into `sent`, then sends it. */
export function recordingFetch(sent: SentRequest[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    sent.push({ path: new URL(request.url).pathname, body: JSON.parse(await request.clone().text()) as Record<string, unknown> });
    return fetch(request);
  };
}

/** The body of the last request sent to an endpoint (its path ends with `path`); {} when none was. */
export function lastBodyTo(sent: readonly SentRequest[], path: string): Record<string, unknown> {
  return sent.filter((entry) => entry.path.endsWith(path)).at(-1)?.body ?? {};
}

/** A Sale form as the payments:sale handler receives it after parsing. */
export function saleForm(referenceId: string, amountCents: number, profileId = 'p1') {
  return { profileId, referenceId, amountCents, tipCents: 0, paymentType: 'Credit' as const, getReceipt: 'No' as const };
}

/** A loopback URL nothing listens on (connections are refused). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
