// Issue 41: the wait on the customer in Spanish: what it waits for, the limit as a figure of the
// language, and the cancel button, switched in place while the wait goes on.
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appLanguage } from '../i18n/language.svelte';
import { installFakeTransport } from '../../test-support/fake-transport';
import CustomerWait from './CustomerWait.svelte';

afterEach(async () => {
  document.body.innerHTML = '';
  await appLanguage.show('en');
});

describe('the customer wait in Spanish', () => {
  it('switches its words and figures in place, keeping the same button', async () => {
    installFakeTransport({});
    render(CustomerWait, { startedAt: Date.now(), timeoutSeconds: 1500 });
    const button = screen.getByRole('button', { name: 'Cancel on terminal' });
    expect(screen.getByRole('status').textContent).toBe('Waiting for the customer to finish on the terminal…');
    expect(screen.getByText(/waited · the terminal gives up after/)).toBeTruthy();

    await appLanguage.show('es-US');

    await vi.waitFor(() => expect(button.textContent).toBe('Cancelar en la terminal'));
    expect(screen.getByRole('status').textContent).toBe('Esperando a que el cliente termine en la terminal…');
    expect(screen.getByText(`de espera · la terminal deja de esperar a los ${new Intl.NumberFormat('es-US').format(1500)} s`)).toBeTruthy();
  });
});
