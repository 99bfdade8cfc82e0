import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { navigation } from '../../state/navigation.svelte';
import { approvedResult } from '../../test-support/fixtures';
import FollowUpResult from './FollowUpResult.svelte';

// The answer to a Void or a Tip adjust: its next steps are one more of the same, or back to the list.

function show(onanother: () => void): void {
  render(FollowUpResult, {
    result: approvedResult({ referenceId: 'VOID1' }),
    words: { approvedHeading: 'Voided', what: 'void', declinedSummary: 'The payment was not voided.' },
    sent: { amountCents: 1234, paymentType: 'Credit', terminalName: 'Front counter' },
    another: 'Void another payment',
    onanother,
  });
}

describe('a follow-up operation’s answer', () => {
  it('offers one more of the same first, and that clears the form', async () => {
    const onanother = vi.fn();
    show(onanother);
    const buttons = screen.getAllByRole('button').filter((button) => button.closest('.actions'));
    expect(buttons.map((button) => button.textContent?.trim())).toEqual(['Void another payment', 'Back to transactions']);
    await fireEvent.click(screen.getByRole('button', { name: 'Void another payment' }));
    expect(onanother).toHaveBeenCalledOnce();
  });

  it('goes back to the list the payment was picked from', async () => {
    navigation.current = 'void';
    show(() => {});
    await fireEvent.click(screen.getByRole('button', { name: 'Back to transactions' }));
    expect(navigation.current).toBe('transactions');
  });
});
