import type { ReconciliationReport } from '@shared/ipc/reconciliation-views';

/**
 * The bridge from this PC's figure to the batch's, line by line, each as it is added: shared by the
 * screen, the printout and the CSV file so all three add up the same way.
 */
export function bridgeLines(report: ReconciliationReport): { label: string; cents: number; change: boolean }[] {
  const { totals } = report;
  return [
    { label: "This PC's approvals", cents: totals.journalCents, change: false },
    { label: 'Missing from the batch', cents: -totals.missingCents, change: true },
    { label: 'In the batch, not sent from this PC', cents: totals.notFromThisPcCents, change: true },
    { label: 'Differences in amount, tip or void', cents: totals.differencesCents, change: true },
  ];
}

export const BATCH_TOTAL_LABEL = "The batch's total";

// Counted in shared/: the Store screen's store line (main) adds up the same findings.
export { findingCount } from '@shared/ipc/reconciliation-views';

/** "Sale, voided" / "Return": what a missing approval was, for its row. */
export function operationWords(item: { operation: string; voided: boolean }): string {
  return item.voided ? `${item.operation}, voided` : item.operation;
}
