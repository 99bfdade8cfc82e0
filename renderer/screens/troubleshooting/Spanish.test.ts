// Issue 41: the request log in Spanish. The words come from the catalogue and the figures (amount,
// date, count) are formatted by the language; the switch happens in place, on the same elements.
import { render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogEntryView, LogPage } from '@shared/ipc/diagnostics-views';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { installFakeTransport } from '../../test-support/fake-transport';
import RequestLogPanel from './RequestLogPanel.svelte';
import { EMPTY_FILTER, requestLog } from './request-log.svelte';

const at = '2026-03-04T15:05:09.000Z';
const sale: LogEntryView = {
  id: 'e1',
  at,
  durationMs: 40,
  endpoint: 'Sale',
  url: 'https://api.spinpos.net/v2/Payment/Sale',
  tpn: 'Z8SIM0000001',
  httpStatus: 200,
  resultCode: '1',
  statusCode: '1015',
  outcome: 'terminal',
  amountCents: 123456,
  explanation: 'Declined by the card issuer.',
};
const page: LogPage = { entries: [sale], kept: 1, matched: 1 };

beforeEach(() => {
  requestLog.filter = { ...EMPTY_FILTER };
  requestLog.page = null;
  requestLog.detail = null;
});

afterEach(async () => {
  await appLanguage.show('en');
});

describe('the request log in Spanish', () => {
  it('switches its words, amount and date to Spanish in place', async () => {
    installFakeTransport({ 'diagnostics:log': () => page });
    render(RequestLogPanel);
    const count = await screen.findByText('Showing 1 of 1 requests.');
    const amountHead = screen.getByRole('columnheader', { name: 'Amount' });

    await appLanguage.show('es-US');

    await vi.waitFor(() => expect(count.textContent).toBe('Se muestran 1 de 1 solicitudes.'));
    expect(screen.getByRole('columnheader', { name: 'Monto' })).toBe(amountHead);
    expect(screen.getByRole('heading', { name: 'Registro de solicitudes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeTruthy();
    expect(screen.getByLabelText('Resultado')).toBeTruthy();
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('La terminal dijo no');
    expect(row.textContent).toContain(new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(1234.56));
    expect(row.textContent).toContain(new Date(at).toLocaleDateString('es-US'));
    expect(row.textContent).toContain(new Date(at).toLocaleTimeString('es-US'));
    expect(screen.getByRole('button', { name: `Detalles de Sale a las ${new Date(at).toLocaleTimeString('es-US')}` })).toBeTruthy();
  });
});
