// Issue 41: "This PC's journal has the Sale as declined.", kept in English with the batch check (its
// CSV keeps it so), shows in Check before settling in the page's language when it carries its Said,
// switching in place; a note kept before it had one still shows its English.
import { render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotFromThisPc, ReconciliationReport } from '@shared/ipc/reconciliation-views';
import type { ProfileView } from '@shared/ipc/profile-views';
import { said } from '@shared/ipc/said';
import { appLanguage } from '../../lib/i18n/language.svelte';
import ReconcilePanel from './ReconcilePanel.svelte';
import { reconciliation } from './reconcile.svelte';

const profile = { id: 'p1', name: 'Lane 2', tpn: 'Z8SIM0000001' } as ProfileView;
const declinedEnglish = "This PC's journal has the Sale as declined.";
const lookedUpEnglish = "This PC's journal has the Return as outcome unknown, being looked up.";

function item(number: string, journalNote: string, journalNoteSaid?: NotFromThisPc['journalNoteSaid']): NotFromThisPc {
  return {
    referenceId: `X${number}`,
    number,
    application: 'Credit',
    transactionType: 'Sale',
    last4: '0119',
    amountCents: 900,
    countedCents: 900,
    journalNote,
    ...(journalNoteSaid ? { journalNoteSaid } : {}),
  };
}

const notFromThisPc = [
  item('2', declinedEnglish, said('said_w_rec_journal_has', { operation: 'Sale', result: said('said_w_rec_declined') })),
  // Kept with a settlement before the note carried its Said.
  item('3', lookedUpEnglish),
  item('4', ''),
];
const report: ReconciliationReport = {
  profileId: 'p1',
  tpn: 'Z8SIM0000001',
  fetchedAt: '2026-01-31T12:00:00.000Z',
  batchNumber: '7',
  batchRows: 3,
  journalApprovals: 0,
  matched: 0,
  otherBatches: 0,
  missingFromBatch: [],
  notFromThisPc,
  mismatches: [],
  totals: { journalCents: 0, missingCents: 0, notFromThisPcCents: 2700, differencesCents: 0, batchCents: 2700 },
};

const lastCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.lastElementChild?.textContent?.trim());

afterEach(async () => {
  reconciliation.clear();
  document.body.innerHTML = '';
  await appLanguage.show('en');
});

describe("this PC's journal note in Check before settling", { timeout: 15_000 }, () => {
  it('words it in Spanish in place and back in English byte for byte; a note kept before its Said keeps its English', async () => {
    reconciliation.report = report;
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
