// Issue 41: History in Spanish. The list's headings, the operation and outcome words come from the
// catalogue, and the amount, date and time are formatted by the language; the switch happens in
// place, on the same elements.
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { journalEntry } from './history-fixtures';
import HistoryDetail from './HistoryDetail.svelte';
import HistoryTable from './HistoryTable.svelte';

const at = '2026-03-04T15:05:09.000Z';
const sale = journalEntry('s', {
  referenceId: 'SALE1',
  amountCents: 123456,
  createdAt: at,
  outcome: { at, statusCode: '0000', message: 'Approved', approvedCents: 123456, card: { brand: 'Visa', first4: '4761', last4: '0119' } },
});
const declined = journalEntry('d', { referenceId: 'DEC1', state: 'declined', outcome: { at, statusCode: '1015', message: 'Declined' } });
const dollars = (amount: number) => new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(amount);

afterEach(async () => {
  await appLanguage.show('en');
});

describe('History in Spanish', () => {
  it('switches the list’s headings, words, amount, date and time in place', async () => {
    render(HistoryTable, { entries: [sale, declined], selectedId: null, onopen: () => {} });
    const amountHead = screen.getByRole('columnheader', { name: 'Amount' });
    const row = screen.getByRole('row', { name: /Sale SALE1/ });

    await appLanguage.show('es-US');

    await vi.waitFor(() => expect(screen.getByRole('columnheader', { name: 'Monto' })).toBe(amountHead));
    expect(screen.getByRole('columnheader', { name: 'Resultado' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Venta SALE1/ })).toBe(row);
    expect(row.textContent).toContain('Aprobada');
    expect(row.textContent).toContain(dollars(1234.56));
    expect(row.textContent).toContain(new Date(at).toLocaleDateString('es-US'));
    expect(row.textContent).toContain(new Date(at).toLocaleTimeString('es-US', { hour: 'numeric', minute: '2-digit' }));
    expect(screen.getByRole('row', { name: /DEC1/ }).textContent).toContain('Rechazada — no se movió dinero');
    expect(screen.getByRole('button', { name: 'Detalles de Venta SALE1' })).toBeTruthy();
  });

  it('opens an entry’s facts in Spanish', async () => {
    await appLanguage.show('es-US');
    render(HistoryDetail, { entry: sale, onclose: () => {} });

    const facts = screen.getByRole('region', { name: /Venta/ });
    expect(facts.textContent).toContain('Referencia');
    expect(facts.textContent?.replace(/\s+/g, ' ')).toContain(`Total ${dollars(1234.56)}`);
    expect(facts.textContent).toContain(new Date(at).toLocaleString('es-US'));
    expect(screen.getByRole('button', { name: 'Cerrar detalles' })).toBeTruthy();
    expect(screen.getByText('Detalles')).toBeTruthy();
  });
});
