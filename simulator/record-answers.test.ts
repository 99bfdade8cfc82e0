// Status answers are kept ready between lookups (record-answers.ts); every change must still show
// in the very next Status, over real loopback HTTP with the server's own wiring.
import { describe, expect, it } from 'vitest';
import { simulatorPerTest } from './test-support/simulator-per-test';
import { TEST_TERMINAL, codes } from '../tests/support/simulator-kit';

const sim = simulatorPerTest(5);

const status = (fields: Record<string, unknown> = {}) => sim.spin.post('Status', { PaymentType: 'Credit', ReferenceId: 'K1', ...fields });

describe('kept Status answers', () => {
  it('answer a repeated lookup with the same bytes, and follow a tip adjust and a void at once', async () => {
    await sim.spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'K1', Amount: 20, TipAmount: 2 });
    const first = await status();
    expect((await status()).body).toEqual(first.body);
    expect(first.parsed.Amounts).toMatchObject({ Amount: 20, TipAmount: 2 });

    await sim.spin.post('TipAdjust', { ReferenceId: 'K1', TipAmount: 5 });
    expect((await status()).parsed.Amounts).toMatchObject({ Amount: 23, TipAmount: 5 });

    await sim.spin.post('Void', { PaymentType: 'Credit', ReferenceId: 'K1', Amount: 20 });
    const voided = await status();
    expect(voided.parsed.Voided).toBe(true);
    expect(voided.body.Receipts).toBeUndefined();
  });

  it('keep one answer per receipt and extended-data choice', async () => {
    await sim.spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'K1', Amount: 9 });
    const plain = await status();
    const both = await status({ GetReceipt: 'Both', GetExtendedData: true });
    const merchant = await status({ GetReceipt: 'Merchant' });
    expect(plain.body.Receipts).toBeUndefined();
    expect(plain.body.ExtendedDataByApplication).toBeUndefined();
    expect(both.body.Receipts).toMatchObject({
      Customer: expect.stringContaining('CUSTOMER COPY'),
      Merchant: expect.stringContaining('MERCHANT COPY'),
    });
    expect(both.body.ExtendedDataByApplication).toBeDefined();
    expect(merchant.body.Receipts).toMatchObject({ Customer: '', Merchant: expect.stringContaining('MERCHANT COPY') });
    expect((await status()).body).toEqual(plain.body);
  });

  it('forget a record once its batch is settled or its terminal reset', async () => {
    await sim.spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'K1', Amount: 4 });
    expect(codes((await status()).parsed)).toBe('0/0000');
    await sim.spin.post('Settle', { SettlementType: 'Close' });
    expect(codes((await status()).parsed)).toBe('1/1001');

    await sim.spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'K1', Amount: 4 });
    expect(codes((await status()).parsed)).toBe('0/0000');
    sim.control.reset(TEST_TERMINAL.tpn);
    expect(codes((await status()).parsed)).toBe('1/1001');
  });

  it('are never changed by a real-world rewrite of one answer', async () => {
    await sim.spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'K1', Amount: 6 });
    const plain = await status();
    sim.control.setRealWorld({ variants: { 'numeric-codes': 1 } });
    const rewritten = await status();
    expect(rewritten.body.GeneralResponse.ResultCode).toBe(0);
    sim.control.setRealWorld(null);
    expect((await status()).body).toEqual(plain.body);
  });
});
