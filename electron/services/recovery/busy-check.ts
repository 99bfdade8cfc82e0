import type { Said } from '@shared/ipc/said';
import type { IntentLine, JournalResult } from '../journal/records';
import type { SpinClient } from '../spin/spin-client';
import { judge, readStatusFailure, statusQuery, type StatusRecord } from './status-verdict';

// Before a request answered 1000 (terminal busy) goes again: does the terminal have it after all?
// The live service words that busy answer "Canceled" / "Service Busy" (docs/PROTOCOL.md §9.6), and
// the vendor's SDK asks Status before it retries (§8.5). If the terminal has the transaction, its
// record is the outcome; if not, or if Status says nothing conclusive, the SAME request is sent
// again: its ReferenceId keeps even a wrong guess safe (a second copy is refused 1011, not charged).

export interface FoundByStatus {
  result: JournalResult;
  record?: StatusRecord | undefined;
  statusCode?: string | undefined;
  message?: string | undefined;
  messageSaid?: Said | undefined;
}

/** The outcome Status proves, or undefined to send the request again. Never throws. */
export async function checkBeforeResend(client: SpinClient, intent: IntentLine): Promise<FoundByStatus | undefined> {
  let verdict: ReturnType<typeof judge>;
  try {
    const record = (await client.call('Status', statusQuery(intent))) as StatusRecord;
    verdict = judge(intent, { kind: 'record', record }, false);
  } catch (error) {
    const reading = readStatusFailure(error, intent.ref);
    if (reading.kind !== 'answer') return undefined;
    verdict = judge(intent, reading.answer, false);
  }
  // "Not concluded": a not-found here only means it was not carried out yet, which the resend settles.
  if (verdict.kind !== 'final') return undefined;
  const { result, record, statusCode, message, messageSaid } = verdict;
  return { result, record, statusCode, message, messageSaid };
}
