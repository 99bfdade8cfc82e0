import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import ChargeWarning from './ChargeWarning.svelte';

describe('Charge warning', () => {
  it('says the terminal charged another total, in danger, with the void-and-retake remedy for this payment', () => {
    render(ChargeWarning, {
      check: { state: 'differs', meantCents: 2000, meantTipCents: 0, chargedCents: 2500, chargedTipCents: 0, totalCents: 2500 },
      what: 'sale',
      role: 'alert',
    });
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('.title')?.textContent).toBe('The terminal charged $25.00, not $20.00');
    expect(alert.textContent).toContain('void this sale and take it again for $20.00');
  });

  it('warns, without an alert where it is read later, when the terminal did not say what it charged', () => {
    render(ChargeWarning, {
      check: { state: 'not-said', meantCents: 1500, meantTipCents: 0, chargedCents: null, chargedTipCents: null, totalCents: null },
      what: 'refund',
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('The terminal did not say what it charged')).toBeTruthy();
    expect(screen.getByText(/What to do:/).parentElement?.textContent).toContain('Check the receipt to be sure the customer paid $15.00.');
  });
});
