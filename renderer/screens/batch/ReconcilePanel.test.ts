import { render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MissingFromBatch, NotFromThisPc, ReconcileMismatch, ReconciliationReport } from '@shared/ipc/reconciliation-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import { said } from '@shared/ipc/said';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { operationWords } from '../../lib/report/reconciliation-lines';
import { reconciliationCsv } from '../../lib/report/report-csv';
import { timeOf } from '../../lib/report/report-format';
import PrintReport from './PrintReport.svelte';
import ReconcilePanel from './ReconcilePanel.svelte';
import { reconciliation } from './reconcile.svelte';

// The batch check's fee findings on screen, on paper and in the CSV file: a fee column and the
// fees in this PC's figure only where the terminal charged fees, nothing new where it did not.

const profile = { id: 'p1', name: 'Lane 2', tpn: 'Z8SIM0000001' } as ProfileView;

const tipMismatch: ReconcileMismatch = {
  referenceId: 'T1',
  number: '2',
  kind: 'tip',
  journalType: 'Sale',
  batchType: 'Sale',
  journalCents: 1500,
  batchCents: 1200,
  tipCents: 300,
  explanation: 'The batch amount leaves out the $3.00 tip this PC sent.',
};

const feeMismatch: ReconcileMismatch = {
  referenceId: 'F1',
  number: '1',
  kind: 'fee',
  journalType: 'Sale',
  batchType: 'Sale',
  journalCents: 1038,
  batchCents: 1000,
  tipCents: 0,
  feeCents: 35,
  taxCents: 3,
  explanation: 'The batch amount leaves out the $0.35 fee and $0.03 tax the terminal added; the card was charged $10.38.',
};

function report(mismatches: ReconcileMismatch[], fees: Partial<ReconciliationReport['totals']> = {}): ReconciliationReport {
  const journalCents = mismatches.reduce((total, item) => total + item.journalCents, 0);
  const batchCents = mismatches.reduce((total, item) => total + item.batchCents, 0);
  return {
    profileId: 'p1',
    tpn: 'Z8SIM0000001',
    fetchedAt: '2026-01-31T12:00:00.000Z',
    batchNumber: '7',
    batchRows: mismatches.length,
    journalApprovals: mismatches.length,
    matched: 0,
    otherBatches: 0,
    missingFromBatch: [],
    notFromThisPc: [],
    mismatches,
    totals: { journalCents, ...fees, missingCents: 0, notFromThisPcCents: 0, differencesCents: batchCents - journalCents, batchCents },
  };
}

const withFees = report([feeMismatch, tipMismatch], { journalFeeCents: 35, journalTaxCents: 3 });
const withoutFees = report([tipMismatch]);

function texts(elements: Iterable<Element>): string[] {
  return [...elements].map((element) => element.textContent?.trim() ?? '');
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => texts(row.children));
}

const notFromHere: NotFromThisPc = {
  referenceId: '',
  number: '9',
  application: 'Credit',
  transactionType: 'Return',
  last4: '',
  amountCents: 700,
  countedCents: -700,
  journalNote: '',
};

afterEach(() => reconciliation.clear());

describe('fees in the batch check', { timeout: 15_000 }, () => {
  it("gives a fee difference its fee column and shows the fees in this PC's figure, set apart from the sum", () => {
    reconciliation.report = withFees;
    render(ReconcilePanel, { profile });
    expect(rowsOf(screen.getByRole('table', { name: 'Different in the batch' }))).toEqual([
      ['Reference', 'No.', 'This PC counts', 'The batch counts', 'Fee the terminal added', 'What differs'],
      ['F1', '1', '$10.38', '$10.00', '$0.35 + $0.03 tax on the fee', feeMismatch.explanation],
      ['T1', '2', '$15.00', '$12.00', '', tipMismatch.explanation],
    ]);
    expect(screen.getByText(/A fee difference is how the batch lists the fee/)).toBeTruthy();
    const bridge = screen.getByRole('table', { name: 'How the totals add up' });
    expect(rowsOf(bridge)).toEqual([
      ['Line', 'Amount'],
      ["This PC's approvals", '$25.38'],
      ['of which fees the terminal added', '$0.35'],
      ['of which tax on those fees', '$0.03'],
      ['Missing from the batch', '$0.00'],
      ['In the batch, not sent from this PC', '$0.00'],
      ['Differences in amount, tip or void', '-$3.38'],
      ["The batch's total", '$22.00'],
    ]);
  });

  it('shows no fee column, fee lines or fee advice for a terminal that charged no fee', () => {
    reconciliation.report = withoutFees;
    render(ReconcilePanel, { profile });
    expect(rowsOf(screen.getByRole('table', { name: 'Different in the batch' }))[0]).toEqual([
      'Reference',
      'No.',
      'This PC counts',
      'The batch counts',
      'What differs',
    ]);
    expect(screen.queryByText(/A fee difference/)).toBeNull();
    expect(rowsOf(screen.getByRole('table', { name: 'How the totals add up' })).map(([label]) => label)).toEqual([
      'Line',
      "This PC's approvals",
      'Missing from the batch',
      'In the batch, not sent from this PC',
      'Differences in amount, tip or void',
      "The batch's total",
    ]);
  });

  it('prints the fee column on A4 but not on the receipt roll, and the fee lines on both', () => {
    for (const layout of ['a4', 'receipt80'] as const) {
      const { unmount } = render(PrintReport, { layout, terminalName: 'Lane 2', check: withFees });
      const [differences, bridge] = [...document.querySelectorAll('.print-root table.print-lines')];
      expect(texts(differences?.querySelectorAll('thead th') ?? []), layout).toEqual(
        layout === 'a4' ? ['Reference', 'This PC', 'The batch', 'Fee added'] : ['Reference', 'This PC', 'The batch'],
      );
      expect(texts(bridge?.querySelectorAll('tr.part td:first-child') ?? []), layout).toEqual([
        'of which fees the terminal added',
        'of which tax on those fees',
      ]);
      expect(document.querySelector('.print-root')?.textContent).toContain(`F1: ${feeMismatch.explanation}`);
      unmount();
    }
    const { unmount } = render(PrintReport, { layout: 'a4', terminalName: 'Lane 2', check: withoutFees });
    expect(document.querySelectorAll('.print-root thead th')).toHaveLength(3);
    expect(document.querySelectorAll('.print-root tr.part')).toHaveLength(0);
    unmount();
  });

  it('writes the fee lines into the CSV file after this PC’s figure, only when there are fees', () => {
    const labels = (csv: string) => csv.split('\r\n').map((line) => line.split(',')[0]);
    expect(reconciliationCsv(withFees).split('\r\n').slice(3, 6)).toEqual([
      "This PC's approvals,,,,,25.38,,",
      'of which fees the terminal added,,,,,0.35,,',
      'of which tax on those fees,,,,,0.03,,',
    ]);
    expect(labels(reconciliationCsv(withoutFees))).not.toContain('of which fees the terminal added');
  });
});

describe('the findings of the batch check', { timeout: 15_000 }, () => {
  const missing: MissingFromBatch = {
    referenceId: 'M1',
    operation: 'Sale',
    createdAt: '2026-01-31T11:00:00.000Z',
    countedCents: 2500,
    amountCents: 2500,
    voided: false,
    last4: '0119',
  };
  const all: ReconciliationReport = { ...withoutFees, missingFromBatch: [missing], notFromThisPc: [notFromHere] };

  it('lists each kind of finding in its own table, led by the reference, with what to do', () => {
    reconciliation.report = all;
    render(ReconcilePanel, { profile });
    expect(rowsOf(screen.getByRole('table', { name: 'Approved on this PC, missing from the batch' }))).toEqual([
      ['Reference', 'What', 'Sent at', 'Card', 'Counted in total'],
      ['M1', operationWords(missing), timeOf(missing.createdAt), '•••• 0119', '$25.00'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'In the batch, not sent from this PC' }))).toEqual([
      ['Reference', 'No.', 'Type', 'Card', 'Counted in total', 'This PC'],
      ['—', '9', 'Return', '—', '-$7.00', 'Never sent it'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Different in the batch' }))[1]).toEqual([
      'T1',
      '2',
      '$15.00',
      '$12.00',
      tipMismatch.explanation,
    ]);
    expect(screen.getByText(/What to do: look each one up on Transactions/)).toBeTruthy();
    expect(screen.getByText(/What to do: nothing when another register/)).toBeTruthy();
    expect(screen.getByText(/What to do: fix a missing tip with Tip adjust/)).toBeTruthy();
  });

  it('leaves out the table of a kind with no findings', () => {
    reconciliation.report = withoutFees;
    render(ReconcilePanel, { profile });
    expect(screen.queryByRole('table', { name: 'Approved on this PC, missing from the batch' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'In the batch, not sent from this PC' })).toBeNull();
    expect(screen.queryByText(/What to do: look each one up/)).toBeNull();
  });

  it('prints each kind of finding under its heading, led by the reference', () => {
    const { unmount } = render(PrintReport, { layout: 'a4', terminalName: 'Lane 2', check: all });
    const sheet = document.querySelector('.print-root')!;
    expect(texts(sheet.querySelectorAll('h2'))).toEqual([
      'Approved on this PC, missing from the batch',
      'In the batch, not sent from this PC',
      'Different in the batch',
      'How the totals add up',
    ]);
    const [missingTable, notFromHereTable, differences] = [...sheet.querySelectorAll('table.print-lines')];
    expect(rowsOf(missingTable as HTMLElement)).toEqual([
      ['Reference', 'What', 'Counted'],
      ['M1', operationWords(missing), '$25.00'],
    ]);
    expect(rowsOf(notFromHereTable as HTMLElement)).toEqual([
      ['Reference', 'Type', 'Counted'],
      ['—', 'Return', '-$7.00'],
    ]);
    expect(rowsOf(differences as HTMLElement)).toEqual([
      ['Reference', 'This PC', 'The batch'],
      ['T1', '$15.00', '$12.00'],
    ]);
    expect(sheet.querySelectorAll('col')).toHaveLength(3 + 3 + 3 + 2);
    unmount();
  });
});

// Issue 41: "This PC's journal has the Sale as declined.", kept in English with the batch check (its
// CSV keeps it so), shows in Check before settling in the page's language when it carries its Said,
// switching in place; a note kept before it had one still shows its English.
describe("this PC's journal note in Check before settling", { timeout: 15_000 }, () => {
  const declinedEnglish = "This PC's journal has the Sale as declined.";
  const lookedUpEnglish = "This PC's journal has the Return as outcome unknown, being looked up.";
  const noted = (number: string, journalNote: string, journalNoteSaid?: NotFromThisPc['journalNoteSaid']): NotFromThisPc => ({
    ...notFromHere,
    referenceId: `X${number}`,
    number,
    journalNote,
    ...(journalNoteSaid ? { journalNoteSaid } : {}),
  });
  const withNotes: ReconciliationReport = {
    ...withoutFees,
    notFromThisPc: [
      noted('2', declinedEnglish, said('said_w_rec_journal_has', { operation: 'Sale', result: said('said_w_rec_declined') })),
      // Kept with a settlement before the note carried its Said.
      noted('3', lookedUpEnglish),
      noted('4', ''),
    ],
  };
  const lastCells = (table: HTMLElement) =>
    rowsOf(table)
      .slice(1)
      .map((cells) => cells.at(-1));

  afterEach(() => appLanguage.show('en'));

  it('words it in Spanish in place and back in English byte for byte; a note kept before its Said keeps its English', async () => {
    reconciliation.report = withNotes;
    render(ReconcilePanel, { profile });
    const table = screen.getByRole('table', { name: 'In the batch, not sent from this PC' });
    expect(lastCells(table)).toEqual([declinedEnglish, lookedUpEnglish, 'Never sent it']);

    await appLanguage.show('es-US');

    await vi.waitFor(() => expect(lastCells(table)[0]).toBe('El diario de esta PC registra la operación Sale como rechazada.'));
    expect(lastCells(table).slice(1)).toEqual([lookedUpEnglish, expect.not.stringContaining('Never')]);
    await appLanguage.show('en');
    await vi.waitFor(() => expect(lastCells(table)).toEqual([declinedEnglish, lookedUpEnglish, 'Never sent it']));
  });
});
