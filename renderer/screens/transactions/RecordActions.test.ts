import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '@shared/ipc/payment-views';
import { navigation } from '../../state/navigation.svelte';
import { approvedResult } from '../../test-support/fixtures';
import { capture, tipAdjust, voiding } from '../payments/drafts.svelte';
import RecordActions from './RecordActions.svelte';

// The buttons beside a transaction record: the actions that fit it, each naming the record for a
// screen reader; money-moving ones open their screen prefilled, Receipt asks the terminal.

function record(fields: Partial<TransactionView> = {}): TransactionView {
  return { ...approvedResult({ referenceId: 'REF1', transactionType: 'Sale' }), voided: false, paymentType: 'Credit', ...fields };
}

const buttons = () => screen.getAllByRole('button').map((button) => [button.textContent?.trim(), button.getAttribute('aria-label')]);

beforeEach(() => {
  navigation.current = 'transactions';
  voiding.clear();
  tipAdjust.clear();
  capture.clear();
});

describe('actions on a record', () => {
  it('names each action with the record and its amount, Details first when asked for', () => {
    render(RecordActions, { record: record(), onreprint: () => {}, ondetails: () => {} });
    expect(buttons()).toEqual([
      ['Details', 'Details of Sale REF1 ($12.34)'],
      ['Void', 'Void Sale REF1 ($12.34)'],
      ['Tip', 'Adjust the tip of Sale REF1 ($12.34)'],
      ['Return', 'Refund Sale REF1 ($12.34)'],
      ['Receipt', 'Reprint the receipt of Sale REF1 ($12.34)'],
    ]);
  });

  it('Void opens the Void screen with the record’s reference and amount', async () => {
    render(RecordActions, { record: record({ paymentType: 'Debit' }), onreprint: () => {} });
    await fireEvent.click(screen.getByRole('button', { name: 'Void Sale REF1 ($12.34)' }));
    expect(navigation.current).toBe('void');
    expect([voiding.referenceId, voiding.amountCents, voiding.paymentType]).toEqual(['REF1', 1234, 'Debit']);
  });

  it('Capture on an Auth opens Capture with its auth code; Receipt asks the screen to reprint, moving nowhere', async () => {
    const onreprint = vi.fn();
    const auth = record({ transactionType: 'Auth', referenceId: 'AUTH1', authCode: 'ZX9' });
    render(RecordActions, { record: auth, onreprint });
    await fireEvent.click(screen.getByRole('button', { name: 'Reprint the receipt of Auth AUTH1 ($12.34)' }));
    expect(onreprint).toHaveBeenCalledWith(auth);
    expect(navigation.current).toBe('transactions');
    await fireEvent.click(screen.getByRole('button', { name: 'Capture Auth AUTH1 ($12.34)' }));
    expect(navigation.current).toBe('capture');
    expect([capture.authCode, capture.amountCents]).toEqual(['ZX9', 1234]);
  });

  it('a voided sale offers only its receipt, and no Details button unless asked', () => {
    render(RecordActions, { record: record({ voided: true }), onreprint: () => {} });
    expect(buttons().map(([text]) => text)).toEqual(['Receipt']);
  });
});
