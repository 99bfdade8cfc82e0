// Issue 41: the invoice the customer picked, in Spanish: the heading with the invoice, the amount
// due by the language's money format, and the Pay button naming it; a switch while it is shown
// changes the words in place.
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { appLanguage } from '../../lib/i18n/language.svelte';
import ChosenInvoice from './ChosenInvoice.svelte';

afterEach(async () => {
  await appLanguage.show('en');
});

const invoice = { id: 'T12', name: 'Mesa 12', amountCents: 123456, type: 'Open' };
const due = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(1234.56);

describe('the chosen invoice in Spanish', () => {
  it('names the pick, the amount due and the Pay button in Spanish', async () => {
    await appLanguage.show('es-US');
    render(ChosenInvoice, { id: 'T12', invoice });
    expect(screen.getByRole('heading', { name: 'El cliente eligió la factura T12' })).toBeTruthy();
    expect(screen.getByText('Monto a pagar', { selector: 'dt' }).nextElementSibling?.textContent).toBe(due);
    expect(screen.getByRole('button', { name: `Pagar ${due}` })).toBeTruthy();
  });

  it('follows a switch made while it is shown', async () => {
    render(ChosenInvoice, { id: 'T12', invoice: { ...invoice, amountCents: 0 } });
    expect(screen.getByText('Nothing is due on this invoice.')).toBeTruthy();
    await appLanguage.show('es-US');
    expect(await screen.findByText('Esta factura no tiene saldo pendiente.')).toBeTruthy();
  });
});
