import type { IntentLine } from '../journal/records';
import { callTerminal, type TerminalDeps } from '../terminal/terminal-call';

export type SettleProbe = NonNullable<IntentLine['probe']>;

/**
 * A transaction of the batch about to be closed, read from the terminal itself just before Settle.
 * If Settle's answer is lost, recovery asks Status for this transaction: gone from the open batch
 * (or in a batch with a new number) means the batch was closed. Reading it from the terminal,
 * not from the journal, matters: a batch filled by another register has no entry in our journal,
 * and our newest journal entry may belong to a batch someone already settled.
 * Returns undefined when the batch is empty or the terminal cannot say (Settle then speaks for itself).
 */
export async function probeOpenBatch(deps: TerminalDeps, profileId: string | undefined): Promise<SettleProbe | undefined> {
  try {
    const daily = await callTerminal(deps, profileId, 'Daily', () => ({}));
    const rows = (daily.DailyDetails ?? []).flatMap((detail) => detail.TransactionsDailyReports ?? []);
    const ref = rows.findLast((row) => typeof row.ReferenceId === 'string' && row.ReferenceId !== '')?.ReferenceId;
    if (!ref) return undefined;
    // 'Card' lets the terminal match whatever payment type the transaction had (the vendor SDK's lookups do the same).
    const status = await callTerminal(deps, profileId, 'Status', () => ({ PaymentType: 'Card' as const, ReferenceId: ref }));
    return status.BatchNumber ? { ref, paymentType: 'Card', batchNumber: status.BatchNumber } : undefined;
  } catch {
    return undefined;
  }
}
