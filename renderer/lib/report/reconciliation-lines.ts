import type { ReconcileMismatch, ReconciliationReport } from '@shared/ipc/reconciliation-views';
import type { Language } from '@shared/i18n/languages';
import { currentLanguage } from '@shared/i18n/current-language';
import { formatMoney } from '@shared/spin/money';
import { m } from '../i18n/messages';

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
 * Labelled in `language`: the CSV file asks for English (its machine format).
 */
export function bridgeLines(report: ReconciliationReport, language: Language = currentLanguage()): BridgeLine[] {
  const { totals } = report;
  const locale = { locale: language };
  const line = (label: string, cents: number, change: boolean): BridgeLine => ({ label, cents, change, part: false });
  const part = (label: string, cents: number | undefined): BridgeLine[] =>
    cents === undefined ? [] : [{ label, cents, change: false, part: true }];
  return [
    line(m.report_bridge_journal({}, locale), totals.journalCents, false),
    ...part(m.report_bridge_fees({}, locale), totals.journalFeeCents),
    ...part(m.report_bridge_tax({}, locale), totals.journalTaxCents),
    line(m.report_bridge_missing({}, locale), -totals.missingCents, true),
    line(m.report_bridge_not_from_pc({}, locale), totals.notFromThisPcCents, true),
    line(m.report_bridge_differences({}, locale), totals.differencesCents, true),
  ];
}

/** The bridge's last line, in `language` (the CSV file's is English). */
export function batchTotalLabel(language: Language = currentLanguage()): string {
  return m.report_batch_total({}, { locale: language });
}

// Counted in shared/: the Store screen's store line (main) adds up the same findings.
export { findingCount } from '@shared/ipc/reconciliation-views';

/** "Sale, voided" / "Return": what a missing approval was, for its row. */
export function operationWords(item: { operation: string; voided: boolean }, language: Language = currentLanguage()): string {
  return item.voided ? m.report_operation_voided({ operation: item.operation }, { locale: language }) : item.operation;
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
  return taxCents === 0 ? formatMoney(feeCents) : m.report_fee_with_tax({ fee: formatMoney(feeCents), tax: formatMoney(taxCents) });
}
