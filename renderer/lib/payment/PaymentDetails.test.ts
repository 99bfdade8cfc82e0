import { render, screen } from '@testing-library/svelte';
import { parseMoney } from '@shared/spin/money';
import { describe, expect, it } from 'vitest';
import { approvedResult } from '../../test-support/fixtures';
import PaymentDetails from './PaymentDetails.svelte';

/** The shown facts as label → value, in screen order. */
function facts(): [string, string][] {
  const terms = screen.getAllByRole('term', { hidden: true }).map((term) => term.textContent ?? '');
  const values = screen.getAllByRole('definition', { hidden: true }).map((value) => value.textContent ?? '');
  return terms.map((term, i) => [term, values[i]!]);
}

const cents = (text: string) => {
  const parsed = parseMoney(text);
  if (!parsed.ok) throw new Error(`not money: ${text}`);
  return parsed.cents;
};

describe('Payment details', () => {
  it('takes the tip out of the terminal’s Amount so the parts add up to the Total shown', () => {
    render(PaymentDetails, {
      result: approvedResult({ amounts: { total: 2350, amount: 2200, tip: 200, fee: 100, tax: 50 } }),
      feeKind: 'surcharge',
      terminalName: 'Front counter',
    });
    const shown = new Map(facts());
    expect(shown.get('Amount')).toBe('$20.00');
    expect(shown.get('Tip')).toBe('$2.00');
    expect(shown.get('Surcharge')).toBe('$1.00');
    const parts = ['Amount', 'Tip', 'Surcharge', 'Tax on the surcharge'].map((label) => cents(shown.get(label)!));
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(cents(shown.get('Total')!));
    expect(shown.get('Terminal')).toBe('Front counter');
  });

  it('shows only the card’s last four, leaves zero extras out and keeps chip data under its own disclosure', () => {
    render(PaymentDetails, {
      result: approvedResult({ emv: { applicationName: 'VISA CREDIT', aid: 'A0000000031010' } }),
    });
    const shown = facts();
    expect(shown.map(([label]) => label)).not.toContain('Tip');
    expect(shown.map(([label]) => label)).not.toContain('Fee');
    expect(new Map(shown).get('Card')).toBe('Visa •••• 0119 · Chip');
    expect(document.body.textContent).not.toContain('4761');
    const chip = screen.getByText('Chip data (EMV)').closest('details')!;
    expect(chip.open).toBe(false);
    expect(chip.textContent).toContain('A0000000031010');
  });
});
