import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../simulator';
import { FAKE_AUTHKEY, fakeTpn, fastDeps, startFakeSimulator } from '../../../tests/support/money-move-kit';
import { MemoryJournal } from '../journal/sqlite-journal';
import { SaleForm, TipAdjustForm, VoidForm } from '@shared/ipc/payment-views';
import { runSale } from '../payments/sale';
import { runTipAdjust } from '../payments/tip-adjust';
import { runVoid } from '../payments/void';
import { runSettle } from './settle';
import { fetchDaily, fetchSummary } from './fetch-reports';
import { reconcileBatch } from './reconcile-batch';

// Summary and Daily carry no fee: the fees come from this PC's journal, by ReferenceId, against
// the real simulator running a 3 % surcharge with "fee on tip".

let sim: RunningSimulator;
const TPN = fakeTpn(1);

beforeAll(async () => {
  sim = await startFakeSimulator(1, 0);
  sim.control.setFeeProgram({ kind: 'surcharge', percent: 3, feeOnTip: true }, TPN);
});
afterAll(() => sim.close());

describe('fees of the open batch', () => {
  it("gives each row this PC sent its latest fee, none to a voided or another register's row; Summary adds them up", async () => {
    const journal = new MemoryJournal();
    const deps = fastDeps(journal, sim.url);
    const sale = (referenceId: string, amountCents: number) =>
      runSale(deps, SaleForm.parse({ profileId: 'p1', referenceId, amountCents, getReceipt: 'No' }));
    // Closed before: its fee is in a closed batch and must not count.
    await sale('OLD1', 5000);
    await runSettle(deps, { profileId: 'p1', referenceId: 'SETTLE1', settlementType: 'Close' });
    await sale('PC1', 1000);
    await sale('PC2', 2000);
    await runVoid(deps, VoidForm.parse({ profileId: 'p1', referenceId: 'PC2', amountCents: 2060, paymentType: 'Credit' }));
    // Fee on tip: the $2.00 tip pays 3 % too, so the adjusted charge's fee is $0.36.
    await runTipAdjust(deps, TipAdjustForm.parse({ profileId: 'p1', referenceId: 'PC1', tipCents: 200 }));
    const elsewhere = await fetch(`${sim.url}/v2/Payment/Sale`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Tpn: TPN, Authkey: FAKE_AUTHKEY, PaymentType: 'Credit', ReferenceId: 'ELSE1', Amount: 7 }),
    });
    expect(elsewhere.status).toBe(200);

    const daily = await fetchDaily(deps, { profileId: 'p1' });
    expect(daily.rows.map((row) => [row.referenceId, row.transactionType, row.feeCents])).toEqual([
      ['PC1', 'Sale', 36],
      ['PC2', 'Void', undefined],
      ['ELSE1', 'Sale', undefined],
    ]);
    const summary = await fetchSummary(deps, { profileId: 'p1' });
    expect(summary.feeCents).toBe(36);
  });

  it('leaves the fee out of Summary when every answer named a zero fee', async () => {
    sim.control.reset();
    sim.control.setFeeProgram({ kind: 'none' }, TPN);
    const deps = fastDeps(new MemoryJournal(), sim.url);
    await runSale(deps, SaleForm.parse({ profileId: 'p1', referenceId: 'Z1', amountCents: 1000, getReceipt: 'No' }));
    expect((await fetchDaily(deps, { profileId: 'p1' })).rows.map((row) => row.feeCents)).toEqual([0]);
    expect((await fetchSummary(deps, { profileId: 'p1' })).feeCents).toBeUndefined();
  });
});

// A terminal whose Daily lists a charge without its fee (the simulator's dailyAmounts, simulator/README.md
// "Fee programs"): the batch check names the fee as the difference instead of calling it a wrong amount.
describe('the batch check on a terminal whose Daily leaves the fee out', () => {
  it.each([
    {
      dailyAmounts: 'before-fee',
      words: 'The batch amount leaves out the $0.50 fee and $0.05 tax the terminal added; the card was charged $12.55.',
    },
    {
      dailyAmounts: 'base',
      words:
        'The batch amount leaves out the $2.00 tip this PC sent and the $0.50 fee and $0.05 tax the terminal added (it is the amount before tip and fee); the card was charged $12.55.',
    },
  ] as const)('$dailyAmounts: one fee finding in words, nothing missing or foreign', async ({ dailyAmounts, words }) => {
    sim.control.reset();
    sim.control.setFeeProgram({ kind: 'custom', taxOnFeePercent: 10, dailyAmounts }, TPN);
    const deps = fastDeps(new MemoryJournal(), sim.url);
    await runSale(
      deps,
      SaleForm.parse({ profileId: 'p1', referenceId: 'F1', amountCents: 1000, tipCents: 200, customFeeCents: 50, getReceipt: 'No' }),
    );
    const report = await reconcileBatch(deps, { profileId: 'p1' });
    expect(report.mismatches.map((mismatch) => [mismatch.referenceId, mismatch.kind, mismatch.explanation])).toEqual([
      ['F1', 'fee', words],
    ]);
    expect([report.missingFromBatch, report.notFromThisPc]).toEqual([[], []]);
  });
});
