// Issue 41: the terminal gate in Spanish: the note when no terminal is picked, naming what the
// screen does, and the Authkey note over a terminal without its key.
import { render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileView } from '@shared/ipc/profile-views';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { m } from '../../lib/i18n/messages';
import { profiles } from '../../state/profiles.svelte';
import { profileView } from '../../test-support/fixtures';
import TerminalGate from './TerminalGate.svelte';

const screenBody = createRawSnippet((profile: () => ProfileView) => ({ render: () => `<p>${profile().name}</p>` }));

afterEach(async () => {
  await appLanguage.show('en');
});

describe('the terminal gate in Spanish', () => {
  it('without a terminal, says in Spanish what to do for this screen', async () => {
    await appLanguage.show('es-US');
    profiles.apply({ profiles: [], activeId: null });
    render(TerminalGate, { purpose: m.prompt_purpose(), children: screenBody });
    expect(screen.getByText('No hay terminal elegida')).toBeTruthy();
    expect(screen.getByText('Agregue una terminal, o elija una arriba en la ventana, para enviar mensajes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abrir Terminales' })).toBeTruthy();
  });

  it('over a terminal without its Authkey, says in Spanish that requests will be refused', async () => {
    await appLanguage.show('es-US');
    profiles.apply({ profiles: [profileView({ id: 'a', name: 'Barra', hasAuthkey: false })], activeId: 'a' });
    render(TerminalGate, { purpose: m.prompt_purpose(), children: screenBody });
    expect(screen.getByText('Barra necesita su Authkey')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ingresar el Authkey de Barra' })).toBeTruthy();
  });
});
