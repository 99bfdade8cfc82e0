import { describe, expect, it } from 'vitest';
import { Redactor } from '../security/redactor';
import type { SpinExchange } from '../spin/spin-client';
import { toStoredEntry } from './log-entry';

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
