import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { approvedResult } from '../../test-support/fixtures';
import ResultExplanation from './ResultExplanation.svelte';

const declined = approvedResult({
  outcome: 'declined',
  resultCode: '2',
  statusCode: '1011',
  message: 'Active authKey not found',
  explanation: 'The payment service did not accept the terminal’s key.',
  remedy: 'Check the Authkey on the Terminals screen.',
  referenceId: 'SDREF9',
});

describe('Result explanation', () => {
  it('puts our explanation and next step first, and the service’s own words and code under Details', () => {
    render(ResultExplanation, { result: declined, checkFirst: false });
    expect(screen.getByText('The payment service did not accept the terminal’s key.')).toBeTruthy();
    expect(screen.getByText('What to do:').parentElement?.textContent).toBe('What to do: Check the Authkey on the Terminals screen.');
    const details = screen.getByText('Details').closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('The payment service said');
    expect(details.textContent).toContain('“Active authKey not found”');
    expect(details.textContent).toContain('1011');
    expect(screen.queryByText('Check before charging again')).toBeNull();
  });

  it('asks to check the payment by its reference before charging again, and says when the outcome was looked up', () => {
    render(ResultExplanation, {
      result: { ...declined, resultCode: '1', recovery: { how: 'status-lookup', reason: 'the connection dropped' } },
      checkFirst: true,
      what: 'refund',
    });
    expect(screen.getByText('Check before charging again').parentElement?.textContent).toContain(
      'Make sure this refund did not go through',
    );
    expect(screen.getByText('SDREF9')).toBeTruthy();
    expect(screen.getByText(/Found by looking it up/).textContent).toContain('(the connection dropped)');
    expect(screen.getByText('Details').closest('details')!.textContent).toContain('The terminal said');
  });

  it('leaves the catalogue’s remedy out where a charge warning says what to do', () => {
    render(ResultExplanation, {
      result: {
        ...declined,
        chargeCheck: { state: 'not-said', meantCents: 100, meantTipCents: 0, chargedCents: null, chargedTipCents: null, totalCents: null },
      },
      checkFirst: false,
    });
    expect(screen.queryByText('What to do:')).toBeNull();
  });
});
