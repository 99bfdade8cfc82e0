import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TransactionView } from '@shared/ipc/payment-views';
import { approvedResult, profileView } from '../../test-support/fixtures';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { expectFieldError } from '../../test-support/field-error';
import { PAGE_SIZE, transactions } from './transactions.svelte';
import BatchBrowser from './BatchBrowser.svelte';

// The open batch, 25 transaction numbers a page (StatusList pages by number). With a full page on
// screen, queries go by text: a role query over 25 rows of buttons takes seconds in jsdom.

function records(count: number): TransactionView[] {
  return Array.from({ length: count }, (_, i) => ({
    ...approvedResult({ referenceId: `REF${i + 1}`, transactionType: 'Sale', transactionNumber: String(i + 1) }),
    voided: false,
    paymentType: 'Credit',
  }));
}

/** A terminal whose open batch holds `held` transactions, numbered from 1. */
function batchOf(held: number) {
  return installFakeTransport({
    'transactions:list': ({ fromIndex, toIndex }) => ({
      transactions: records(held).slice(fromIndex - 1, toIndex),
      fromIndex,
      toIndex,
    }),
  });
}

const button = (text: string) => screen.getByText(text, { selector: 'button' }) as HTMLButtonElement;

beforeEach(() => {
  transactions.firstIndex = 1;
  transactions.page = null;
  transactions.loading = false;
});

describe('open batch browser', () => {
  it('loads the first 25 numbers on opening and pages forward while pages are full', async () => {
    const calls = batchOf(30);
    render(BatchBrowser, { profile: profileView(), ondetails: () => {}, onreprint: () => {} });
    await screen.findByText(`${PAGE_SIZE} transactions shown`);
    expect(screen.getByText('Open batch, numbers 1–25', { selector: 'h2' })).toBeTruthy();
    expect(button('Previous 25').disabled).toBe(true);
    await fireEvent.click(button('Next 25'));
    await screen.findByText('5 transactions shown');
    expect(screen.getByText('Open batch, numbers 26–50', { selector: 'h2' })).toBeTruthy();
    // A short page is the end of the batch.
    expect(button('Next 25').disabled).toBe(true);
    expect(callsTo(calls, 'transactions:list').map((call) => call.input)).toEqual([
      { profileId: 'p1', fromIndex: 1, toIndex: 25 },
      { profileId: 'p1', fromIndex: 26, toIndex: 50 },
    ]);
  });

  it('names the rule at the field when the number to start at is out of range, and asks nothing', async () => {
    const calls = batchOf(3);
    render(BatchBrowser, { profile: profileView(), ondetails: () => {}, onreprint: () => {} });
    await screen.findByText('3 transactions shown');
    for (const bad of ['0', '5001', '2x']) {
      await fireEvent.input(screen.getByLabelText('Start at number'), { target: { value: bad } });
      await fireEvent.click(button('Show'));
      expectFieldError('Start at number', 'Enter a number from 1 to 5000');
    }
    expect(callsTo(calls, 'transactions:list')).toHaveLength(1);
  });

  it('jumps to a number, and says when nothing is numbered there', async () => {
    const calls = batchOf(3);
    render(BatchBrowser, { profile: profileView(), ondetails: () => {}, onreprint: () => {} });
    await screen.findByText('3 transactions shown');
    await fireEvent.input(screen.getByLabelText('Start at number'), { target: { value: '100' } });
    await fireEvent.click(button('Show'));
    await screen.findByText('No transactions numbered 100–124 in the open batch.');
    expect(screen.getByLabelText('Start at number').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() =>
      expect(callsTo(calls, 'transactions:list').at(-1)?.input).toEqual({ profileId: 'p1', fromIndex: 100, toIndex: 124 }),
    );
  });
});
