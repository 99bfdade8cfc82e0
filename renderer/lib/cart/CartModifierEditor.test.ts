import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { control, expectFieldError } from '../../test-support/field-error';
import CartModifierHarness from './test-harness/CartModifierHarness.svelte';

const bound = () => JSON.parse(screen.getByTestId('modifier').textContent ?? '{}') as { name: string; options: string[] };

describe('Cart modifier editor', () => {
  it('edits the modifier’s name and options into the cart, one option to start with', async () => {
    render(CartModifierHarness);
    expect(screen.getByRole('group', { name: 'Item 1 modifier 1' })).toBeTruthy();
    await fireEvent.input(control(/^Item 1 modifier 1 name/), { target: { value: 'Milk' } });
    await fireEvent.input(control(/^Option 1$/), { target: { value: 'Oat' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    await fireEvent.input(control(/^Option 2$/), { target: { value: 'Soy' } });
    expect(bound()).toEqual({ name: 'Milk', options: ['Oat', 'Soy'] });
  });

  it('shows each error at its option’s field and removes itself on request', async () => {
    const onremove = vi.fn();
    render(CartModifierHarness, { errors: { 'items.0.modifiers.0.options.0.priceCents': 'Must be $0.00 or more' }, onremove });
    expectFieldError(/^Option 1 price/, 'Must be $0.00 or more');
    await fireEvent.click(screen.getByRole('button', { name: 'Remove item 1 modifier 1' }));
    expect(onremove).toHaveBeenCalledTimes(1);
  });
});
