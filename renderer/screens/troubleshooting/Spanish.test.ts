// Issue 41: the request log in Spanish. The words come from the catalogue and the figures (amount,
// date, count) are formatted by the language; the switch happens in place, on the same elements.
import { render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogEntryDetail, LogEntryView, LogPage } from '@shared/ipc/diagnostics-views';
import { said } from '@shared/ipc/said';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { installFakeTransport } from '../../test-support/fake-transport';
import LogEntryPanel from './LogEntryPanel.svelte';
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
  document.body.innerHTML = '';
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

const english =
  'Declined: The card issuer or processor declined the request. Left out of the answer: Receipts must be an object; got text, so it was left out.';
const remedyEnglish = 'Ask the customer for another card or another way to pay.';
// What a request meant, as the log kept it in English for support, shows in the page's language when
// the entry carries its Said; an entry kept before it had one still shows its English.
const decline: LogEntryView = {
  ...sale,
  explanation: english,
  explanationSaid: said('said_w_log_left_out', {
    meaning: said('said_w_log_code', { code: '1015' }),
    fields: 'Receipts must be an object; got text, so it was left out',
  }),
  remedy: remedyEnglish,
  remedySaid: said('said_w_log_code_remedy', { code: '1015' }),
};
const offlineEnglish = 'The service says the terminal is Offline (TerminalStatus).';
// Kept by a spin-desk before the request log carried Saids.
const older: LogEntryView = {
  ...decline,
  id: 'e0',
  endpoint: 'TerminalStatus',
  statusCode: undefined,
  resultCode: undefined,
  outcome: 'service',
  explanation: offlineEnglish,
  explanationSaid: undefined,
  remedy: undefined,
};
const spanish =
  'Rechazada: El emisor de la tarjeta o el procesador rechazó la solicitud. Se dejó fuera de la respuesta: Receipts must be an object; got text, so it was left out.';

const detail = (entry: LogEntryView): LogEntryDetail => ({ ...entry, request: '{}', response: '{}', truncated: false });
const factOf = (label: RegExp) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('what a request meant, in the request log', () => {
  it('words it in Spanish in the table, in place, and back in English byte for byte; an older entry keeps its English', async () => {
    const page: LogPage = { entries: [decline, older], kept: 2, matched: 2 };
    installFakeTransport({ 'diagnostics:log': () => page });
    render(RequestLogPanel);
    await screen.findByText('Showing 2 of 2 requests.');
    const [, declineRow, olderRow] = screen.getAllByRole('row') as HTMLElement[];
    expect(declineRow!.textContent).toContain(english);

    await appLanguage.show('es-US');

    await vi.waitFor(() => expect(declineRow!.textContent).toContain(spanish));
    expect(declineRow!.textContent).not.toContain('Declined:');
    expect(olderRow!.textContent).toContain(offlineEnglish);
    await appLanguage.show('en');
    await vi.waitFor(() => expect(declineRow!.textContent).toContain(english));
  });

  it('words its meaning and what to do in Spanish when the entry is opened; an older entry keeps its English remedy', async () => {
    await appLanguage.show('es-US');
    render(LogEntryPanel, { entry: detail(decline), onclose: () => {} });
    expect(factOf(/^Qué significa$/)).toBe(spanish);
    expect(factOf(/^Qué hacer$/)).toBe('Pida al cliente otra tarjeta u otra forma de pago.');
    document.body.innerHTML = '';
    render(LogEntryPanel, { entry: detail({ ...decline, explanationSaid: undefined, remedySaid: undefined }), onclose: () => {} });
    expect(factOf(/^Qué significa$/)).toBe(english);
    expect(factOf(/^Qué hacer$/)).toBe(remedyEnglish);
  });
});
