// Issue 41: the Terminals screen's card and form in Spanish, switched in place: the facts, the
// buttons (with the terminal's name in them) and the form's field labels and choices.
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { emptyProfileFields } from '../../lib/profile-fields';
import { profileView } from '../../test-support/fixtures';
import ProfileCard from './ProfileCard.svelte';
import ProfileForm from './ProfileForm.svelte';

afterEach(async () => {
  await appLanguage.show('en');
});

describe('Terminals in Spanish', () => {
  it('switches a terminal card’s facts and buttons in place', async () => {
    render(ProfileCard, {
      profile: profileView({ name: 'Back bar', tipHandling: undefined, proxyTimeoutSeconds: 120, merchantNumber: 2 }),
      active: false,
      editing: false,
      canSelect: true,
      onselect: vi.fn(),
      onedit: vi.fn(),
      ondelete: vi.fn(),
    });
    const edit = screen.getByRole('button', { name: 'Edit Back bar' });

    await appLanguage.show('es-US');

    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Editar Back bar' })).toBe(edit));
    expect(screen.getByRole('button', { name: 'Eliminar Back bar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Usar para ventas: Back bar' })).toBeTruthy();
    expect(screen.getByText('Espera al cliente').nextElementSibling?.textContent).toBe('120 s');
    expect(screen.getByText('Cómo se envían las propinas').nextElementSibling?.textContent).toContain(
      'use “Verificar esta terminal” en Solución de problemas',
    );
  });

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
