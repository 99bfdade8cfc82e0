import type { IntentLine } from '../journal/records';
import type { ResponseOf } from '@shared/spin/endpoints';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';

export type SettleProbe = NonNullable<IntentLine['probe']>;

/** The newest ReferenceId of a Daily answer: the open batch's most recent transaction. */
export function newestReference(daily: {
  DailyDetails?: { TransactionsDailyReports?: { ReferenceId?: string | null }[] | null }[] | null;
}) {
  const rows = (daily.DailyDetails ?? []).flatMap((detail) => detail.TransactionsDailyReports ?? []);
  return rows.findLast((row) => typeof row.ReferenceId === 'string' && row.ReferenceId !== '')?.ReferenceId ?? undefined;
}

/**
 * The batch number of one transaction of the open batch (Status names it); undefined when the
 * terminal does not say. 'Card' lets the terminal match whatever payment type the transaction had
 * (the vendor SDK's lookups do the same).
 */
export async function batchNumberOf(deps: TerminalDeps, profileId: string | undefined, ref: string): Promise<string | undefined> {
  const status = await callTerminal(deps, profileId, 'Status', () => ({ PaymentType: 'Card' as const, ReferenceId: ref }));
  return status.BatchNumber || undefined;
}

/** What the read just before Settle found: the probe, and the Daily answer it came from (closing-batch.ts). */
export interface ProbedBatch {
  probe: SettleProbe | undefined;
  daily: ResponseOf<'Daily'> | undefined;
}

/**
 * A transaction of the batch about to be closed, read from the terminal itself just before Settle.
 * If Settle's answer is lost, recovery asks Status for this transaction: gone from the open batch
 * (or in a batch with a new number) means the batch was closed. Reading it from the terminal,
 * not from the journal, matters: a batch filled by another register has no entry in our journal,
 * and our newest journal entry may belong to a batch someone already settled.
 * Returns undefined when the batch is empty or the terminal cannot say (Settle then speaks for itself).
 */
export async function probeOpenBatch(deps: TerminalDeps, profileId: string | undefined): Promise<ProbedBatch> {
  let daily: ResponseOf<'Daily'> | undefined;
  try {
    daily = await callTerminal(deps, profileId, 'Daily', () => ({}));
    const ref = newestReference(daily);
    if (!ref) return { probe: undefined, daily };
    const batchNumber = await batchNumberOf(deps, profileId, ref);
    return { probe: batchNumber ? { ref, paymentType: 'Card', batchNumber } : undefined, daily };
  } catch {
    return { probe: undefined, daily };
  }
}
