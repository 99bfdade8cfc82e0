// Issue 41: the terminal form in Spanish, switched in place: its field labels, choices and buttons
// (a terminal card's switch is in ProfileCard.test.ts).
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { emptyProfileFields } from '../../lib/profile-fields';
import ProfileForm from './ProfileForm.svelte';

afterEach(async () => {
  await appLanguage.show('en');
});

describe('Terminals in Spanish', () => {
  it('labels the form’s fields and choices in Spanish after a switch', async () => {
    render(ProfileForm, { initial: emptyProfileFields(), onsaved: vi.fn(), oncancel: vi.fn() });
    const name = screen.getByLabelText(/^Name/);

    await appLanguage.show('es-US');

    await vi.waitFor(() => expect(screen.getByLabelText(/^Nombre/)).toBe(name));
    expect(screen.getByLabelText(/^Espera al cliente \(segundos\)/)).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Comercio 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agregar terminal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(
      screen
        .getByLabelText(/^ID de caja/)
        .closest('.field')
        ?.querySelector('label')?.textContent,
    ).toContain('(opcional)');
  });
});
