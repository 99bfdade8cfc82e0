// The terminal state machine driven through the proxy pipeline (Dispatcher), without HTTP.
import { describe, expect, it } from 'vitest';
import type { EndpointName } from '@shared/spin';
import { Dispatcher } from './dispatch';
import { SimulatorState } from './state';
import { TEST_TERMINAL, codes, parseResponse } from '../tests/support/simulator-kit';
import { WorkRunner } from './work';

function setup(delayMs = 0) {
  const state = new SimulatorState(42, [TEST_TERMINAL]);
  const dispatcher = new Dispatcher(state, new WorkRunner(() => {}), delayMs);
  const terminal = () => state.terminals.get(TEST_TERMINAL.tpn)!;
  /** The answer as the app reads it (shared response schema), which also asserts that it parses. */
  const call = async <N extends EndpointName>(name: N, fields: Record<string, unknown>) => {
    const reply = await dispatcher.handle(name, { Tpn: TEST_TERMINAL.tpn, Authkey: TEST_TERMINAL.authkey, ...fields });
    return parseResponse(name, reply.body);
  };
  const sale = (ReferenceId: string, Amount: number, extra: Record<string, unknown> = {}) =>
    call('Sale', { PaymentType: 'Credit', ReferenceId, Amount, ...extra });
  return { state, terminal, call, sale };
}

describe('new payments', () => {
  it('numbers approved records from 1 within the batch and keeps every stored field', async () => {
    const { sale, terminal } = setup();
    const first = await sale('S1', 12.5, { TipAmount: 2.5, InvoiceNumber: 'INV1' });
    const second = await sale('S2', 3);
    expect(codes(first)).toBe('0/0000');
    expect([first.TransactionNumber, second.TransactionNumber, first.BatchNumber]).toEqual(['1', '2', '1']);
    expect(first.Amounts).toEqual({ TotalAmount: 12.5, Amount: 12.5, TipAmount: 2.5, FeeAmount: 0, TaxAmount: 0 });
    expect(first.AuthCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(first.RRN).toMatch(/^\d{12}$/);
    expect(first.GeneralResponse.HostResponseCode).toBe('00');
    expect(terminal().batch.size).toBe(2);
  });

  it('answers a duplicate ReferenceId with 1011 Canceled and leaves the original alone', async () => {
    const { sale, call } = setup();
    await sale('DUP', 5);
    const again = await sale('DUP', 7);
    expect(codes(again)).toBe('1/1011');
    expect(again.GeneralResponse).toMatchObject({ Message: 'Canceled', DetailedMessage: 'Duplicate Reference Id' });
    const status = await call('Status', { PaymentType: 'Credit', ReferenceId: 'DUP' });
    expect(status.Amounts?.Amount).toBe(5);
  });

  it('keeps a decline for Status but not in the batch; a retry under the same id can approve', async () => {
    const { sale, call, terminal } = setup();
    const declined = await sale('D1', 10.15);
    expect(codes(declined)).toBe('1/1015');
    expect(declined.GeneralResponse.HostResponseCode).toBe('05');
    expect(terminal().batch.size).toBe(0);
    expect(codes(await call('Status', { PaymentType: 'Credit', ReferenceId: 'D1' }))).toBe('1/1015');
    expect(codes(await sale('D1', 10))).toBe('0/0000');
    expect(codes(await call('Status', { PaymentType: 'Credit', ReferenceId: 'D1' }))).toBe('0/0000');
  });

  it('approves part of a 50.00 sale with a 2.00 tip (Amount 52.00 with the tip in it: 0001) and records the approved part', async () => {
    const { sale } = setup();
    const partial = await sale('P1', 52, { TipAmount: 2 });
    expect(codes(partial)).toBe('0/0001');
    expect(partial.Amounts).toMatchObject({ Amount: 41.6, TipAmount: 2, TotalAmount: 41.6 });
    // Amount 50.00 with the tip in it is a 48.00 sale: approved in full.
    expect(codes(await sale('P2', 50, { TipAmount: 2 }))).toBe('0/0000');
  });

  it('refuses a tip or fee on Auth (1004) and an oversized tip (1013) without recording anything', async () => {
    const { call, sale, terminal } = setup();
    expect(codes(await call('Auth', { PaymentType: 'Credit', ReferenceId: 'A1', Amount: 5, TipAmount: 1 }))).toBe('1/1004');
    expect(codes(await sale('S1', 5, { TipAmount: 4, CustomFee: 2 }))).toBe('1/1013');
    expect(terminal().batch.size).toBe(0);
  });

  it('charges CustomFee on top of Amount', async () => {
    const { sale } = setup();
    const body = await sale('F1', 10, { CustomFee: 0.35 });
    expect(body.Amounts).toMatchObject({ Amount: 10, FeeAmount: 0.35, TotalAmount: 10.35 });
  });
});

describe('capture, void and tip adjust', () => {
  it('captures an Auth by AuthCode once, with its own record; unknown AuthCode is 1001', async () => {
    const { call } = setup();
    const auth = await call('Auth', { PaymentType: 'Credit', ReferenceId: 'A1', Amount: 20 });
    const capture = (ReferenceId: string, AuthCode: unknown) =>
      call('Capture', { PaymentType: 'Credit', ReferenceId, Amount: 22, AuthCode });
    expect(codes(await capture('C0', 'NOPE00'))).toBe('1/1001');
    const captured = await capture('C1', auth.AuthCode);
    expect(codes(captured)).toBe('0/0000');
    expect(captured).toMatchObject({ TransactionType: 'Capture', TransactionNumber: '2' });
    expect(captured.CardData?.Last4).toBe(auth.CardData?.Last4);
    expect(codes(await capture('C2', auth.AuthCode))).toBe('1/1004');
    // A captured Auth is settled through its Capture: voiding the Auth itself is refused.
    expect(codes(await call('Void', { PaymentType: 'Credit', ReferenceId: 'A1', Amount: 20 }))).toBe('1/1004');
    // Voiding the Capture re-opens the Auth, which can then be captured again.
    expect(codes(await call('Void', { PaymentType: 'Credit', ReferenceId: 'C1', Amount: 22 }))).toBe('0/0000');
    expect(codes(await capture('C3', auth.AuthCode))).toBe('0/0000');
  });

  it('voids once; a wrong amount is 1013, a second void 1004, an unknown reference 1001', async () => {
    const { sale, call } = setup();
    await sale('S1', 12, { TipAmount: 2 });
    const voidIt = (ReferenceId: string, Amount: number) => call('Void', { PaymentType: 'Credit', ReferenceId, Amount });
    expect(codes(await voidIt('S1', 11))).toBe('1/1013');
    const voided = await voidIt('S1', 12);
    expect(voided).toMatchObject({ TransactionType: 'Void', Voided: true, ReferenceId: 'S1' });
    expect(codes(await voidIt('S1', 12))).toBe('1/1004');
    expect(codes(await voidIt('NOPE', 12))).toBe('1/1001');
    expect((await call('Status', { PaymentType: 'Credit', ReferenceId: 'S1' })).Voided).toBe(true);
  });

  it('replaces the tip (TipAmount is the new total tip) on a Sale; not on a Return or a voided Sale', async () => {
    const { sale, call } = setup();
    await sale('S1', 22, { TipAmount: 2 });
    const adjusted = await call('TipAdjust', { ReferenceId: 'S1', TipAmount: 5, TipIndicator: 'Replace' });
    expect(adjusted).toMatchObject({ TransactionType: 'TipAdjust', Amounts: { Amount: 25, TipAmount: 5, TotalAmount: 25 } });
    expect((await call('Status', { PaymentType: 'Credit', ReferenceId: 'S1' })).Amounts).toMatchObject({ Amount: 25, TipAmount: 5 });
    await call('Return', { PaymentType: 'Credit', ReferenceId: 'R1', Amount: 3 });
    expect(codes(await call('TipAdjust', { ReferenceId: 'R1', TipAmount: 1 }))).toBe('1/1008');
    // The Void may quote the amount as first requested (22) even after the adjustment.
    expect(codes(await call('Void', { PaymentType: 'Credit', ReferenceId: 'S1', Amount: 22 }))).toBe('0/0000');
    expect(codes(await call('TipAdjust', { ReferenceId: 'S1', TipAmount: 1 }))).toBe('1/1004');
  });
});

describe('settlement and reports', () => {
  it('settles totals that match the records, then starts a new batch with free ReferenceIds', async () => {
    const { sale, call } = setup();
    await sale('S1', 10);
    await sale('S2', 5.55, { TipAmount: 1 });
    await sale('S3', 7);
    await call('Void', { PaymentType: 'Credit', ReferenceId: 'S3', Amount: 7 });
    await call('Return', { PaymentType: 'Credit', ReferenceId: 'R1', Amount: 2.1 });
    const auth = await call('Auth', { PaymentType: 'Credit', ReferenceId: 'A1', Amount: 30 });
    await call('Auth', { PaymentType: 'Credit', ReferenceId: 'A2', Amount: 4 });
    await call('Capture', { PaymentType: 'Credit', ReferenceId: 'C1', Amount: 33, AuthCode: auth.AuthCode });
    const summary = await call('Summary', {});
    const settle = await call('Settle', { SettlementType: 'Close' });
    const expected = {
      TransactionsCount: 7,
      SaleAmount: 15.55,
      ReturnAmount: 2.1,
      VoidAmount: 7,
      AuthAmount: 4,
      TicketAmount: 33,
      TotalAmount: 46.45,
    };
    expect(settle.SettleDetails?.[0]?.TransactionsReports).toMatchObject(expected);
    expect(summary.SummaryDetails?.[0]?.TransactionsSummaryReports).toMatchObject(expected);
    expect(codes(await call('Void', { PaymentType: 'Credit', ReferenceId: 'S1', Amount: 10 }))).toBe('1/1001');
    const reused = await sale('S1', 1);
    expect(reused).toMatchObject({ BatchNumber: '2', TransactionNumber: '1' });
    expect(codes(await call('Settle', {}))).toBe('0/0000');
    expect(codes(await call('Settle', {}))).toBe('1/1020');
  });

  it('lists StatusList ranges by TransactionNumber and Daily rows with voids marked', async () => {
    const { sale, call } = setup();
    for (const [i, amount] of [3, 4, 5, 6].entries()) await sale(`S${i + 1}`, amount);
    await call('Void', { PaymentType: 'Credit', ReferenceId: 'S2', Amount: 4 });
    const list = await call('StatusList', { PaymentType: 'Credit', TransactionFromIndex: 2, TransactionToIndex: 3 });
    expect(list.Transactions?.map((t) => t.ReferenceId)).toEqual(['S2', 'S3']);
    const beyond = await call('StatusList', { PaymentType: 'Credit', TransactionFromIndex: 9, TransactionToIndex: 20 });
    expect(beyond.Transactions).toEqual([]);
    const daily = await call('Daily', {});
    const detail = daily.DailyDetails?.[0];
    expect(detail?.TotalAmount).toBe(14);
    expect(detail?.TransactionsDailyReports?.map((r) => r.TransactionType)).toEqual(['Sale', 'Void', 'Sale', 'Sale']);
  });

  it('looks Status up by TransactionNumber too, and answers 1001 for unknown ones', async () => {
    const { sale, call } = setup();
    await sale('S1', 3);
    expect((await call('Status', { PaymentType: 'Credit', TransactionNumber: 1 })).ReferenceId).toBe('S1');
    expect(codes(await call('Status', { PaymentType: 'Credit', TransactionNumber: 2 }))).toBe('1/1001');
  });
});

describe('level 3 items', () => {
  it('keeps line items per AuthCode; unknown AuthCode is 1001 and a missing one 1013', async () => {
    const { sale, call } = setup();
    const { AuthCode } = await sale('S1', 100);
    const item = { Description: 'Widget', Quantity: 2, UnitCost: 10 };
    const add = (code: unknown) =>
      call('AddLevel3Item', { PaymentType: 'Credit', ReferenceId: 'S1', AuthCode: code, Level3LineItems: { Group: [item, item] } });
    expect(await add(AuthCode)).toMatchObject({ AuthCode, ReferenceId: 'S1', LineItemCount: 2 });
    expect(codes(await add('ZZZZZZ'))).toBe('1/1001');
    expect(codes(await call('AddLevel3Item', { PaymentType: 'Credit', ReferenceId: 'S1' }))).toBe('1/1013');
    const removed = await call('RemoveLevel3Item', { PaymentType: 'Credit', ReferenceId: 'S1', AuthCode, LineItemNumber: 1 });
    expect(removed.LineItemCount).toBe(1);
    expect(codes(await call('RemoveLevel3Item', { PaymentType: 'Credit', ReferenceId: 'S1', AuthCode, LineItemNumber: 5 }))).toBe('1/1001');
  });
});
