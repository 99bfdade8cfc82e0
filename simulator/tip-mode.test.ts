// The tip switch (issue 11 item 9): no public source says whether a Sale's Amount already includes
// TipAmount or the terminal adds it, so the simulator does either, globally or per terminal. Both
// modes are checked over real loopback HTTP in the approved answer, in Status and in the reports.
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from './index';
import type { TipMode } from './tip-mode';
import { TEST_TERMINAL, codes, spinClient } from '../tests/support/simulator-kit';

const OTHER = { tpn: 'OTHERTPN0001', authkey: 'OTHERKEY01' };

let sim: RunningSimulator;
afterEach(async () => sim.close());

async function start(options: Parameters<typeof startSimulator>[0] = {}) {
  sim = await startSimulator({ terminals: [TEST_TERMINAL, OTHER], seed: 9, ...options });
  return spinClient(sim.url);
}

async function control(path: string, body: unknown) {
  const res = await fetch(`${sim.url}/_sim/${path}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { ok: boolean; error?: string } };
}

/** Sale of Amount 20.00 with TipAmount 5.00 and CustomFee 1.00, as each mode charges it. */
const CASES: { mode: TipMode; amount: number; total: number; base: string }[] = [
  { mode: 'included', amount: 20, total: 21, base: '15.00' },
  { mode: 'on-top', amount: 25, total: 26, base: '20.00' },
];

describe.each(CASES)('tip mode $mode', ({ mode, amount, total, base }) => {
  it(`charges Amount ${amount} / TotalAmount ${total} for Amount 20 + TipAmount 5 + CustomFee 1, in the answer, Status, receipt and reports`, async () => {
    const spin = await start({ tipMode: mode });
    const sale = await spin.post('Sale', {
      PaymentType: 'Credit',
      ReferenceId: 'TIP1',
      Amount: 20,
      TipAmount: 5,
      CustomFee: 1,
      GetReceipt: 'Customer',
    });
    const expected = { TotalAmount: total, Amount: amount, TipAmount: 5, FeeAmount: 1, TaxAmount: 0 };
    expect(codes(sale.parsed)).toBe('0/0000');
    expect(sale.body.Amounts).toEqual(expected);
    const receipt = (sale.body.Receipts as { Customer: string }).Customer;
    expect(receipt).toContain(`<L>AMOUNT</L><R>${base}</R><L>TIP</L><R>5.00</R>`);
    expect(receipt).toContain(`<R><B>${total.toFixed(2)}</B></R>`);
    expect((await spin.post('Status', { PaymentType: 'Credit', ReferenceId: 'TIP1' })).body.Amounts).toEqual(expected);
    expect(sim.control.getState(TEST_TERMINAL.tpn).tipMode).toBe(mode);

    const summary = await spin.post('Summary', {});
    expect(summary.parsed.SummaryDetails?.[0]?.TransactionsSummaryReports).toMatchObject({ SaleAmount: total, TotalAmount: total });
    const daily = await spin.post('Daily', {});
    expect(daily.parsed.DailyDetails?.[0]).toMatchObject({
      TotalAmount: total,
      TransactionsDailyReports: [{ ReferenceId: 'TIP1', Amount: total }],
    });
    const settle = await spin.post('Settle', {});
    expect(settle.parsed.SettleDetails?.[0]?.TransactionsReports).toMatchObject({ SaleAmount: total, TotalAmount: total });
  });

  it('keeps the tip inside the charged amount through a partial approval, a tip adjust and a void', async () => {
    const spin = await start({ tipMode: mode });
    // A 50.00 sale with a 2.00 tip is the partial-approval scenario, however the tip is sent (Amount 50 on
    // top, 52 with the tip in it): 80 % of the 52.00 the terminal was asked to charge.
    const partial = await spin.post('Sale', {
      PaymentType: 'Credit',
      ReferenceId: 'PART1',
      Amount: mode === 'on-top' ? 50 : 52,
      TipAmount: 2,
    });
    expect(codes(partial.parsed)).toBe('0/0001');
    expect(partial.body.Amounts).toMatchObject({ Amount: 41.6, TipAmount: 2 });

    await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'ADJ1', Amount: 20, TipAmount: 5 });
    const adjusted = await spin.post('TipAdjust', { PaymentType: 'Credit', ReferenceId: 'ADJ1', Amount: 20, TipAmount: 7 });
    expect(adjusted.body.Amounts).toMatchObject({ Amount: amount - 5 + 7, TipAmount: 7 });

    // The POS may quote the Amount it sent (20) when it voids.
    const voided = await spin.post('Void', { PaymentType: 'Credit', ReferenceId: 'ADJ1', Amount: 20 });
    expect(voided.parsed).toMatchObject({ Voided: true });
    const report = (await spin.post('Summary', {})).parsed.SummaryDetails?.[0]?.TransactionsSummaryReports;
    expect(report).toMatchObject({ VoidAmount: amount + 2, SaleAmount: 41.6 });
  });

  it('applies the mode to Capture, which carries a TipAmount too', async () => {
    const spin = await start({ tipMode: mode });
    const auth = await spin.post('Auth', { PaymentType: 'Credit', ReferenceId: 'AUTH1', Amount: 20 });
    const capture = await spin.post('Capture', {
      PaymentType: 'Credit',
      ReferenceId: 'CAP1',
      Amount: 20,
      TipAmount: 5,
      AuthCode: auth.parsed.AuthCode,
    });
    expect(capture.body.Amounts).toMatchObject({ Amount: amount, TipAmount: 5, TotalAmount: amount });
  });
});

describe('tip mode rules and switches', () => {
  it('refuses a tip above the Amount only when the tip is inside it (1013)', async () => {
    let spin = await start();
    expect(codes((await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'BIG1', Amount: 3, TipAmount: 5 })).parsed)).toBe('1/1013');
    await sim.close();
    spin = await start({ tipMode: 'on-top' });
    const sale = await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'BIG1', Amount: 3, TipAmount: 5 });
    expect(sale.body.Amounts).toMatchObject({ Amount: 8, TipAmount: 5 });
    const fee = await spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'FEE1', Amount: 3, TipAmount: 5, CustomFee: 4 });
    expect(fee.parsed.GeneralResponse).toMatchObject({ StatusCode: '1013', DetailedMessage: 'CustomFee exceeds Amount' });
  });

  it('switches globally and per terminal through the control API; a terminal setting of null follows the global one', async () => {
    const mine = await start({ tipModes: { [OTHER.tpn]: 'on-top' } });
    const otherClient = spinClient(sim.url, OTHER);
    const sale = async (client: typeof mine, ref: string) =>
      (await client.post('Sale', { PaymentType: 'Credit', ReferenceId: ref, Amount: 10, TipAmount: 2 })).body.Amounts;
    expect(await sale(mine, 'S1')).toMatchObject({ Amount: 10 });
    expect(await sale(otherClient, 'S1')).toMatchObject({ Amount: 12 });

    expect((await control(`terminals/${OTHER.tpn}/tip-mode`, { mode: null })).status).toBe(200);
    expect((await control('tip-mode', { mode: 'on-top' })).status).toBe(200);
    expect(await sale(mine, 'S2')).toMatchObject({ Amount: 12 });
    expect(await sale(otherClient, 'S2')).toMatchObject({ Amount: 12 });

    expect((await control(`terminals/${TEST_TERMINAL.tpn}/tip-mode`, { mode: 'included' })).status).toBe(200);
    expect(await sale(mine, 'S3')).toMatchObject({ Amount: 10 });
    expect(sim.control.getState(OTHER.tpn).tipMode).toBe('on-top');
    // Records keep what was charged: switching the mode never rewrites an earlier sale.
    expect((await mine.post('Status', { PaymentType: 'Credit', ReferenceId: 'S2' })).body.Amounts).toMatchObject({ Amount: 12 });
    // reset() restores terminals, not configuration.
    sim.control.reset();
    expect(sim.control.getState(TEST_TERMINAL.tpn).tipMode).toBe('included');
  });

  it('refuses a bad tip mode naming the field, an unknown terminal with 404, and a TPN it does not serve at start', async () => {
    await start();
    expect(await control('tip-mode', { mode: 'sometimes' })).toEqual({
      status: 400,
      body: { ok: false, error: 'Invalid body: mode must be one of included, on-top' },
    });
    expect((await control('tip-mode', { mode: null })).body.error).toBe('Invalid body: mode must be one of included, on-top');
    expect((await control('terminals/NOSUCHTPN01/tip-mode', { mode: 'on-top' })).status).toBe(404);
    await expect(startSimulator({ terminals: [TEST_TERMINAL], tipModes: { NOSUCHTPN01: 'on-top' } })).rejects.toThrow(
      'Invalid simulator options: tipModes names TPN NOSUCHTPN01, which is not served',
    );
    await expect(startSimulator({ terminals: [TEST_TERMINAL], tipMode: 'half' as TipMode })).rejects.toThrow(
      /tipMode must be one of included, on-top/,
    );
  });
});
