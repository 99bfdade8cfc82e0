import type { JournalEntry } from '../journal/records';
import type { SpinClient } from '../spin/spin-client';
import { SpinError } from '../spin/spin-error';
import { backoffMs, type RecoveryPolicy } from './policy';
import type { Tracker } from './recovery-registry';
import { judge, statusQuery, type StatusAnswer, type StatusRecord, type Verdict } from './status-verdict';
import { sleep } from './stopped';

export interface RecoverContext {
  /** A client whose requests the tracker's signal aborts. */
  client: SpinClient;
  policy: RecoveryPolicy;
  tracker: Tracker;
  now?: () => number;
}

/** A final verdict from a Status lookup. */
export type Recovered = Extract<Verdict, { kind: 'final' }>;

/**
 * Asks Status with the request's ReferenceId until the answer settles what happened: waits out
 * 2008 (DelayBeforeNextRequest), backs off 1, 2, 4, 5 s on anything else that fails, and
 * trusts "not found" only after the request's deadline. It never resends the request. Throws
 * RecoveryStopped when the tracker's signal fires.
 */
export async function recoverByStatus(ctx: RecoverContext, entry: JournalEntry): Promise<Recovered> {
  const { client, policy, tracker } = ctx;
  const now = ctx.now ?? Date.now;
  const query = statusQuery(entry.intent);
  let failures = 0;
  for (let lookup = 1; ; lookup += 1) {
    tracker.progress('looking-up', lookup, `Looking up ${query.ReferenceId} (Status, try ${lookup})`);
    const asked = await askStatus(client, query, entry.intent.op, policy.busyDefaultMs / 1000);
    if (asked.kind === 'answer') {
      failures = 0;
      const verdict = judge(entry.intent, asked.answer, now() >= entry.deadlineMs);
      if (verdict.kind === 'final') return verdict;
      const wait = Math.max(0, Math.min(policy.notFoundPollMs, entry.deadlineMs - now()));
      tracker.progress('retry-wait', lookup, 'Not recorded yet: the terminal may still be working on it', now() + wait);
      await sleep(wait, tracker.signal);
      continue;
    }
    const wait = asked.busySeconds === undefined ? backoffMs(policy, failures++) : Math.min(policy.busyMaxMs, asked.busySeconds * 1000);
    tracker.progress(asked.busySeconds === undefined ? 'retry-wait' : 'busy-wait', lookup, asked.detail, now() + wait);
    await sleep(wait, tracker.signal);
  }
}

type Asked = { kind: 'answer'; answer: StatusAnswer } | { kind: 'failed'; detail: string; busySeconds?: number };

async function askStatus(client: SpinClient, query: ReturnType<typeof statusQuery>, op: string, busyDefaultSeconds: number): Promise<Asked> {
  try {
    const record = (await client.call('Status', { ...query, GetReceipt: 'Both' })) as StatusRecord;
    return { kind: 'answer', answer: { kind: 'record', record } };
  } catch (error) {
    if (!(error instanceof SpinError)) return { kind: 'failed', detail: `Status failed: ${String(error)}` };
    const code = error.statusCode;
    if (error.code === 'TERMINAL' && code === '1001') return { kind: 'answer', answer: { kind: 'not-found' } };
    if (error.code === 'TERMINAL' && echoes(error.response, query.ReferenceId)) {
      const record = { ...(error.response as object), GeneralResponse: error.generalResponse } as StatusRecord;
      return { kind: 'answer', answer: { kind: 'failed-record', record } };
    }
    if (error.code === 'PROXY' && code === '2008') {
      const delay = error.generalResponse?.DelayBeforeNextRequest;
      return { kind: 'failed', detail: 'The terminal is busy; waiting before the next lookup', busySeconds: typeof delay === 'number' && delay > 0 ? delay : busyDefaultSeconds };
    }
    return { kind: 'failed', detail: `Status for ${op} failed: ${error.message}` };
  }
}

/** A failure answer that is about the looked-up transaction (it names its reference and type). */
function echoes(response: unknown, ref: string): boolean {
  if (typeof response !== 'object' || response === null) return false;
  const { ReferenceId, TransactionType } = response as { ReferenceId?: unknown; TransactionType?: unknown };
  return typeof ReferenceId === 'string' && ReferenceId.toLowerCase() === ref.toLowerCase() && typeof TransactionType === 'string' && TransactionType !== '';
}
