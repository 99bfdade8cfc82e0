import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TransactionView } from '@shared/ipc/payment-views';
import { approvedResult, profileView } from '../../test-support/fixtures';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { transactions } from './transactions.svelte';
import OfflineList from './OfflineList.svelte';

// Store and forward: what the terminal approved offline and has not sent on yet.

function record(referenceId: string): TransactionView {
  return {
    ...approvedResult({ referenceId, transactionType: 'Sale' }),
    voided: false,
    paymentType: 'Credit',
    transactionDateTime: '2026-01-31T10:00:00.000Z',
  };
}

beforeEach(() => {
  transactions.offline = null;
  transactions.loading = false;
});

describe('store-and-forward list', () => {
  it('asks the terminal on opening and lists what waits, with a count', async () => {
    const calls = installFakeTransport({ 'transactions:offline': () => ({ transactions: [record('OFF1'), record('OFF2')] }) });
    render(OfflineList, { profile: profileView({ id: 'p3' }), ondetails: () => {}, onreprint: () => {} });
    await screen.findByText('2 waiting');
    expect(screen.getByRole('table', { name: 'Store-and-forward transactions' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(callsTo(calls, 'transactions:offline').map((call) => call.input)).toEqual([{ profileId: 'p3' }]);
  });

  it('says when nothing waits, and Refresh asks again', async () => {
    const calls = installFakeTransport({ 'transactions:offline': () => ({ transactions: [] }) });
    render(OfflineList, { profile: profileView(), ondetails: () => {}, onreprint: () => {} });
    await screen.findByText('No store-and-forward transactions are waiting on the terminal.');
    expect(screen.getByRole('status').textContent?.trim()).toBe('0 waiting');
    expect(screen.queryByRole('table')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(callsTo(calls, 'transactions:offline')).toHaveLength(2));
  });
});
