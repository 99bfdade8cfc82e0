import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '@shared/ipc/payment-views';
import { approvedResult } from '../../test-support/fixtures';
import TransactionDetail from './TransactionDetail.svelte';

// One transaction record opened on the Transactions screen.

function record(fields: Partial<TransactionView> = {}): TransactionView {
  return { ...approvedResult({ referenceId: 'REF1', transactionType: 'Sale' }), voided: false, paymentType: 'Credit', ...fields };
}

describe('a transaction’s details', () => {
  it('heads with the type and reference, says its state, and takes the focus', () => {
    render(TransactionDetail, { record: record({ invoiceNumber: 'INV-7' }), onclose: () => {}, onreprint: () => {} });
    const heading = screen.getByRole('heading', { name: 'Sale REF1' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(screen.getByText('Invoice INV-7')).toBeTruthy();
    expect(screen.getByText('Receipts: use Receipt to ask the terminal for them.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Void Sale REF1 ($12.34)' })).toBeTruthy();
  });

  it('a voided record says why there is nothing to refund and offers no Void or Return', () => {
    render(TransactionDetail, { record: record({ voided: true }), onclose: () => {}, onreprint: () => {} });
    expect(screen.getByText('Voided')).toBeTruthy();
    expect(screen.getByText(/No Return: this transaction was voided/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Void / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Refund / })).toBeNull();
  });

  it('a store-and-forward record says when the terminal took it offline', () => {
    render(TransactionDetail, {
      record: record({ transactionDateTime: '2026-01-31T10:00:00.000Z' }),
      onclose: () => {},
      onreprint: () => {},
    });
    expect(screen.getByText(/^Taken offline at .* \(store and forward\)\.$/)).toBeTruthy();
  });

  it('Close details closes it; Receipt asks for the receipts of this record', async () => {
    const onclose = vi.fn();
    const onreprint = vi.fn();
    const shown = record();
    render(TransactionDetail, { record: shown, onclose, onreprint });
    await fireEvent.click(screen.getByRole('button', { name: 'Reprint the receipt of Sale REF1 ($12.34)' }));
    expect(onreprint).toHaveBeenCalledWith(shown);
    await fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
    expect(onclose).toHaveBeenCalledTimes(1);
  });
});
