import type { Journal } from '../journal/journal';

// The terminal's batch reports carry no fee: Summary and Daily list amounts only (docs/PROTOCOL.md
// §4.1, "Fees"). What a charge's fee was is in the answer to it, which this PC's journal kept
// (FeeAmount, outcome.feeCents), with the tax on that fee (TaxAmount) and the tip (TipAmount). So
// these parts of a Daily row are the journal's, by ReferenceId; a row another register sent has none
// here and shows as not known, never as $0.00.

const APPROVED = new Set(['approved', 'partial']);

/** Operations whose answer names the charge's fee; a tip adjustment's answer is the adjusted charge (fee on tip). */
const CHARGES = new Set(['Sale', 'Capture', 'TipAdjust']);

/** What this PC's journal knows of one charge in the total: its fee (when the answer named one), the tax on it, its tip. */
export interface ChargeParts {
  feeCents: number | undefined;
  taxCents: number;
  tipCents: number;
  /** The answer's figures do not add up (terminal-amounts.ts): the parts above are then 0 and not known, never summed. */
  figuresProblem?: string;
}

/**
 * The parts of each charge (not voided since) of the terminal's open batch this PC sent, by
 * ReferenceId: read newest first back to the last approved Settle (older ones are in a closed
 * batch), so a tip adjustment's answer, which carries the new tip and may carry a new fee, wins over
 * the sale's.
 */
export async function batchParts(journal: Pick<Journal, 'entries'>, tpn: string): Promise<Map<string, ChargeParts>> {
  const parts = new Map<string, ChargeParts>();
  // A voided charge's fee went back with it: the Void names the original's ReferenceId.
  const voided = new Set<string>();
  for await (const { intent, outcome } of journal.entries('newest', { tpn })) {
    if (!outcome || !APPROVED.has(outcome.result)) continue;
    if (intent.op === 'Settle') break;
    if (intent.op === 'Void') voided.add(intent.ref);
    else if (CHARGES.has(intent.op) && !parts.has(intent.ref) && !voided.has(intent.ref))
      parts.set(
        intent.ref,
        outcome.figuresProblem !== undefined
          ? { feeCents: undefined, taxCents: 0, tipCents: 0, figuresProblem: outcome.figuresProblem }
          : { feeCents: outcome.feeCents, taxCents: outcome.taxCents ?? 0, tipCents: outcome.answeredTipCents ?? intent.tipCents },
      );
  }
  return parts;
}
