// Issue 41: the money sentences of a payment's answer in Spanish. The words come from the catalogue,
// the amounts are formatted by the language, and a switch renames the card in place.
import { render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { NO_FIGURES } from '../../lib/payment/result-fixtures';
import { approvedResult } from '../../test-support/fixtures';
import { refund, sale } from './drafts.svelte';
import NewPaymentResult from './NewPaymentResult.svelte';

const dollars = (value: number) => new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(value);

function sent(amountCents: number) {
  return {
    profileId: 'p1',
    terminalName: 'Front counter',
    referenceId: 'SDTEST',
    amountCents,
    paymentType: 'Credit',
    startedAt: 0,
    timeoutSeconds: 120,
  };
}

beforeEach(() => {
  sale.clear();
  refund.clear();
  sale.sent = sent(5200);
  refund.sent = sent(1500);
});

afterEach(async () => {
  await appLanguage.show('en');
});

describe('a payment’s answer in Spanish', () => {
  it('says what a partial approval left to collect, with the amounts in Spanish, and switches in place', async () => {
    render(NewPaymentResult, {
      kind: 'sale',
      result: approvedResult({
        outcome: 'partial',
        statusCode: '0001',
        amounts: { total: 3000, amount: 3000, tip: 0, fee: null, tax: null },
      }),
    });
    const heading = screen.getByRole('heading', { name: 'Partially approved' });
    await appLanguage.show('es-US');
    expect(heading.textContent).toBe('Aprobada en parte');
    expect(
      screen.getByText(
        `Solo se aprobaron ${dollars(30)} de ${dollars(52)}. Cobre los ${dollars(22)} restantes a otra tarjeta o de otra forma.`,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: `Cobrar los ${dollars(22)} restantes` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nueva operación (venta)' })).toBeTruthy();
    expect(screen.getByText('Monto')).toBeTruthy();
  });

  it('a refund canceled on the terminal says no money went back, in Spanish', async () => {
    await appLanguage.show('es-US');
    render(NewPaymentResult, { kind: 'return', result: approvedResult({ outcome: 'canceled', statusCode: '0002', ...NO_FIGURES }) });
    expect(screen.getByRole('heading', { name: 'Cancelada en la terminal' })).toBeTruthy();
    expect(screen.getByText('Cancelada en la terminal; no se reembolsó nada.')).toBeTruthy();
    expect(screen.getByText(`Solicitado ${dollars(15)}`)).toBeTruthy();
  });
});
