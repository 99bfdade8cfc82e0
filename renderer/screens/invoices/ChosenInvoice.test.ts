import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { navigation } from '../../state/navigation.svelte';
import { sale } from '../payments/drafts.svelte';
import ChosenInvoice from './ChosenInvoice.svelte';

// The invoice the customer picked on the terminal, and "Pay" that starts its sale.

const invoice = { id: 'T12', name: 'Table 12', amountCents: 4250, type: 'Open' };

beforeEach(() => {
  sale.clear();
  sale.phase = 'editing';
  navigation.current = 'invoices';
});

describe('the chosen invoice', () => {
  it('names the pick, shows what is due, and takes the focus', () => {
    render(ChosenInvoice, { id: 'T12', invoice });
    const heading = screen.getByRole('heading', { name: 'The customer picked invoice T12' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Amount due', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$42.50');
    expect(screen.getByText('Table 12')).toBeTruthy();
  });

  it('Pay opens Sale with the amount due and the invoice number', async () => {
    render(ChosenInvoice, { id: 'T12', invoice });
    await fireEvent.click(screen.getByRole('button', { name: 'Pay $42.50' }));
    expect(navigation.current).toBe('sale');
    expect([sale.amountCents, sale.invoiceNumber]).toEqual([4250, 'T12']);
  });

  it('while a sale is still out, Pay does not replace it and says why', async () => {
    sale.amountCents = 999;
    sale.phase = 'sending';
    render(ChosenInvoice, { id: 'T12', invoice });
    await fireEvent.click(screen.getByRole('button', { name: 'Pay $42.50' }));
    expect(screen.getByRole('alert').textContent).toContain('A sale is still in progress');
    expect(navigation.current).toBe('invoices');
    expect(sale.amountCents).toBe(999);
  });

  it('an invoice with nothing due has no Pay button', () => {
    render(ChosenInvoice, { id: 'T12', invoice: { ...invoice, amountCents: 0 } });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Nothing is due on this invoice.')).toBeTruthy();
  });

  it('an invoice that was not in the list sent is named as such', () => {
    render(ChosenInvoice, { id: 'X99', invoice: undefined });
    expect(screen.getByText('Not one of the invoices sent')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
