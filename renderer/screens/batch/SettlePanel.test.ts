import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SettleResult, SummaryReport } from '@shared/ipc/report-views';
import { explainCode } from '@shared/spin/codes';
import { callsTo, installFakeTransport, type RecordedCall } from '../../test-support/fake-transport';
import { profileView } from '../../test-support/fixtures';
import { polyfillDialog } from '../../test-support/jsdom-dialog';
import { settlement as closedSettlement, totals } from '../../test-support/settlement-fixtures';
import SettlePanel from './SettlePanel.svelte';
import { settlement } from './settle.svelte';

const profile = profileView();
const openBatch: SummaryReport = {
  profileId: profile.id,
  tpn: profile.tpn,
  fetchedAt: '2026-01-31T12:00:00.000Z',
  applications: [
    { merchantNumber: 1, application: 'Credit', totals: totals({ count: 4, sale: 2233, ret: 310, total: 1923 }) },
    { merchantNumber: 1, application: 'Debit', totals: totals({ count: 1, sale: 725, total: 725 }) },
  ],
};
// Batch 1 of Credit closed, as the terminal answers it.
const closed = closedSettlement(profile.tpn, [totals({ count: 4, total: 1923 })], 'SDREF', 1);
const settled: SettleResult = {
  ...closed,
  message: 'BATCH 1 CLOSED',
  explanation: 'Approved.',
  remedy: 'Nothing to do.',
  details: [{ ...closed.details[0]!, hostStatus: 'Approved', detailedMessage: 'BATCH 1 CLOSED', receipt: '<L>TOTAL</L><R>19.23</R>' }],
};

const dialog = () => screen.getByRole('dialog', { hidden: true });
let calls: RecordedCall[];

function fake(settleAnswer: SettleResult | (() => SettleResult) = settled, summary: SummaryReport = openBatch): void {
  calls = installFakeTransport({
    'reports:summary': () => summary,
    'batch:settle': () => (typeof settleAnswer === 'function' ? settleAnswer() : settleAnswer),
  });
}

async function openDialog(): Promise<void> {
  await fireEvent.click(screen.getByRole('button', { name: 'Settle batch…' }));
  await screen.findByRole('dialog', { hidden: true });
}

beforeAll(polyfillDialog);
beforeEach(() => {
  settlement.phase = 'idle';
  settlement.clear();
});

// Generous: the first render pays for compiling the screen, slow on a loaded 2-core CI machine.
describe('Settle confirmation', { timeout: 15_000 }, () => {
  it('reads a fresh Summary and shows what will be closed, per application and in all', async () => {
    fake();
    render(SettlePanel, { profile });
    await openDialog();
    expect(callsTo(calls, 'reports:summary')).toEqual([{ channel: 'reports:summary', input: { profileId: profile.id } }]);
    const table = within(dialog()).getByRole('table', { name: 'What will be closed' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent?.trim()));
    expect(rows.slice(1)).toEqual([
      ['Credit', '4', '$19.23'],
      ['Debit', '1', '$7.25'],
      ['All applications', '5', '$26.48'],
    ]);
    expect(dialog().textContent).toContain(`TPN ${profile.tpn}`);
    expect(callsTo(calls, 'batch:settle')).toHaveLength(0);
  });

  it('sends a normal close with a new reference only after Settle now', async () => {
    fake();
    render(SettlePanel, { profile });
    await openDialog();
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Settle now' }));
    await screen.findByText('Batch closed');
    const sent = callsTo(calls, 'batch:settle');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.input).toMatchObject({
      profileId: profile.id,
      settlementType: 'Close',
      referenceId: expect.stringMatching(/^SD[A-Z0-9]+$/),
    });
    expect(screen.getByRole('table', { name: 'Settlement by payment application' }).textContent).toContain('$19.23');
    // A plain sentence; the terminal's words and code only under Details.
    const card = screen.getByRole('status');
    expect(card.textContent).toContain('The batch is closed: its transactions go to the processor for payout.');
    const details = within(card).getByText('Details').closest('details');
    expect(details?.open).toBe(false);
    expect(card.textContent?.replace(details?.textContent ?? '', '')).not.toMatch(/\(0000\)|Approved|completed successfully/);
  });

  it('keeps Clear and Force behind More options, with a plain warning and their own button', async () => {
    fake({ ...settled, settlementType: 'Clear' });
    render(SettlePanel, { profile });
    await openDialog();
    expect(within(dialog()).queryByText('Be careful')).toBeNull();
    await fireEvent.click(within(dialog()).getByLabelText(/Clear/));
    expect(within(dialog()).getByRole('alert').textContent).toMatch(/will not be paid out/);
    await fireEvent.click(within(dialog()).getByLabelText(/Force/));
    expect(within(dialog()).getByRole('alert').textContent).toMatch(/without the tip|tips are missing/);
    await fireEvent.click(within(dialog()).getByLabelText(/Clear/));
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Clear the batch' }));
    await screen.findByText('Batch closed');
    expect(callsTo(calls, 'batch:settle')[0]?.input).toMatchObject({ settlementType: 'Clear' });
  });

  it('sends nothing when cancelled', async () => {
    fake();
    render(SettlePanel, { profile });
    await openDialog();
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(settlement.phase).toBe('idle');
    expect(callsTo(calls, 'batch:settle')).toHaveLength(0);
  });

  it('shows 1020 as a calm notice, not an error', async () => {
    const info = explainCode('1020');
    fake(
      {
        ...settled,
        outcome: 'nothing-to-settle',
        statusCode: '1020',
        message: 'No Open Batch',
        explanation: info.explanation,
        remedy: info.remedy,
        details: [],
      },
      { ...openBatch, applications: [] },
    );
    render(SettlePanel, { profile });
    await openDialog();
    expect(dialog().textContent).toContain('The terminal reports nothing open');
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Settle now' }));
    // The progress line is a status too while the close runs: wait for the answer's notice.
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Nothing to settle'));
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(info.explanation);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal with the catalogue’s words as an alert', async () => {
    const info = explainCode('1022');
    fake({
      ...settled,
      outcome: 'not-settled',
      statusCode: '1022',
      message: info.label,
      explanation: info.explanation,
      remedy: info.remedy,
      details: [],
    });
    render(SettlePanel, { profile });
    await openDialog();
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Settle now' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The batch was not closed');
    expect(alert.textContent).toContain(info.remedy);
  });
});
