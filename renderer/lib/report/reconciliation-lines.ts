import type { ReconcileMismatch, ReconciliationReport } from '@shared/ipc/reconciliation-views';
import { taxOnFeeLabel } from '@shared/ipc/money-model';
import { formatMoney } from '@shared/spin/money';

/**
 * One line of the bridge. `part` marks a share of the line above it (the fees in this PC's figure),
 * shown beside the bridge but not added to it.
 */
export interface BridgeLine {
  label: string;
  cents: number;
  change: boolean;
  part: boolean;
}

/**
 * The bridge from this PC's figure to the batch's, line by line, each as it is added: shared by the
 * screen, the printout and the CSV file so all three add up the same way. The fee and tax lines
 * come only from a terminal that charged them (the report leaves their totals out otherwise).
 */
export function bridgeLines(report: ReconciliationReport): BridgeLine[] {
  const { totals } = report;
  const line = (label: string, cents: number, change: boolean): BridgeLine => ({ label, cents, change, part: false });
  const part = (label: string, cents: number | undefined): BridgeLine[] =>
    cents === undefined ? [] : [{ label, cents, change: false, part: true }];
  return [
    line("This PC's approvals", totals.journalCents, false),
    ...part('of which fees the terminal added', totals.journalFeeCents),
    ...part('of which tax on those fees', totals.journalTaxCents),
    line('Missing from the batch', -totals.missingCents, true),
    line('In the batch, not sent from this PC', totals.notFromThisPcCents, true),
    line('Differences in amount, tip or void', totals.differencesCents, true),
  ];
}

export const BATCH_TOTAL_LABEL = "The batch's total";

// Counted in shared/: the Store screen's store line (main) adds up the same findings.
export { findingCount } from '@shared/ipc/reconciliation-views';

/** "Sale, voided" / "Return": what a missing approval was, for its row. */
export function operationWords(item: { operation: string; voided: boolean }): string {
  return item.voided ? `${item.operation}, voided` : item.operation;
}

/**
 * The differences' fee column: for each by reference, the fee as the terminal named it ("$0.35 +
 * $0.03 tax on the fee": its TaxAmount, never sales tax) on a fee difference, '' on any other; null, no column at all, when none is a fee's
 * (a terminal without fees shows none).
 */
export function feeColumn(report: Pick<ReconciliationReport, 'mismatches'>): Map<string, string> | null {
  if (!report.mismatches.some((item) => item.kind === 'fee')) return null;
  return new Map(report.mismatches.map((item) => [item.referenceId, item.kind === 'fee' ? feeText(item) : '']));
}

function feeText({ feeCents = 0, taxCents = 0 }: Pick<ReconcileMismatch, 'feeCents' | 'taxCents'>): string {
  return taxCents === 0 ? formatMoney(feeCents) : `${formatMoney(feeCents)} + ${formatMoney(taxCents)} ${taxOnFeeLabel().toLowerCase()}`;
}
