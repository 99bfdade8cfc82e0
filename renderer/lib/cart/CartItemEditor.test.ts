import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { expectFieldError } from '../../test-support/field-error';
import CartItemHarness from './test-harness/CartItemHarness.svelte';

const extrasButton = () => screen.getByRole('button', { name: /modifiers and infos/ });

describe('Cart item editor', () => {
  it('folds modifiers and infos away until asked, counting them on the button', async () => {
    render(CartItemHarness);
    expect(extrasButton().textContent?.trim()).toBe('Show modifiers and infos (0)');
    expect(extrasButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Add modifier', hidden: true }).closest('[hidden]')).not.toBeNull();
    await fireEvent.click(extrasButton());
    await fireEvent.click(screen.getByRole('button', { name: 'Add modifier' }));
    expect(extrasButton().textContent?.trim()).toBe('Hide modifiers and infos (1)');
    expect(screen.getByRole('group', { name: 'Item 1 modifier 1' })).toBeTruthy();
  });

  it('removes a modifier and keeps the keyboard on Add modifier', async () => {
    render(CartItemHarness);
    await fireEvent.click(extrasButton());
    await fireEvent.click(screen.getByRole('button', { name: 'Add modifier' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Remove item 1 modifier 1' }));
    expect(screen.queryByRole('group', { name: 'Item 1 modifier 1' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add modifier' }));
  });

  it('shows the contract’s errors at the item’s own fields', () => {
    render(CartItemHarness, { errors: { 'items.0.priceCents': 'Must not be empty', 'items.0.name': 'Must not be empty' } });
    expectFieldError(/^Price/, 'Must not be empty');
    expectFieldError(/^Item 1 name/, 'Must not be empty');
  });
});
