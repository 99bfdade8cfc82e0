import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { navigation } from '../../state/navigation.svelte';
import { sale } from '../payments/drafts.svelte';
import { profileView } from '../../test-support/fixtures';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { control, expectFieldError } from '../../test-support/field-error';
import { selectRequest, showRequest } from './invoice-state.svelte';
import PaymentInvoicePanel from './PaymentInvoicePanel.svelte';
import SelectInvoicePanel from './SelectInvoicePanel.svelte';

const profile = profileView();
const type = (label: string | RegExp, value: string) => fireEvent.input(control(label), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  selectRequest.reset();
  showRequest.reset();
  sale.clear();
});

describe('Customer picks an invoice', () => {
  it('names a missing number, an unreadable amount and a repeated number at their fields', async () => {
    const calls = installFakeTransport({});
    render(SelectInvoicePanel, { profile });
    await type('Invoice 1 number', '');
    await type(/^Amount due/, 'twelve');
    await press('Add invoice');
    const numbers = screen.getAllByLabelText(/^Invoice \d number/);
    expect(numbers).toHaveLength(2);
    await type('Invoice 2 number', 'T7');
    await press('Send to the terminal');
    expectFieldError('Invoice 1 number', 'Must not be empty');
    expect(document.getElementById('select-invoice-0-amount-error')?.textContent).toBe('Enter an amount like 12.50');
    expect(document.getElementById('select-invoice-1-amount-error')?.textContent).toBe('Enter an amount like 12.50');
    expect(calls).toHaveLength(0);

    await type('Invoice 1 number', 't7');
    for (const amount of screen.getAllByLabelText(/^Amount due/)) await fireEvent.input(amount, { target: { value: '5' } });
    await press('Send to the terminal');
    expectFieldError('Invoice 2 number', 'Is already used by another invoice in the list');
  });

  it('sends the list in cents, shows the pick and prefills the sale with its amount and number', async () => {
    const calls = installFakeTransport({ 'invoices:select': () => ({ selectedInvoiceId: 'B2' }) });
    render(SelectInvoicePanel, { profile });
    await type('Invoice 1 number', 'A1');
    await type(/^Amount due/, '12');
    await press('Add invoice');
    await type('Invoice 2 number', 'B2');
    const [, secondAmount] = screen.getAllByLabelText(/^Amount due/);
    await fireEvent.input(secondAmount!, { target: { value: '34.50' } });
    await press('Send to the terminal');
    expect(callsTo(calls, 'invoices:select')[0]?.input).toMatchObject({
      title: 'Select your check',
      invoices: [
        { id: 'A1', amountCents: 1200, type: 'Open' },
        { id: 'B2', amountCents: 3450, type: 'Open' },
      ],
    });
    await screen.findByRole('heading', { name: 'The customer picked invoice B2' });
    await press('Pay $34.50');
    expect(sale.amountCents).toBe(3450);
    expect(sale.invoiceNumber).toBe('B2');
    expect(navigation.current).toBe('sale');
  });
});

describe('Show one invoice', () => {
  it('names each field that needs fixing, paid above total included', async () => {
    const calls = installFakeTransport({});
    render(PaymentInvoicePanel, { profile });
    await type(/^Total/, '10');
    await type(/^Already paid/, '12');
    await type(/^Line 1$/, 'Soup');
    await type(/^Quantity/, '0');
    await press('Show on the terminal');
    expectFieldError(/^Invoice number/, 'Must not be empty');
    expectFieldError(/^Amount$/, 'Enter an amount like 12.50');
    expectFieldError(/^Quantity/, 'Must be greater than 0');
    // The total rule compares two amounts, so it speaks once every field can be read.
    await type(/^Invoice number/, 'T7');
    await type(/^Amount$/, '10');
    await type(/^Quantity/, '1');
    await press('Show on the terminal');
    expectFieldError(/^Already paid/, 'Must not be more than the total');
    expect(calls).toHaveLength(0);
  });

  it('checks the reference of a payment already made', async () => {
    installFakeTransport({});
    render(PaymentInvoicePanel, { profile });
    await press('Add payment');
    await type('Payment 1 reference', 'has space');
    await press('Show on the terminal');
    expectFieldError('Payment 1 reference', 'May use only letters, digits, - and _');
  });

  it('sends the invoice in cents and confirms it is shown', async () => {
    const calls = installFakeTransport({ 'invoices:show': () => ({ statusCode: '0000', message: 'Approved' }) });
    render(PaymentInvoicePanel, { profile });
    await type(/^Invoice number/, 'T7');
    await type(/^Total/, '42.10');
    await type(/^Line 1$/, 'Soup');
    await type(/^Amount$/, '19.99');
    await type(/^Quantity/, '2');
    await press('Show on the terminal');
    const shown = (await screen.findByText('The invoice is on the terminal')).parentElement!;
    // The terminal's "Approved (0000)" is for support: under Details, not in the confirmation.
    const details = shown.querySelector('details.technical') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.textContent).toMatch(/Approved.*0000/);
    expect([...shown.querySelectorAll(':scope > p')].map((p) => p.textContent).join(' ')).not.toContain('0000');
    const sent = callsTo(calls, 'invoices:show')[0]?.input as { referenceId: string; invoice: unknown };
    expect(sent.referenceId).toMatch(/^SD[0-9A-Z]+$/);
    expect(sent.invoice).toEqual({
      id: 'T7',
      name: '',
      totalCents: 4210,
      paidCents: 0,
      goods: [{ name: 'Soup', amountCents: 1999, quantity: 2 }],
      payments: [],
    });
  });
});
