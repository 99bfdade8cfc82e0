import { describe, expect, it } from 'vitest';
import { FAKE_AUTHKEY, fakeTpn, fastDeps } from '../../../tests/support/money-move-kit';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { MemoryJournal } from '../journal/sqlite-journal';
import { fetchDaily, fetchSummary } from './fetch-reports';
import { SaleForm, TipAdjustForm, VoidForm } from '@shared/ipc/payment-views';
import { runSale } from '../payments/sale';
import { runTipAdjust } from '../payments/tip-adjust';
import { runVoid } from '../payments/void';
import { reconcileBatch } from './reconcile-batch';
import { keptSettlement, runSettle } from './settle';
import { printUnsupported } from './print-unsupported';
import { lastFour, toDailyReport, toSummaryReport } from './to-report';

// Summary, Daily and Settle against the real simulator: wire dollars become cents, card data stops
// at the last four digits, and Settle is journaled like any money-moving request.

const sim = fakeSimulatorPerFile(1, 0);
const TPN = fakeTpn(1);

async function spin(path: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Tpn: TPN, Authkey: FAKE_AUTHKEY, ...body }),
  });
  const answer = (await response.json()) as { GeneralResponse: { ResultCode: string } };
  expect(answer.GeneralResponse.ResultCode).toBe('0');
}

async function fillBatch(): Promise<void> {
  await spin('/v2/Payment/Sale', { PaymentType: 'Credit', ReferenceId: 'S1', Amount: 12.34 });
  await spin('/v2/Payment/Sale', { PaymentType: 'Credit', ReferenceId: 'S2', Amount: 0.1 });
  await spin('/v2/Payment/Sale', { PaymentType: 'Debit', ReferenceId: 'S3', Amount: 0.2 });
  await spin('/v2/Payment/Return', { PaymentType: 'Credit', ReferenceId: 'R1', Amount: 3.1 });
  await spin('/v2/Payment/Void', { PaymentType: 'Credit', ReferenceId: 'S2', Amount: 0.1 });
}

describe('reports', () => {
  it('reads Summary per application in cents', async () => {
    await fillBatch();
    const report = await fetchSummary(fastDeps(new MemoryJournal(), sim.url), { profileId: 'p1' });
    expect(report).toMatchObject({ profileId: 'p1', tpn: TPN });
    expect(report.applications).toEqual([
      {
        merchantNumber: 1,
        application: 'Credit',
        totals: { count: 3, sale: 1234, ret: 310, void: 10, auth: 0, ticket: 0, reversal: 0, cashAdvance: 0, total: 924 },
      },
      {
        merchantNumber: 1,
        application: 'Debit',
        totals: { count: 1, sale: 20, ret: 0, void: 0, auth: 0, ticket: 0, reversal: 0, cashAdvance: 0, total: 20 },
      },
    ]);
  });

  it('reads Daily as flat rows in the terminal’s order, with each application’s total', async () => {
    await fillBatch();
    const report = await fetchDaily(fastDeps(new MemoryJournal(), sim.url), {});
    expect(report.applications).toEqual([
      { merchantNumber: 1, application: 'Credit', totalCents: 924, rowCount: 3 },
      { merchantNumber: 1, application: 'Debit', totalCents: 20, rowCount: 1 },
    ]);
    expect(report.rows.map((row) => [row.application, row.number, row.referenceId, row.transactionType, row.amountCents])).toEqual([
      ['Credit', '1', 'S1', 'Sale', 1234],
      ['Credit', '2', 'S2', 'Void', 10],
      ['Credit', '4', 'R1', 'Return', 310],
      ['Debit', '3', 'S3', 'Sale', 20],
    ]);
    for (const row of report.rows) expect(row.last4).toMatch(/^\d{4}$/);
  });

  it('keeps only the last four digits and leaves missing figures null', () => {
    expect([lastFour('476173******0119'), lastFour('0119'), lastFour(null), lastFour('12')]).toEqual(['0119', '0119', '', '12']);
    const header = { profileId: 'p1', tpn: TPN, fetchedAt: 'now' };
    const summary = toSummaryReport(header, {
      GeneralResponse: { ResultCode: '0', StatusCode: '0000' },
      SummaryDetails: [
        { Application: 'Credit', TransactionsSummaryReports: { TransactionsCount: 1, SaleAmount: 1.005, TotalAmount: null } },
      ],
    });
    expect(summary.applications[0]).toMatchObject({ merchantNumber: null, totals: { count: 1, sale: 101, ret: null, total: null } });
    const daily = toDailyReport(header, { GeneralResponse: { ResultCode: '0', StatusCode: '0000' }, DailyDetails: null });
    expect(daily).toMatchObject({ applications: [], rows: [] });
  });
});

describe('settle', () => {
  it('closes the batch through the journal and returns SettleDetails in cents', async () => {
    await fillBatch();
    const journal = new MemoryJournal();
    const result = await runSettle(fastDeps(journal, sim.url), { profileId: 'p1', referenceId: 'SETTLE1', settlementType: 'Close' });
    expect(result).toMatchObject({ outcome: 'settled', statusCode: '0000', referenceId: 'SETTLE1', settlementType: 'Close' });
    expect(result.details.map((d) => [d.application, d.batchNumber, d.hostStatus, d.totals?.count, d.totals?.total])).toEqual([
      ['Credit', '1', 'Approved', 3, 924],
      ['Debit', '1', 'Approved', 1, 20],
    ]);
    expect(journal.lines().map((line) => line.t)).toEqual(['intent', 'outcome']);
    expect(journal.lines()[0]).toMatchObject({ op: 'Settle', ref: 'SETTLE1', tpn: TPN, amountCents: 0 });
    const state = sim.control.getState(TPN);
    expect([state.openRecords, state.batchNumber]).toEqual([0, 2]);
  });

  it('learns that a batch filled by another register was closed when the Settle answer is lost', async () => {
    await fillBatch(); // sales made outside the app: nothing about them in this journal
    // The connection breaks after the simulator carried the Settle out, before the answer arrives.
    const dropSettleAnswer: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (new URL(input instanceof Request ? input.url : String(input)).pathname.endsWith('/Settle')) {
        await answer.text();
        throw new TypeError('fetch failed: the connection was reset');
      }
      return answer;
    };
    const journal = new MemoryJournal();
    const result = await runSettle(fastDeps(journal, sim.url, { clientOptions: { fetch: dropSettleAnswer } }), {
      profileId: 'p1',
      referenceId: 'SETTLE9',
      settlementType: 'Close',
    });
    expect(result).toMatchObject({ outcome: 'settled', referenceId: 'SETTLE9', recovery: { how: 'status-lookup' } });
    expect(journal.lines()[0]).toMatchObject({ op: 'Settle', probe: { ref: expect.stringMatching(/^(S1|S3|R1)$/), batchNumber: '1' } });
    expect(sim.control.getState(TPN).batchNumber).toBe(2);
  });

  it('answers an empty batch with nothing-to-settle (1020), journaled as declined', async () => {
    const journal = new MemoryJournal();
    const result = await runSettle(fastDeps(journal, sim.url), { profileId: 'p1', referenceId: 'SETTLE2', settlementType: 'Close' });
    expect(result).toMatchObject({ outcome: 'nothing-to-settle', statusCode: '1020', details: [] });
    expect(result.explanation).toMatch(/nothing to settle/i);
    expect(journal.lines().at(-1)).toMatchObject({ t: 'outcome', result: 'declined', statusCode: '1020' });
  });

  it('refuses to reuse a settle reference that already reached the terminal', async () => {
    await fillBatch();
    const deps = fastDeps(new MemoryJournal(), sim.url);
    await runSettle(deps, { profileId: 'p1', referenceId: 'SETTLE3', settlementType: 'Close' });
    await expect(runSettle(deps, { profileId: 'p1', referenceId: 'SETTLE3', settlementType: 'Close' })).rejects.toMatchObject({
      detail: { code: 'BAD_INPUT' },
    });
  });
});

describe('the settlement kept for reprint', () => {
  it('journals each application’s totals and receipt text with the outcome and reads them back by reference', async () => {
    await fillBatch();
    const journal = new MemoryJournal();
    const result = await runSettle(fastDeps(journal, sim.url), { profileId: 'p1', referenceId: 'SETTLE7', settlementType: 'Close' });
    expect(result.details.map((d) => d.receipt)).toEqual([expect.stringContaining('SETTLEMENT'), expect.stringContaining('SETTLEMENT')]);
    expect(result).toMatchObject({ tpn: TPN, settledAt: expect.any(String) });
    const kept = await keptSettlement(journal, { tpn: TPN, referenceId: 'SETTLE7' });
    expect(kept).toEqual(result);
    await expect(keptSettlement(journal, { tpn: TPN, referenceId: 'NOSUCH' })).rejects.toMatchObject({ detail: { code: 'NOT_FOUND' } });
  });
});

describe('reconciliation against the terminal', () => {
  it('finds a sale from another register, a void made elsewhere and a tip the batch left out', async () => {
    const journal = new MemoryJournal();
    const deps = fastDeps(journal, sim.url);
    const sale = (referenceId: string, amountCents: number, tipCents = 0) =>
      runSale(deps, SaleForm.parse({ profileId: 'p1', referenceId, amountCents, tipCents, getReceipt: 'No' }));
    await sale('PC1', 650);
    await sale('PC2', 1234);
    await sale('PC3', 500);
    await runVoid(deps, VoidForm.parse({ profileId: 'p1', referenceId: 'PC2', amountCents: 1234, paymentType: 'Credit' }));
    await runTipAdjust(deps, TipAdjustForm.parse({ profileId: 'p1', referenceId: 'PC1', tipCents: 100 }));
    // Another register's sale, and a void of this PC's sale made on the terminal itself.
    await spin('/v2/Payment/Sale', { PaymentType: 'Credit', ReferenceId: 'ELSE1', Amount: 7 });
    await spin('/v2/Payment/Void', { PaymentType: 'Credit', ReferenceId: 'PC3', Amount: 5 });

    const report = await reconcileBatch(deps, { profileId: 'p1' });
    expect(report).toMatchObject({ tpn: TPN, batchNumber: '1', batchRows: 4, journalApprovals: 3, matched: 2 });
    expect(report.notFromThisPc.map((item) => [item.referenceId, item.countedCents])).toEqual([['ELSE1', 700]]);
    expect(report.mismatches.map((item) => [item.referenceId, item.kind])).toEqual([['PC3', 'voided-elsewhere']]);
    expect(report.missingFromBatch).toEqual([]);
    const { journalCents, missingCents, notFromThisPcCents, differencesCents, batchCents } = report.totals;
    expect([journalCents, batchCents]).toEqual([750 + 500, 750 + 700]);
    expect(journalCents - missingCents + notFromThisPcCents + differencesCents).toBe(batchCents);
    // No fee program in use (FeeAmount 0 in every answer): no fee lines.
    expect(report.totals).not.toHaveProperty('journalFeeCents');
    expect(report.totals).not.toHaveProperty('journalTaxCents');
  });

  it('under a surcharge with tax on the fee, matches the batch that lists each charge with its fee and totals the fees', async () => {
    // 3 % on Credit, on the tip too, and 10 % tax on the fee; the simulator lists the fee in the amount.
    sim.control.setFeeProgram({ kind: 'surcharge', percent: 3, feeOnTip: true, taxOnFeePercent: 10 }, TPN);
    try {
      const journal = new MemoryJournal();
      const deps = fastDeps(journal, sim.url);
      const sale = (referenceId: string, amountCents: number, paymentType: 'Credit' | 'Debit' = 'Credit') =>
        runSale(deps, SaleForm.parse({ profileId: 'p1', referenceId, amountCents, paymentType, getReceipt: 'No' }));
      await sale('PC1', 1000);
      // $12.00 with the tip: fee $0.36, tax on it $0.04 (3.6 cents, rounded half up).
      await runTipAdjust(deps, TipAdjustForm.parse({ profileId: 'p1', referenceId: 'PC1', tipCents: 200 }));
      await sale('PC2', 2000);
      await runVoid(deps, VoidForm.parse({ profileId: 'p1', referenceId: 'PC2', amountCents: 2066, paymentType: 'Credit' }));
      await sale('PC3', 500, 'Debit');
      await spin('/v2/Payment/Sale', { PaymentType: 'Credit', ReferenceId: 'ELSE1', Amount: 7 });

      const report = await reconcileBatch(deps, { profileId: 'p1' });
      expect(report).toMatchObject({ batchRows: 4, journalApprovals: 3, matched: 3, mismatches: [], missingFromBatch: [] });
      expect(report.notFromThisPc.map((item) => [item.referenceId, item.countedCents])).toEqual([['ELSE1', 723]]);
      // The voided sale's fee went back with it; the debit sale paid none.
      expect(report.totals).toEqual({
        journalCents: 1240 + 500,
        journalFeeCents: 36,
        journalTaxCents: 4,
        missingCents: 0,
        notFromThisPcCents: 723,
        differencesCents: 0,
        batchCents: 1240 + 500 + 723,
      });
    } finally {
      sim.control.setFeeProgram(null, TPN);
    }
  });
});

describe('printing outside Electron', () => {
  it("answers UNSUPPORTED so the renderer uses the browser's print dialog", async () => {
    await expect(printUnsupported()).rejects.toMatchObject({ detail: { code: 'UNSUPPORTED' } });
  });
});
