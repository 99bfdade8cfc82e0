// Issue 41: a transaction's details in Spanish: its state, the "no Return" reason, the buttons
// that name the record with its amount, and the date it was taken offline, by the language.
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransactionView } from '@shared/ipc/payment-views';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { approvedResult } from '../../test-support/fixtures';
import TransactionDetail from './TransactionDetail.svelte';

afterEach(async () => {
  await appLanguage.show('en');
});

const takenAt = '2026-01-31T22:00:00.000Z';

function record(fields: Partial<TransactionView> = {}): TransactionView {
  return { ...approvedResult({ referenceId: 'REF1', transactionType: 'Sale' }), voided: false, paymentType: 'Credit', ...fields };
}

describe('a transaction’s details in Spanish', () => {
  it('says its state, the reason and the date in Spanish, and names the record with its amount', async () => {
    await appLanguage.show('es-US');
    render(TransactionDetail, { record: record({ transactionDateTime: takenAt }), onclose: () => {}, onreprint: () => {} });
    expect(screen.getByText('Aprobada')).toBeTruthy();
    expect(screen.getByText(`Tomada sin conexión el ${new Date(takenAt).toLocaleString('es-US')} (guardar y enviar).`)).toBeTruthy();
    const amount = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(12.34);
    expect(screen.getByRole('button', { name: `Anular Sale REF1 (${amount})` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar detalles' })).toBeTruthy();
  });

  it('a voided record says in Spanish why there is nothing to refund', async () => {
    await appLanguage.show('es-US');
    render(TransactionDetail, { record: record({ voided: true }), onclose: () => {}, onreprint: () => {} });
    expect(screen.getByText('Anulada')).toBeTruthy();
    expect(screen.getByText(/Sin devolución: esta transacción se anuló, así que no se cobró al cliente/)).toBeTruthy();
  });
});
