import type { Journal } from '../journal/journal';
import type { RecoveryRegistry } from '../recovery/recovery-registry';

/**
 * How many payments an update's restart would cut into: those being sent or looked up now (the
 * registry) and those the journal holds without an outcome, still waiting for a lookup (a missing
 * Authkey, a terminal out of reach). The journal's count includes the ones in flight, since an
 * intent is written before a request leaves; the registry's covers a resend between the two.
 */
export function openPayments(journal: Pick<Journal, 'pending'>, registry: Pick<RecoveryRegistry, 'inProgress'>): number {
  return Math.max(journal.pending().length, registry.inProgress());
}
