import type { BatchWitness, JournalEntry } from '../journal/records';
import { said, type Said } from '@shared/ipc/said';
import type { PaymentType } from '@shared/spin/enums';
import type { SpinClient } from '../spin/spin-client';
import { readWitness, settledUnknownMessage } from './batch-boundary';
import { probeIdle } from './idle-probe';
import { backoffMs, serviceWaitMs, type RecoveryPolicy } from './policy';
import type { Tracker } from './recovery-registry';
import { askStatus, judge, statusQuery, type StatusAnswer, type Verdict } from './status-verdict';
import { waitUnlessStopped } from './wait-unless-stopped';
import * as m from '@shared/i18n/paraglide/messages/_index.js';

export interface RecoverContext {
  /** A client whose requests the tracker's signal aborts. */
  client: SpinClient;
  policy: RecoveryPolicy;
  tracker: Tracker;
  /** The wall clock (epoch ms): the journal's deadlines and the screens' countdowns are on it. */
  now?: () => number;
  /**
   * A clock that only moves forward, for the waits of this process: a wall clock put back or
   * forward while a lookup waits must not stretch or cut its deadline.
   */
  monotonic?: () => number;
  /**
   * Called when the lookup starts waiting on this request's own deadline (nothing on the terminal
   * is in the way): the next lookup on the terminal may start meanwhile (reconciler.ts).
   */
  parked?: () => void;
  /** The original's answer asked for a pause (429 Retry-After): wait this long before the first lookup. */
  firstWaitMs?: number;
  /**
   * The proxy gave up on the request (2007) at `at`. Once the terminal has been shown idle since
   * then, "not found" settles it without waiting out the deadline: `idleAt` is when an answer last
   * showed it idle (the answer to the cashier's abort, or a terminal's own answer to another
   * request; terminal/terminal-activity.ts).
   */
  proxyGaveUp?: { at: number; idleAt: () => number | undefined };
  /**
   * Why the batch the request could have landed in may have been settled since its intent, as far
   * as this PC's journal knows (a Settle of ours written after it; batch-boundary.ts), else undefined.
   */
  settledSince?: () => Promise<Said | undefined>;
}

/** A final verdict from a Status lookup. */
export type Recovered = Extract<Verdict, { kind: 'final' }>;

/**
 * Asks Status with the request's ReferenceId until the answer settles what happened: waits out
 * 2008 (DelayBeforeNextRequest) and 429 (Retry-After), backs off 1, 2, 4, 5 s on anything
 * else that says nothing, and trusts "not found" only once the request's deadline has passed AND
 * the terminal has since been seen idle (idle-probe.ts; why in status-verdict.ts judge()). It
 * never resends the request. Throws RecoveryStopped when the tracker's signal fires.
 */
export async function recoverByStatus(ctx: RecoverContext, entry: JournalEntry): Promise<Recovered> {
  const { client, policy, tracker } = ctx;
  const now = ctx.now ?? Date.now;
  const monotonic = ctx.monotonic ?? (() => performance.now());
  // The deadline moves to the monotonic clock once, here, bounded relative to now.
  const deadline = monotonic() + remainingWindowMs(entry, now(), policy);
  const untilDeadline = () => deadline - monotonic();
  const query = statusQuery(entry.intent);
  let failures = 0;
  let idleSeen = false;
  const pause = async (lookup: number, reading: { detail: string; waitSeconds?: number }) => {
    const busy = reading.waitSeconds !== undefined;
    const wait = busy ? serviceWaitMs(policy, reading.waitSeconds ?? 0) : backoffMs(policy, failures++);
    tracker.progress(busy ? 'busy-wait' : 'retry-wait', lookup, reading.detail, now() + wait);
    await waitUnlessStopped(wait, tracker.signal);
  };
  if (ctx.firstWaitMs) await pause(0, { detail: m.svc_progress_service_wait(), waitSeconds: ctx.firstWaitMs / 1000 });
  for (let lookup = 1; ; lookup += 1) {
    tracker.progress('looking-up', lookup, m.svc_progress_looking_up({ reference: query.ReferenceId, attempt: lookup }));
    const asked = await askStatus(client, query);
    if (asked.kind === 'ask-again') {
      await pause(lookup, asked);
      continue;
    }
    const verdict = judge(entry.intent, asked.answer, idleSeen);
    // "Not found" is "not processed" only in the batch the request could have landed in.
    if (verdict.kind === 'final' && verdict.result === 'not-processed' && asked.answer.kind === 'not-found' && entry.intent.op !== 'Settle')
      return unlessSettled(ctx, entry, { lookup, notFound: asked.answer }, verdict, pause);
    if (verdict.kind === 'final') return verdict;
    if (verdict.kind === 'inconclusive') {
      await pause(lookup, { detail: m.svc_progress_inconclusive({ detail: verdict.detail }) });
      continue;
    }
    failures = 0;
    // After a 2007 only the terminal could still be working on it: once it was shown idle since, not found is final.
    if (untilDeadline() > 0 && ctx.proxyGaveUp && (ctx.proxyGaveUp.idleAt() ?? -Infinity) >= ctx.proxyGaveUp.at) {
      idleSeen = true;
      continue;
    }
    if (untilDeadline() > 0) {
      const wait = Math.max(0, Math.min(policy.notFoundPollMs, untilDeadline()));
      ctx.parked?.();
      tracker.progress('retry-wait', lookup, m.svc_progress_not_recorded(), now() + wait);
      await waitUnlessStopped(wait, tracker.signal);
      continue;
    }
    // Past the deadline: one more lookup settles it, once the terminal has shown it is idle.
    tracker.progress('looking-up', lookup, m.svc_progress_checking_idle());
    const idle = await probeIdle(client);
    if (idle.kind === 'idle') idleSeen = true;
    else await pause(lookup, idle);
  }
}

/**
 * How long from now the request may still be in flight (ms). The stored deadline alone is not
 * enough: one computed while the clock ran a day ahead, then put right, lies a day away. So it is
 * bounded by the request's own window (deadline minus the intent's time: as long from now as the
 * request was ever given) and by the longest any request can run (policy.deadlineCapMs).
 */
export function remainingWindowMs(entry: Pick<JournalEntry, 'deadlineMs' | 'createdMs'>, nowMs: number, policy: RecoveryPolicy): number {
  return Math.max(0, Math.min(entry.deadlineMs - nowMs, entry.deadlineMs - entry.createdMs, policy.deadlineCapMs));
}

/**
 * Status did not find the request and it can no longer be running: not processed, unless the batch
 * it could have landed in may have been settled since. That is so when a Settle of ours is in the
 * journal after it, when the intent's witness is gone from the open batch, and when the intent has
 * no witness at all (nothing shows that no other register nor the nightly close settled the batch
 * in between). Then it ends as 'settled-unknown' (docs/PROTOCOL.md §12.2).
 */
async function unlessSettled(
  ctx: RecoverContext,
  entry: JournalEntry,
  { lookup, notFound }: { lookup: number; notFound: StatusAnswer },
  notProcessed: Recovered,
  pause: (lookup: number, reading: { detail: string; waitSeconds?: number }) => Promise<void>,
): Promise<Recovered> {
  const { op } = entry.intent;
  const settledUnknown = (why: Said): Recovered => ({ kind: 'final', result: 'settled-unknown', ...settledUnknownMessage(op, why) });
  const ours = await ctx.settledSince?.();
  if (ours) return settledUnknown(ours);
  const witness: BatchWitness | undefined = entry.intent.batch;
  // Nothing showed which batch was open when it was sent, so a Settle since cannot be ruled out.
  if (!witness) return settledUnknown(said('said_settled_why_no_witness'));
  // The request's own reference: the lookup's own "not found" names the batch it searched.
  if (witness.ownReference) {
    const seen = readWitness({ kind: 'answer', answer: notFound }, witness);
    if (seen.kind === 'open') return notProcessed;
    // A record that showed up since the lookup. Stored: in English, whatever main speaks, with its Said.
    return settledUnknown(seen.kind === 'closed' ? seen.said : said('said_j_why_record_now'));
  }
  for (let check = lookup; ; check += 1) {
    ctx.tracker.progress('looking-up', check, m.svc_progress_batch_check({ batch: witness.batchNumber, reference: witness.ref }));
    const seen = readWitness(
      await askStatus(ctx.client, { ReferenceId: witness.ref, PaymentType: witness.paymentType as PaymentType }),
      witness,
    );
    if (seen.kind === 'open') return notProcessed;
    if (seen.kind === 'closed') return settledUnknown(seen.said);
    await pause(check, seen);
  }
}
