import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { approvedResult } from '../../test-support/fixtures';
import { NO_FIGURES } from '../../lib/payment/result-fixtures';
import { sale } from './drafts.svelte';
import NewPaymentResult from './NewPaymentResult.svelte';

beforeEach(() => {
  sale.clear();
  // What was sent: $50.00 and a $2.00 tip.
  sale.sent = {
    profileId: 'p1',
    terminalName: 'Front counter',
    referenceId: 'SDTEST',
    amountCents: 5200,
    paymentType: 'Credit',
    startedAt: 0,
    timeoutSeconds: 120,
  };
});

function show(overrides: Parameters<typeof approvedResult>[0]) {
  render(NewPaymentResult, { kind: 'sale', result: approvedResult(overrides) });
}

describe('Sale result card', () => {
  it('shows an approval with its amount, masked card and a receipt without markup', () => {
    show({ receipts: { customer: '<C><B>STORE</B></C><L>TOTAL</L><R>12.34</R>' } });
    expect(screen.getByRole('heading', { name: 'Approved' })).toBeTruthy();
    expect(screen.getAllByText('$12.34').length).toBeGreaterThan(0);
    expect(screen.getByText('Visa •••• 0119 · Chip')).toBeTruthy();
    const receipt = document.querySelector('pre')?.textContent ?? '';
    expect(receipt).toContain('STORE');
    expect(receipt).not.toMatch(/<\/?[A-Z]+>/);
  });

  it('tells the cashier what is left after a partial approval and starts a sale for it', async () => {
    show({ outcome: 'partial', statusCode: '0001', amounts: { total: 3000, amount: 3000, tip: 0, fee: null, tax: null } });
    expect(screen.getByText(/Only \$30\.00 of \$52\.00 was approved\. Charge the remaining\s+\$22\.00 to another card/)).toBeTruthy();
    const before = sale.referenceId;
    await fireEvent.click(screen.getByRole('button', { name: 'Charge the remaining $22.00' }));
    // A new sale of its own: the rest prefilled, a new reference, nothing sent yet.
    expect(sale).toMatchObject({ phase: 'editing', amountCents: 2200, tipCents: null, result: null, sent: null });
    expect(sale.referenceId).not.toBe(before);
  });

  it('offers another try after a plain decline', () => {
    show({ ...NO_FIGURES, outcome: 'declined', resultCode: '1', statusCode: '1015', message: 'Declined' });
    expect(screen.getByText('Nothing was charged.')).toBeTruthy();
    expect(screen.getByText('Requested $52.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Same amount, another try' })).toBeTruthy();
  });

  it('says a customer cancel is canceled, not declined, and offers the same amount again', () => {
    show({ ...NO_FIGURES, outcome: 'canceled', resultCode: '1', statusCode: '1012', message: 'Canceled' });
    expect(screen.getByRole('heading', { name: 'Canceled on the terminal' })).toBeTruthy();
    expect(screen.queryByText('Declined')).toBeNull();
    expect(screen.getByText('Requested $52.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Same amount, another try' })).toBeTruthy();
  });

  it('asks to check first, with no quick retry, after a timeout', () => {
    show({ outcome: 'failed', resultCode: '2', statusCode: '2007', message: 'The operation has timed out' });
    expect(screen.getByText('Check before charging again')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Same amount, another try' })).toBeNull();
  });
});
