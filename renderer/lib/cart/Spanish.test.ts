// Issue 41: a cart item in Spanish: its numbered labels, the fold of modifiers and infos with its
// count in the language's figures, and a modifier named after its item.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { appLanguage } from '../i18n/language.svelte';
import CartItemHarness from './test-harness/CartItemHarness.svelte';

afterEach(async () => {
  await appLanguage.show('en');
});

describe('a cart item in Spanish', () => {
  it('labels its fields and buttons in Spanish, modifiers included', async () => {
    await appLanguage.show('es-US');
    render(CartItemHarness);
    expect(screen.getByRole('group', { name: 'Artículo 1' })).toBeTruthy();
    expect(screen.getByLabelText(/^Artículo 1: nombre/)).toBeTruthy();
    expect(screen.getByLabelText(/^Precio unitario/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver modificadores e información (0)' })).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Ver modificadores e información (0)' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Agregar modificador' }));
    expect(screen.getByRole('group', { name: 'Artículo 1, modificador 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar artículo 1, modificador 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ocultar modificadores e información (1)' })).toBeTruthy();
  });
});
