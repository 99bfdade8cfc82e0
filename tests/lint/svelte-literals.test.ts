import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryFiles } from './doc-paths';
import { REPO_ROOT } from './outside-citations';
import { literalsIn } from './svelte-literals';

// Issue 41, item 4: no user-visible literal words in a Svelte component; they come from the
// message catalogue (docs/ARCHITECTURE.md, "Languages").

/**
 * The components whose words are not in the catalogue yet (the shell and App.svelte are). This
 * list may only shrink: convert a file, then take it off (the test below fails while a listed file
 * has no literal left, so the list cannot keep a converted file). A new component is never added
 * to it: it takes its words from the catalogue from the start.
 */
const NOT_YET_CONVERTED = new Set([
  'renderer/lib/cart/CartEditor.svelte',
  'renderer/lib/cart/CartItemEditor.svelte',
  'renderer/lib/cart/CartLines.svelte',
  'renderer/lib/cart/CartModifierEditor.svelte',
  'renderer/lib/cart/test-harness/CartLinesHarness.svelte',
  'renderer/lib/cart/test-harness/CartModifierHarness.svelte',
  'renderer/lib/payment/ChargeWarning.svelte',
  'renderer/lib/payment/FiguresWarning.svelte',
  'renderer/lib/payment/OperationResultCard.svelte',
  'renderer/lib/payment/OutcomeUnknownCard.svelte',
  'renderer/lib/payment/PaymentDetails.svelte',
  'renderer/lib/payment/PaymentOptionsPanel.svelte',
  'renderer/lib/payment/PaymentWait.svelte',
  'renderer/lib/payment/Receipts.svelte',
  'renderer/lib/payment/RecoveryProgress.svelte',
  'renderer/lib/payment/ResultExplanation.svelte',
  'renderer/lib/report/chart/DayCharts.svelte',
  'renderer/lib/ui/test-harness/MoneyInputHarness.svelte',
  'renderer/lib/ui/test-harness/RowListHarness.svelte',
  'renderer/screens/batch/BatchScreen.svelte',
  'renderer/screens/batch/DailyTotalsTable.svelte',
  'renderer/screens/batch/DailyView.svelte',
  'renderer/screens/batch/FiguresLeftOut.svelte',
  'renderer/screens/batch/PrintBar.svelte',
  'renderer/screens/batch/PrintDaily.svelte',
  'renderer/screens/batch/PrintDailyTotals.svelte',
  'renderer/screens/batch/PrintReconciliation.svelte',
  'renderer/screens/batch/PrintReport.svelte',
  'renderer/screens/batch/PrintSettlement.svelte',
  'renderer/screens/batch/PrintSheetHead.svelte',
  'renderer/screens/batch/PrintSummary.svelte',
  'renderer/screens/batch/ReconcilePanel.svelte',
  'renderer/screens/batch/ReportTabs.svelte',
  'renderer/screens/batch/SettleDialog.svelte',
  'renderer/screens/batch/SettleOptions.svelte',
  'renderer/screens/batch/SettlePanel.svelte',
  'renderer/screens/batch/SettleResultCard.svelte',
  'renderer/screens/batch/SummaryTable.svelte',
  'renderer/screens/batch/SummaryView.svelte',
  'renderer/screens/batch/TotalsWarning.svelte',
  'renderer/screens/batch/store-report/PrintStoreReport.svelte',
  'renderer/screens/batch/store-report/StoreReportPanel.svelte',
  'renderer/screens/batch/store-report/StoreReportTable.svelte',
  'renderer/screens/common/AuthkeyNeeded.svelte',
  'renderer/screens/common/TerminalGate.svelte',
  'renderer/screens/invoices/ChosenInvoice.svelte',
  'renderer/screens/invoices/InvoicesScreen.svelte',
  'renderer/screens/invoices/PaymentInvoicePanel.svelte',
  'renderer/screens/invoices/SelectInvoicePanel.svelte',
  'renderer/screens/level3/AddLinesForm.svelte',
  'renderer/screens/level3/Level3HeaderFields.svelte',
  'renderer/screens/level3/Level3LineFields.svelte',
  'renderer/screens/level3/Level3Screen.svelte',
  'renderer/screens/level3/StagedLines.svelte',
  'renderer/screens/payments/BalanceForm.svelte',
  'renderer/screens/payments/BalanceScreen.svelte',
  'renderer/screens/payments/DemoPanel.svelte',
  'renderer/screens/payments/FollowedRequestCard.svelte',
  'renderer/screens/payments/LeftPendingNotice.svelte',
  'renderer/screens/payments/NewPaymentForm.svelte',
  'renderer/screens/payments/NewPaymentResult.svelte',
  'renderer/screens/payments/NewPaymentScreen.svelte',
  'renderer/screens/payments/OperationFrame.svelte',
  'renderer/screens/payments/OperationScreen.svelte',
  'renderer/screens/payments/OriginalReference.svelte',
  'renderer/screens/payments/SourceNote.svelte',
  'renderer/screens/payments/TipAdjustForm.svelte',
  'renderer/screens/payments/TipAdjustScreen.svelte',
  'renderer/screens/payments/VoidForm.svelte',
  'renderer/screens/payments/VoidScreen.svelte',
  'renderer/screens/prompts/CartPanel.svelte',
  'renderer/screens/prompts/GetCardPanel.svelte',
  'renderer/screens/prompts/PromptsScreen.svelte',
  'renderer/screens/prompts/UserChoicePanel.svelte',
  'renderer/screens/prompts/UserInputPanel.svelte',
  'renderer/screens/store/SettleAllPanel.svelte',
  'renderer/screens/store/StoreCheckPanel.svelte',
  'renderer/screens/store/StoreScreen.svelte',
  'renderer/screens/store/StoreTerminalRow.svelte',
]);

const components = repositoryFiles()
  .filter((file) => file.startsWith('renderer/') && file.endsWith('.svelte'))
  .sort();

function literalsOf(file: string): string[] {
  return literalsIn(readFileSync(posix.join(REPO_ROOT, file), 'utf8')).map(({ line, where, text }) => `${file}:${line} ${where}: ${text}`);
}

describe('user-visible words in Svelte components', () => {
  it('come from the message catalogue in every component not listed as not yet converted', () => {
    const converted = components.filter((file) => !NOT_YET_CONVERTED.has(file));
    expect(converted).toContain('renderer/App.svelte');
    expect(converted.flatMap(literalsOf)).toEqual([]);
  });

  it('lists only components that still have literal words, and only ones that exist', () => {
    const listed = [...NOT_YET_CONVERTED];
    expect(listed.filter((file) => !components.includes(file))).toEqual([]);
    expect(listed.filter((file) => literalsOf(file).length === 0)).toEqual([]);
  });
});

describe('literalsIn (the checker itself)', () => {
  it('finds words between tags and in the attributes a person sees or hears', () => {
    const found = literalsIn(
      [
        '<script lang="ts">const label = "not markup";</script>',
        '<h2>Settle the batch</h2>',
        '<button aria-label="Dismiss" title="Close it" class="close wide" id="dismiss">×</button>',
        '<FormCard label="Sale" submitLabel="Charge {amount}" kind="sale" />',
        '{#if open}<p>Total: {total}</p>{:else}<input placeholder="Amount" alt="x" />{/if}',
        '<style>p::after { content: "styled"; }</style>',
      ].join('\n'),
    );
    expect(found.map(({ line, where, text }) => `${line} ${where}: ${text}`)).toEqual([
      '2 text: Settle the batch',
      '3 aria-label: Dismiss',
      '3 title: Close it',
      '4 label: Sale',
      '4 submitLabel: Charge',
      '5 text: Total:',
      '5 placeholder: Amount',
      '5 alt: x',
    ]);
  });

  it('passes words that come from expressions, punctuation alone, and attributes that are not words', () => {
    const source = [
      '<h2>{m.title()}</h2>',
      '<span class="muted">· {m.hint({ time })}</span>',
      '<button aria-label={m.dismiss()} class="close" type="button" role="status">×</button>',
      '<FormCard label={m.sale()} kind="sale" tone="warn" />',
      '<!-- a comment is for the reader of the code -->',
    ].join('\n');
    expect(literalsIn(source)).toEqual([]);
  });
});
