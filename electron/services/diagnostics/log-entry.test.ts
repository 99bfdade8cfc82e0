import { describe, expect, it, vi } from 'vitest';
import { Said, wordSaid } from '@shared/ipc/said';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { Redactor } from '../security/redactor';
import type { SpinExchange } from '../spin/spin-client';
import { StoredEntry, toStoredEntry, viewOf } from './log-entry';

// A request-log entry keeps the beginning of a long answer, redacted; only about that much is
// redacted and printed, so a 10,000-row Daily report does not cost its whole size to log.

const KEY = 'FAKEKEY016';
const PAN = '4761739001010119';

function dailyExchange(rows: number): SpinExchange {
  const answer = {
    GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: `Approved ${KEY}` },
    DailyDetails: [
      {
        TransactionsDailyReports: Array.from({ length: rows }, (_, i) => ({
          Number: String(i + 1),
          ReferenceId: `R${i}`,
          Note: `card ${PAN}`,
        })),
      },
    ],
  };
  const text = JSON.stringify(answer);
  return {
    endpoint: 'Daily',
    url: 'http://127.0.0.1:1/v2/Report/Daily',
    tpn: 'FLT0000001',
    startedAt: Date.now(),
    durationMs: 12,
    httpStatus: 200,
    resultCode: '0',
    statusCode: '0000',
    request: { Tpn: 'FLT0000001', Authkey: KEY },
    responseText: text,
    response: JSON.parse(text),
  };
}

describe('toStoredEntry', () => {
  it('keeps the first 64 KiB of a 10,000-row answer, redacted, marked cut with the answer length', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    const exchange = dailyExchange(10_000);
    const entry = toStoredEntry(exchange, redactor, 'id-1', 64 * 1024);
    expect(entry.truncated).toBe(true);
    expect(entry.response.length).toBeLessThan(64 * 1024 + 100);
    expect(entry.response).toContain('"ReferenceId": "R0"');
    expect(entry.response).toContain(`[cut: the answer had ${exchange.responseText?.length} characters]`);
    expect(entry.response).not.toContain(KEY);
    expect(entry.response).not.toContain(PAN);
    expect(entry.response).toContain('4761********0119');
    expect(JSON.stringify(entry.request)).not.toContain(KEY);
  });

  it('keeps a short answer whole', () => {
    const entry = toStoredEntry(dailyExchange(3), new Redactor(), 'id-2', 64 * 1024);
    expect(entry.truncated).toBe(false);
    expect(JSON.parse(entry.response)).toMatchObject({ DailyDetails: [{ TransactionsDailyReports: [{}, {}, { ReferenceId: 'R2' }] }] });
  });
});

// Issue 41: the log file and the support bundle keep each entry's meaning in English, as they always
// did; the entry carries its Said beside it, which the page words in its language.
describe('an entry’s meaning while main speaks Spanish', () => {
  speakSpanishInEachTest();

  const exchange = (patch: Partial<SpinExchange>): SpinExchange => ({
    endpoint: 'Sale',
    url: 'http://127.0.0.1:1/v2/Payment/Sale',
    tpn: 'FLT0000001',
    startedAt: Date.now(),
    durationMs: 12,
    request: { Tpn: 'FLT0000001', Authkey: KEY },
    ...patch,
  });
  const answered = (body: unknown) => exchange({ httpStatus: 200, responseText: JSON.stringify(body), response: body });
  const shown = (patch: Partial<SpinExchange>) => {
    const entry = viewOf(toStoredEntry(exchange(patch), new Redactor(), 'id', 64 * 1024));
    return [entry.explanation, wordSaid(entry.explanationSaid, entry.explanation)];
  };

  it('words a decline from its code, what was left out of the answer, and what to do', () => {
    const decline = answered({ GeneralResponse: { ResultCode: '1', StatusCode: '1015', Message: 'Declined' } });
    const stored = toStoredEntry(
      { ...decline, ignoredFields: [{ path: 'Receipts', message: 'must be an object; got text, so it was left out' }] },
      new Redactor(),
      'id',
      1024,
    );
    const entry = viewOf(stored);
    expect(entry.explanation).toBe(
      'Declined: The card issuer or processor declined the request. Left out of the answer: Receipts must be an object; got text, so it was left out.',
    );
    expect(entry.remedy).toBe('Ask the customer for another card or another way to pay.');
    expect(wordSaid(entry.explanationSaid, entry.explanation)).toBe(
      'Rechazada: El emisor de la tarjeta o el procesador rechazó la solicitud. Se dejó fuera de la respuesta: Receipts must be an object; got text, so it was left out.',
    );
    expect(wordSaid(entry.remedySaid, entry.remedy!)).toBe('Pida al cliente otra tarjeta u otra forma de pago.');
    // Kept before the log had Saids: its remedy stays the English it was kept with, as its meaning does.
    const { explanationSaid: _said, ...older } = stored;
    expect(viewOf(older).remedySaid).toBeUndefined();
  });

  it('words the terminal’s connection, a failure without words of its own and no answer at all; a failure’s message stays English', () => {
    expect(shown({ endpoint: 'TerminalStatus', httpStatus: 200, response: { TerminalStatus: 'Offline' } })).toEqual([
      'The service says the terminal is Offline (TerminalStatus).',
      'El servicio dice que la terminal está Offline (TerminalStatus).',
    ]);
    expect(shown({ errorCode: 'TIMEOUT' })).toEqual([
      'No answer within the time allowed.',
      'No hubo respuesta dentro del tiempo permitido.',
    ]);
    expect(shown({})).toEqual(['No answer was recorded.', 'No se registró ninguna respuesta.']);
    // A failure's own message stays English: the client keeps no other words for it.
    const failure = 'Sale: no answer within 90 seconds.';
    expect(shown({ errorCode: 'TIMEOUT', errorMessage: failure })).toEqual([failure, failure]);
  });

  it('shows the English of an entry kept before it had a Said, or whose Said a later spin-desk wrote', () => {
    const kept = toStoredEntry(exchange({ errorCode: 'NETWORK' }), new Redactor(), 'id', 1024);
    const { explanationSaid: _said, ...older } = kept;
    const english = 'The payment service could not be reached, or the connection broke.';
    expect(wordSaid(viewOf(older).explanationSaid, viewOf(older).explanation)).toBe(english);
    // Loaded as the request log file loads a line: the unknown Said is dropped there, the entry kept.
    const line = JSON.stringify({ ...kept, explanationSaid: { key: 'said_from_a_later_version', params: {} } });
    const later = viewOf(StoredEntry.parse(JSON.parse(line)));
    expect(later.explanationSaid).toBeUndefined();
    expect(wordSaid(later.explanationSaid, later.explanation)).toBe(english);
    expect(viewOf(StoredEntry.parse(JSON.parse(JSON.stringify(kept)))).explanationSaid).toEqual(kept.explanationSaid);
  });

  it('checks each Said once, when the entry is made or loaded, never again when the log is listed', () => {
    const entries = Array.from({ length: 50 }, (_, i) => toStoredEntry(exchange({ errorCode: 'NETWORK' }), new Redactor(), `id${i}`, 1024));
    const checks = vi.spyOn(Said, 'safeParse');
    try {
      expect(entries.map(viewOf).every((view) => view.explanationSaid !== undefined)).toBe(true);
      expect(checks).not.toHaveBeenCalled();
    } finally {
      checks.mockRestore();
    }
  });
});
