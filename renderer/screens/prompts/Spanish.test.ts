// Issue 41: a card read and a hidden answer in Spanish: the card's facts, what a screen reader
// hears for the masked number, and the button that reveals a masked answer.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { appLanguage } from '../../lib/i18n/language.svelte';
import AnswerValue from './AnswerValue.svelte';
import CardReadView from './CardReadView.svelte';

afterEach(async () => {
  await appLanguage.show('en');
});

describe('prompt answers in Spanish', () => {
  it('shows a card read with Spanish labels', async () => {
    await appLanguage.show('es-US');
    render(CardReadView, { card: { last4: '4242', entryType: 'Contactless' } });
    expect(screen.getByText('Tarjeta', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Marca desconocida');
    expect(screen.getByText('Leída por', { selector: 'dt' })).toBeTruthy();
    expect(screen.getByLabelText('Primeros cuatro ocultos, últimos cuatro 4242')).toBeTruthy();
  });

  it('keeps a hidden answer masked until the Spanish button reveals it', async () => {
    await appLanguage.show('es-US');
    render(AnswerValue, { value: '90210', hidden: true });
    expect(screen.getByLabelText('Respuesta oculta').textContent).toBe('•••••');
    await fireEvent.click(screen.getByRole('button', { name: 'Ver respuesta' }));
    expect(screen.getByLabelText('Respuesta').textContent).toBe('90210');
    expect(screen.getByRole('button', { name: 'Ocultar respuesta' })).toBeTruthy();
  });
});
