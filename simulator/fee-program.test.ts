// The fee programs (issue 28 item 2): each is set per terminal through the control API over HTTP
// and checked over loopback in the answer's Amounts, the receipt, Status and the batch reports.
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from './index';
import { TEST_TERMINAL, codes, spinClient } from '../tests/support/simulator-kit';

const OTHER = { tpn: 'OTHERTPN0001', authkey: 'OTHERKEY01' };

let sim: RunningSimulator;
afterEach(async () => sim.close());

async function start() {
  sim = await startSimulator({ terminals: [TEST_TERMINAL, OTHER], seed: 11 });
  return spinClient(sim.url);
}

async function setProgram(program: unknown, tpn: string = TEST_TERMINAL.tpn) {
  const res = await fetch(`${sim.url}/_sim/terminals/${tpn}/fee-program`, { method: 'POST', body: JSON.stringify({ program }) });
  return { status: res.status, body: (await res.json()) as { ok: boolean; error?: string } };
}

type Spin = Awaited<ReturnType<typeof start>>;

const sale = (spin: Spin, ReferenceId: string, fields: Record<string, unknown>) =>
  spin.post('Sale', { PaymentType: 'Credit', ReferenceId, ...fields });

describe('fee programs', () => {
  it('none: no fee, and a CustomFee is refused 1004 naming the field', async () => {
    const spin = await start();
    expect((await setProgram({ kind: 'none' })).body.ok).toBe(true);
    const plain = await sale(spin, 'N1', { Amount: 10 });
    expect(plain.body.Amounts).toEqual({ TotalAmount: 10, Amount: 10, TipAmount: 0, FeeAmount: 0, TaxAmount: 0 });
    const refused = await sale(spin, 'N2', { Amount: 10, CustomFee: 0.35 });
    expect(refused.parsed.GeneralResponse).toMatchObject({
      StatusCode: '1004',
      DetailedMessage: 'CustomFee is not allowed: this terminal runs no fee program',
    });
    expect(sim.control.getState(TEST_TERMINAL.tpn).feeProgram).toEqual({ kind: 'none' });
  });

  it('custom: the POS names the fee, tax on fee adds its tax; another terminal keeps the default', async () => {
    const spin = await start();
    await setProgram({ kind: 'custom', taxOnFeePercent: 10 });
    const taxed = await sale(spin, 'C1', { Amount: 10, CustomFee: 0.5, GetReceipt: 'Customer' });
    expect(taxed.body.Amounts).toEqual({ TotalAmount: 10.55, Amount: 10, TipAmount: 0, FeeAmount: 0.5, TaxAmount: 0.05 });
    const receipt = (taxed.body.Receipts as { Customer: string }).Customer;
    expect(receipt).toContain('<L>FEE</L><R>0.50</R><L>TAX</L><R>0.05</R><L><B>TOTAL</B></L><R><B>10.55</B></R>');
    const other = await spinClient(sim.url, OTHER).post('Sale', { PaymentType: 'Credit', ReferenceId: 'C2', Amount: 10, CustomFee: 0.35 });
    expect(other.body.Amounts).toMatchObject({ TotalAmount: 10.35, FeeAmount: 0.35, TaxAmount: 0 });
  });

  it('surcharge: a percentage of the amount on Credit only; a CustomFee is refused', async () => {
    const spin = await start();
    await setProgram({ kind: 'surcharge', percent: 3 });
    // Amount 25 includes the 5.00 tip (tip mode "included"): the surcharge is on the 20.00 without "fee on tip".
    const credit = await sale(spin, 'S1', { Amount: 25, TipAmount: 5 });
    expect(credit.body.Amounts).toEqual({ TotalAmount: 25.6, Amount: 25, TipAmount: 5, FeeAmount: 0.6, TaxAmount: 0 });
    const debit = await spin.post('Sale', { PaymentType: 'Debit', ReferenceId: 'S2', Amount: 20 });
    expect(debit.body.Amounts).toMatchObject({ TotalAmount: 20, FeeAmount: 0 });
    const custom = await sale(spin, 'S3', { Amount: 20, CustomFee: 1 });
    expect(custom.parsed.GeneralResponse).toMatchObject({
      StatusCode: '1004',
      DetailedMessage: "CustomFee is not allowed: this terminal's surcharge program sets the fee",
    });
  });

  it('surcharge with fee on tip: the tip pays it too, and a tip adjustment charges it on the new tip', async () => {
    const spin = await start();
    await setProgram({ kind: 'surcharge', percent: 3, feeOnTip: true });
    const first = await sale(spin, 'T1', { Amount: 25, TipAmount: 5 });
    expect(first.body.Amounts).toMatchObject({ TotalAmount: 25.75, FeeAmount: 0.75 });
    const adjusted = await spin.post('TipAdjust', { ReferenceId: 'T1', TipAmount: 10 });
    expect(codes(adjusted.parsed)).toBe('0/0000');
    expect(adjusted.body.Amounts).toEqual({ TotalAmount: 30.9, Amount: 30, TipAmount: 10, FeeAmount: 0.9, TaxAmount: 0 });
    expect((await spin.post('Status', { PaymentType: 'Credit', ReferenceId: 'T1' })).body.Amounts).toMatchObject({ FeeAmount: 0.9 });
  });

  it('dual pricing with tax on fee: every card pays the card price, Cash the cash price; reports carry the fee', async () => {
    const spin = await start();
    await setProgram({ kind: 'dual-pricing', percent: 4, taxOnFeePercent: 8.25 });
    const debit = await spin.post('Sale', { PaymentType: 'Debit', ReferenceId: 'D1', Amount: 10 });
    // 4 % of 10.00 is 0.40; 8.25 % of 0.40 is 0.033, rounded to 0.03.
    expect(debit.body.Amounts).toEqual({ TotalAmount: 10.43, Amount: 10, TipAmount: 0, FeeAmount: 0.4, TaxAmount: 0.03 });
    const cash = await spin.post('Sale', { PaymentType: 'Cash', ReferenceId: 'D2', Amount: 10 });
    expect(cash.body.Amounts).toMatchObject({ TotalAmount: 10, FeeAmount: 0, TaxAmount: 0 });
    const summary = await spin.post('Summary', {});
    const saleTotals = summary.parsed.SummaryDetails?.map((detail) => detail.TransactionsSummaryReports?.SaleAmount);
    expect(saleTotals).toEqual(expect.arrayContaining([10.43, 10]));
    const daily = await spin.post('Daily', {});
    const rows = daily.parsed.DailyDetails?.flatMap((detail) => detail.TransactionsDailyReports ?? []);
    expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ ReferenceId: 'D1', Amount: 10.43 })]));
    const settle = await spin.post('Settle', {});
    const settled = settle.parsed.SettleDetails?.reduce((sum, detail) => sum + (detail.TransactionsReports?.TotalAmount ?? 0), 0);
    expect(settled).toBeCloseTo(20.43, 2);
  });

  it('an Auth and a Return pay no program fee; the Capture pays it on the final amount', async () => {
    const spin = await start();
    await setProgram({ kind: 'surcharge', percent: 2 });
    const auth = await spin.post('Auth', { PaymentType: 'Credit', ReferenceId: 'A1', Amount: 50 });
    expect(auth.body.Amounts).toMatchObject({ TotalAmount: 50, FeeAmount: 0 });
    const capture = await spin.post('Capture', { PaymentType: 'Credit', ReferenceId: 'A2', Amount: 40, AuthCode: auth.body.AuthCode });
    expect(capture.body.Amounts).toMatchObject({ TotalAmount: 40.8, FeeAmount: 0.8 });
    const refund = await spin.post('Return', { PaymentType: 'Credit', ReferenceId: 'R1', Amount: 5 });
    expect(refund.body.Amounts).toMatchObject({ TotalAmount: 5, FeeAmount: 0 });
  });

  it.each([
    // A $10.00 sale with a $2.00 tip pays a 3 % surcharge on the amount before tip ($0.30) and 10 % tax on it ($0.03).
    { dailyAmounts: 'charged', listed: 12.33 },
    { dailyAmounts: 'before-fee', listed: 12 },
    { dailyAmounts: 'base', listed: 10 },
  ])(
    'Daily lists a fee-paying sale at its $dailyAmounts amount; Summary still counts what the card paid',
    async ({ dailyAmounts, listed }) => {
      const spin = await start();
      await setProgram({ kind: 'surcharge', percent: 3, taxOnFeePercent: 10, dailyAmounts });
      expect((await sale(spin, 'S1', { Amount: 12, TipAmount: 2 })).body.Amounts).toMatchObject({ TotalAmount: 12.33, FeeAmount: 0.3 });
      await sale(spin, 'S2', { Amount: 5, PaymentType: 'Cash' });
      const daily = (await spin.post('Daily', {})).parsed.DailyDetails ?? [];
      const rows = daily.flatMap((detail) => detail.TransactionsDailyReports ?? []);
      expect(rows.map((row) => [row.ReferenceId, row.Amount])).toEqual([
        ['S1', listed],
        ['S2', 5],
      ]);
      expect(daily.map((detail) => [detail.Application, detail.TotalAmount])).toEqual([
        ['Credit', listed],
        ['Cash', 5],
      ]);
      const summary = (await spin.post('Summary', {})).parsed.SummaryDetails ?? [];
      expect(summary.map((detail) => detail.TransactionsSummaryReports?.TotalAmount)).toEqual([12.33, 5]);
    },
  );

  it('refuses a bad program with the field and the rule, and a program for an unknown terminal', async () => {
    await start();
    expect(await setProgram({ kind: 'surcharge' })).toEqual({
      status: 400,
      body: { ok: false, error: expect.stringContaining('program.percent is required') },
    });
    expect((await setProgram({ kind: 'dual-pricing', percent: 12 })).body.error).toContain('program.percent must be at most 10');
    expect((await setProgram({ kind: 'custom', taxOnFeePercent: 1.234 })).body.error).toContain(
      'program.taxOnFeePercent must have at most 2 decimals',
    );
    expect((await setProgram({ kind: 'custom', dailyAmounts: 'net' })).body.error).toContain('program.dailyAmounts');
    expect((await setProgram({ kind: 'cashback' })).body.error).toContain('program.kind');
    expect((await setProgram({ kind: 'none' }, 'NOSUCHTPN001')).status).toBe(404);
  });

  it('takes programs as start options, global and per terminal, and null returns a terminal to the global one', async () => {
    sim = await startSimulator({
      terminals: [TEST_TERMINAL, OTHER],
      feeProgram: { kind: 'none' },
      feePrograms: { [OTHER.tpn]: { kind: 'surcharge', percent: 1 } },
    });
    expect(sim.control.getState(TEST_TERMINAL.tpn).feeProgram).toEqual({ kind: 'none' });
    expect(sim.control.getState(OTHER.tpn).feeProgram).toEqual({
      kind: 'surcharge',
      percent: 1,
      feeOnTip: false,
      taxOnFeePercent: 0,
      dailyAmounts: 'charged',
    });
    await setProgram(null, OTHER.tpn);
    expect(sim.control.getState(OTHER.tpn).feeProgram).toEqual({ kind: 'none' });
    await expect(startSimulator({ terminals: [TEST_TERMINAL], feePrograms: { NOSUCHTPN001: { kind: 'none' } } })).rejects.toThrow(
      'feePrograms names TPN NOSUCHTPN001, which is not served',
    );
  });
});

describe('TipAdjust TipIndicator and Sale ExternalReceipt', () => {
  it('Add adds to the tip, Replace and no indicator replace it', async () => {
    const spin = await start();
    await sale(spin, 'TI1', { Amount: 22, TipAmount: 2 });
    const added = await spin.post('TipAdjust', { ReferenceId: 'TI1', TipAmount: 3, TipIndicator: 'Add' });
    expect(added.body.Amounts).toMatchObject({ Amount: 25, TipAmount: 5, TotalAmount: 25 });
    const replaced = await spin.post('TipAdjust', { ReferenceId: 'TI1', TipAmount: 4, TipIndicator: 'Replace' });
    expect(replaced.body.Amounts).toMatchObject({ Amount: 24, TipAmount: 4 });
    const plain = await spin.post('TipAdjust', { ReferenceId: 'TI1', TipAmount: 1 });
    expect(plain.body.Amounts).toMatchObject({ Amount: 21, TipAmount: 1 });
  });

  it('keeps a Sale ExternalReceipt, prints it under the receipt and shows it in the state view', async () => {
    const spin = await start();
    const text = '<C>Thank you, see you soon</C>';
    const answered = await sale(spin, 'ER1', { Amount: 5, ExternalReceipt: text, GetReceipt: 'Both' });
    expect((answered.body.Receipts as { Merchant: string }).Merchant.endsWith(`<C>MERCHANT COPY</C>${text}`)).toBe(true);
    await sale(spin, 'ER2', { Amount: 6 });
    expect(sim.control.getState(TEST_TERMINAL.tpn).externalReceipts).toEqual({ ER1: text });
  });
});
