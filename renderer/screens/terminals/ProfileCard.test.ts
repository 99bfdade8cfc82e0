// Issue 25, item 9: a terminal's card says in plain words how tips are sent and, when that is not
// known yet, where to find it out.
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { profileView } from '../../test-support/fixtures';
import ProfileCard from './ProfileCard.svelte';

function show(overrides: Parameters<typeof profileView>[0]) {
  render(ProfileCard, {
    profile: profileView(overrides),
    active: false,
    editing: false,
    canSelect: true,
    onselect: vi.fn(),
    onedit: vi.fn(),
    ondelete: vi.fn(),
  });
}

afterEach(async () => {
  await appLanguage.show('en');
});

describe('Profile card', () => {
  it('says where to check the tip handling when it is not known yet', () => {
    show({ tipHandling: undefined });
    expect(screen.getByText('How tips are sent').nextElementSibling?.textContent).toBe(
      'Not checked yet: run “Verify this terminal” on Troubleshooting',
    );
    expect(screen.queryByText('Tips')).toBeNull();
  });

  it('names the tip handling alone once it is known', () => {
    show({ tipHandling: 'on-top' });
    expect(screen.getByText('How tips are sent').nextElementSibling?.textContent).toBe('Adds the tip on top of Amount');
  });

  it('names the terminal in its Edit and Delete buttons, a space between the words', () => {
    show({ name: 'Back bar' });
    expect(screen.getByRole('button', { name: 'Edit Back bar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Back bar' })).toBeTruthy();
  });

  it('switches its facts and buttons to Spanish in place (issue 41)', async () => {
    show({ name: 'Back bar', tipHandling: undefined, proxyTimeoutSeconds: 120, merchantNumber: 2 });
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
});
