// Timings of resends and lookups. Production uses the defaults; tests shrink them.
import { doublingDelayMs } from '@shared/backoff';
import type { SpinError } from '../spin/spin-error';

export interface RecoveryPolicy {
  /** First wait after a Status lookup failed (network, 5xx, proxy error); doubles each time. */
  backoffStartMs: number;
  /** Longest wait between lookups: short, so a lookup goes on within seconds once the network is back. */
  backoffMaxMs: number;
  /** How soon to ask again while "not found" is not yet conclusive (the request may still be running). */
  notFoundPollMs: number;
  /**
   * Added to the request's own HTTP timeout to get its deadline: until then a terminal may still
   * record the transaction, so Status "not found" proves nothing yet.
   */
  notFoundMarginMs: number;
  /**
   * The longest a lookup waits for a deadline from when it starts: the longest SPInProxyTimeout
   * (720 s) + the client's grace (15 s) + notFoundMarginMs (docs/PROTOCOL.md §9.1, §9.2). A stored
   * deadline further off than that was computed by a clock that has since moved back (the host ran
   * a day ahead, then the clock was corrected): no request can still be in flight that long.
   */
  deadlineCapMs: number;
  /**
   * How long the batch read taken with an intent may take (recovery/batch-boundary.ts): it only
   * adds a witness, so a terminal slow to answer it must not hold up the payment.
   */
  witnessReadMs: number;
  /** Resends of the original after 2008 / 2001 / 1000 (nothing processed) before giving up. */
  maxResends: number;
  /** First wait before resending after 2001 / 1000 (doubles up to resendMaxMs); 2008 waits DelayBeforeNextRequest. */
  resendStartMs: number;
  /** Longest wait between resends after 2001 / 1000. */
  resendMaxMs: number;
  /**
   * How long a request answered 1000 (terminal busy) keeps being tried again, past maxResends:
   * live services stay busy 30-50 s after an approval (docs/PROTOCOL.md §9.6), so a Void or
   * Return right after a sale must outlast that.
   */
  terminalBusyMs: number;
  /** 2008 without a usable DelayBeforeNextRequest. */
  busyDefaultMs: number;
  /** Longest DelayBeforeNextRequest honoured, so a wild value cannot park a sale for an hour. */
  busyMaxMs: number;
}

/** SPInProxyTimeout's upper bound (docs/PROTOCOL.md §9.1) and the client's default grace on top (§9.2). */
const LONGEST_PROXY_TIMEOUT_S = 720;
const CLIENT_GRACE_S = 15;

export const DEFAULT_POLICY: RecoveryPolicy = {
  backoffStartMs: 1_000,
  backoffMaxMs: 5_000,
  notFoundPollMs: 1_000,
  notFoundMarginMs: 2_000,
  deadlineCapMs: (LONGEST_PROXY_TIMEOUT_S + CLIENT_GRACE_S) * 1000 + 2_000,
  witnessReadMs: 5_000,
  maxResends: 3,
  resendStartMs: 2_000,
  resendMaxMs: 8_000,
  terminalBusyMs: 75_000,
  busyDefaultMs: 5_000,
  busyMaxMs: 120_000,
};

export function resolvePolicy(overrides: Partial<RecoveryPolicy> = {}): RecoveryPolicy {
  return { ...DEFAULT_POLICY, ...overrides };
}

/** 1, 2, 4 ... capped: the wait before lookup number `failures` + 1. */
export function backoffMs(policy: RecoveryPolicy, failures: number): number {
  return doublingDelayMs({ startMs: policy.backoffStartMs, maxMs: policy.backoffMaxMs }, failures);
}

/** 2, 4, 8, 8 ... s: the wait before resend number `attempt` + 1 after 2001 / 1000. */
export function resendBackoffMs(policy: RecoveryPolicy, attempt: number): number {
  return doublingDelayMs({ startMs: policy.resendStartMs, maxMs: policy.resendMaxMs }, attempt);
}

/** A wait the service asked for (DelayBeforeNextRequest, Retry-After), capped so a wild value cannot park a payment. */
export function serviceWaitMs(policy: RecoveryPolicy, seconds: number): number {
  return Math.min(policy.busyMaxMs, seconds * 1000);
}

/**
 * The wait a busy terminal (2008) asked for, as the optional `waitSeconds` of a "look again"
 * verdict: nothing when it named none, so the caller's default wait applies.
 */
export function busyWait(error: SpinError): { waitSeconds?: number } {
  const delay = error.generalResponse?.DelayBeforeNextRequest;
  return typeof delay === 'number' && delay > 0 ? { waitSeconds: delay } : {};
}
