import type { Journal } from '../journal/journal';

// The terminal's batch reports carry no fee: Summary and Daily list amounts only (docs/PROTOCOL.md
// §4.1, "Fees"). What a charge's fee was is in the answer to it, which this PC's journal kept
// (FeeAmount, outcome.feeCents). So the fee of a Daily row is the journal's, by ReferenceId; a row
// another register sent has none here and shows as not known, never as $0.00.

const APPROVED = new Set(['approved', 'partial']);

/** Operations whose answer names the charge's fee; a tip adjustment's answer is the adjusted charge (fee on tip). */
const CHARGES = new Set(['Sale', 'Capture', 'TipAdjust']);

/**
 * The fee of each charge (not voided since) of the terminal's open batch this PC sent, by ReferenceId: read newest
 * first back to the last approved Settle (older ones are in a closed batch), so a tip adjustment's
 * answer, which may carry a new fee, wins over the sale's.
 */
export async function batchFees(journal: Pick<Journal, 'entries'>, tpn: string): Promise<Map<string, number>> {
  const fees = new Map<string, number>();
  // A voided charge's fee went back with it: the Void names the original's ReferenceId.
  const voided = new Set<string>();
  for await (const { intent, outcome } of journal.entries('newest', { tpn })) {
    if (!outcome || !APPROVED.has(outcome.result)) continue;
    if (intent.op === 'Settle') break;
    if (intent.op === 'Void') voided.add(intent.ref);
    else if (CHARGES.has(intent.op) && outcome.feeCents !== undefined && !fees.has(intent.ref) && !voided.has(intent.ref))
      fees.set(intent.ref, outcome.feeCents);
  }
  return fees;
}
