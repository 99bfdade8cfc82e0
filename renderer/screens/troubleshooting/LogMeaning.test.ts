// Issue 41: what a request meant, as the request log kept it in English for support, shows in the
// page's language when the entry carries its Said, in the table and in the entry opened, switching
// in place; an entry kept before it had one still shows its English.
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
const english =
  'Declined: The card issuer or processor declined the request. Left out of the answer: Receipts must be an object; got text, so it was left out.';
const remedyEnglish = 'Ask the customer for another card or another way to pay.';
const decline: LogEntryView = {
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
  explanation: english,
  explanationSaid: said('said_w_log_left_out', {
    meaning: said('said_w_log_code', { code: '1015' }),
    fields: 'Receipts must be an object; got text, so it was left out',
  }),
  remedy: remedyEnglish,
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

beforeEach(() => {
  requestLog.filter = { ...EMPTY_FILTER };
  requestLog.page = null;
  requestLog.detail = null;
});

afterEach(async () => {
  document.body.innerHTML = '';
  await appLanguage.show('en');
});

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
    render(LogEntryPanel, { entry: detail({ ...decline, explanationSaid: undefined }), onclose: () => {} });
    expect(factOf(/^Qué significa$/)).toBe(english);
    expect(factOf(/^Qué hacer$/)).toBe(remedyEnglish);
  });
});
