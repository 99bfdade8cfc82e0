import { describe, expect, it } from 'vitest';
import { DailyResponse } from '@shared/spin/responses/batch';
import { AUTHKEY_PLACEHOLDER, Redactor } from '../security/redactor';
import { madeUpDailyAnswer, warmDailyRead } from './daily-warm-up';

describe('Reading a made-up Daily ahead (the first real one then runs warm)', () => {
  it('makes an answer every row of which the Daily schema takes as it is', () => {
    const parsed = DailyResponse.parse(JSON.parse(madeUpDailyAnswer(10)));
    expect(parsed.DailyDetails?.flatMap((detail) => detail.TransactionsDailyReports ?? [])).toHaveLength(10);
    expect(parsed.GeneralResponse.ResultCode).toBe('0');
  });

  it('reads it through the client and the contract without teaching the app its fake key', async () => {
    const redactor = new Redactor();
    redactor.addSecret('REALKEY123');
    await expect(warmDailyRead(redactor, new AbortController().signal)).resolves.toBeUndefined();
    // The app's redactor still knows its own key only.
    expect(redactor.secretsInText('REALKEY123 WARMUPFAKE')).toBe(`${AUTHKEY_PLACEHOLDER} WARMUPFAKE`);
  });

  it('reads nothing once the app is closing', async () => {
    const stopped = new AbortController();
    stopped.abort();
    // A read after the abort would reject (the client refuses to send once stopped).
    await expect(warmDailyRead(new Redactor(), stopped.signal)).resolves.toBeUndefined();
  });
});
