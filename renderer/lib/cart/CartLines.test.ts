import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { control, expectFieldError } from '../../test-support/field-error';
import CartLinesHarness from './test-harness/CartLinesHarness.svelte';

describe('Cart lines', () => {
  it('numbers each line’s name and amount, money typed as decimals, and adds a line', async () => {
    render(CartLinesHarness, { kind: 'money' });
    expect(control(/^Total line 1 name/).value).toBe('Subtotal');
    expect(control(/^Total line 1 amount/).inputMode).toBe('decimal');
    await fireEvent.click(screen.getByRole('button', { name: 'Add total line' }));
    expect(control(/^Total line 2 name/).value).toBe('');
  });

  it('shows the contract’s errors at the line’s own field: valueCents for money, value for text', () => {
    render(CartLinesHarness, { kind: 'money', errors: { 'amounts.0.valueCents': 'Must be $0.00 or more', amounts: 'Too many lines' } });
    expectFieldError(/^Total line 1 amount/, 'Must be $0.00 or more');
    expect(screen.getByRole('alert').textContent).toBe('Too many lines');
  });

  it('calls a text line’s second field its value', () => {
    render(CartLinesHarness, { kind: 'text', errors: { 'amounts.0.value': 'Must not be empty' } });
    expectFieldError(/^Total line 1 value/, 'Must not be empty');
    expect(control(/^Total line 1 value/).inputMode).toBe('');
  });
});
