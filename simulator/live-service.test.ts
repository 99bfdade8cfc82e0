// Behaviour found by running independent SPIn clients against the simulator and comparing with
// what the live service answers (docs/PROTOCOL.md §4.8, §4.12), over real loopback HTTP.
import { describe, expect, it } from 'vitest';
import { knownCardTypes } from '@shared/spin';
import { simulatorPerTest } from './test-support/simulator-per-test';
import { TEST_TERMINAL, codes } from '../tests/support/simulator-kit';

const sim = simulatorPerTest(3);

const item = (name: string, extra: Record<string, unknown> = {}) => ({ Name: name, Price: 2.5, ...extra });
const amounts = [{ Name: 'Total', Value: 5 }];

describe('Cart items require Quantity, as a live UAT service answers', () => {
  it.each([
    ['left out', item('Tea')],
    ['null', item('Tea', { Quantity: null })],
  ])('answers an item whose Quantity is %s with HTTP 400 / 2201 naming the field, and shows nothing', async (_, bad) => {
    const answer = await sim.spin.post('Cart', { Cart: { Amounts: amounts, Items: [item('Coffee', { Quantity: 1 }), bad] } });
    expect([answer.status, codes(answer.parsed)]).toEqual([400, '2/2201']);
    expect(answer.parsed.GeneralResponse).toMatchObject({
      Message: 'Error',
      DetailedMessage: "Quantity field is required for Items in Cart's Items List (Cart.Items.1.Quantity is missing).",
    });
    expect(sim.control.getState(TEST_TERMINAL.tpn).lastCart).toBeNull();
  });

  it('refuses a Sale whose inline Cart has an item without Quantity before it reaches the terminal', async () => {
    const sale = await sim.spin.post('Sale', {
      PaymentType: 'Credit',
      ReferenceId: 'CARTQ1',
      Amount: 5,
      Cart: { Amounts: amounts, Items: [item('Tea')] },
    });
    expect([sale.status, codes(sale.parsed)]).toEqual([400, '2/2201']);
    expect(sale.parsed.GeneralResponse.DetailedMessage).toContain('Cart.Items.0.Quantity');
    expect(sim.control.getState(TEST_TERMINAL.tpn).records).toEqual([]);
  });

  it('accepts items with a Quantity (0 included) and modifier options without one', async () => {
    const cart = {
      Amounts: amounts,
      Items: [item('Tea', { Quantity: 0, Modifiers: [{ Name: 'Milk', Options: [{ Name: 'Oat', Price: 0.5 }] }] })],
    };
    const answer = await sim.spin.post('Cart', { Cart: cart });
    expect([answer.status, codes(answer.parsed)]).toEqual([200, '0/0000']);
    expect(sim.control.getState(TEST_TERMINAL.tpn).lastCart).toEqual(cart);
  });
});

describe("Status never answers for a ReferenceId with another transaction's record", () => {
  it('answers 1/1001 for an unknown ReferenceId even when its TransactionNumber names a record of the batch', async () => {
    const first = await sim.spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'MINE1', Amount: 12 });
    expect(first.parsed.TransactionNumber).toBe('1');
    const status = await sim.spin.post('Status', { PaymentType: 'Credit', ReferenceId: 'LOST1', TransactionNumber: 1 });
    expect(codes(status.parsed)).toBe('1/1001');
    expect(status.body).toEqual({
      GeneralResponse: expect.objectContaining({ DetailedMessage: 'No transaction with ReferenceId LOST1 in open batch 1' }),
      PaymentType: 'Credit',
      ReferenceId: 'LOST1',
      SerialNumber: first.parsed.SerialNumber,
      // Nothing more: the recorded 1001 names no batch (docs/PROTOCOL.md §4.8), so the simulator adds
      // none that a live service may never send (a BatchNumber here once let the app's batch witness
      // pass on a field production lacks, issue 39 item 4).
    });
  });

  it('answers a ReferenceId of a settled batch with 1/1001, not with the new batch record at its number', async () => {
    await sim.spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'OLD1', Amount: 3 });
    await sim.spin.post('Settle', {});
    await sim.spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'NEW1', Amount: 4 });
    const status = await sim.spin.post('Status', { PaymentType: 'Credit', ReferenceId: 'OLD1', TransactionNumber: 1 });
    expect(codes(status.parsed)).toBe('1/1001');
    expect(status.body.ReferenceId).toBe('OLD1');
    expect(status.body).not.toHaveProperty('Amounts');
  });

  it('still finds a record by TransactionNumber when no ReferenceId is given', async () => {
    await sim.spin.post('Sale', { PaymentType: 'Credit', ReferenceId: 'BYNUM1', Amount: 7 });
    const status = await sim.spin.post('Status', { PaymentType: 'Credit', TransactionNumber: 1 });
    expect(status.parsed).toMatchObject({ ReferenceId: 'BYNUM1', Amounts: { Amount: 7 } });
  });
});

describe('EBT balances', () => {
  it.each(['EBT_Food', 'EBT_Cash'])('report a documented CardType for %s (an EBT card is no network: Unknown)', async (paymentType) => {
    const answer = await sim.spin.post('Balance', { PaymentType: paymentType, ReferenceId: 'BAL1' });
    expect(codes(answer.parsed)).toBe('0/0000');
    const cardType = answer.parsed.CardData?.CardType ?? '';
    expect(knownCardTypes).toContain(cardType);
    expect(answer.parsed.CardData).toMatchObject({ CardType: 'Unknown', CardBrand: 'EBT' });
  });
});
