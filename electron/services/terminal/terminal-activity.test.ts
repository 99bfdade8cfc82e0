import { describe, expect, it } from 'vitest';
import { AppFailure } from '../app-failure';
import type { SpinExchange } from '../spin/spin-client';
import { TerminalActivity } from './terminal-activity';

const TERMINAL = { baseUrl: 'https://spin.test/spin/', tpn: 'TERM000001', profileId: 'p1' };

const exchange = (fields: Partial<SpinExchange>): SpinExchange => ({
  endpoint: 'Summary',
  url: 'https://spin.test/spin/v2/Report/Summary',
  tpn: 'TERM000001',
  startedAt: 5_000,
  durationMs: 20,
  ...fields,
});

describe('what this PC waits on at each terminal', () => {
  it('refuses a second claim on the same terminal, naming the first; the release frees it', () => {
    const activity = new TerminalActivity();
    const release = activity.claim(TERMINAL, { operation: 'Sale', referenceId: 'R1' });
    let refused: unknown;
    try {
      activity.claim({ ...TERMINAL, baseUrl: 'https://spin.test/spin' }, { operation: 'Auth', referenceId: 'R2' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).detail).toMatchObject({
      code: 'TERMINAL_BUSY',
      message: 'This terminal is busy with sale R1 from this PC — wait for it or cancel it.',
      busyWith: { operation: 'Sale', referenceId: 'R1', profileId: 'p1' },
    });
    // Another terminal, or the same TPN behind another service, is free.
    expect(() => activity.claim({ ...TERMINAL, tpn: 'TERM000002' }, { operation: 'Sale', referenceId: 'R3' })).not.toThrow();
    release();
    release();
    expect(activity.running(TERMINAL)).toBeUndefined();
    expect(() => activity.claim(TERMINAL, { operation: 'UserInput' })).not.toThrow();
    expect(() => activity.claim(TERMINAL, { operation: 'Sale', referenceId: 'R4' })).toThrow(
      'This terminal is busy with customer request (UserInput) from this PC — wait for it or cancel it.',
    );
  });

  it("learns the terminal is idle from its own answers, not from lookups, busy answers or the proxy's", () => {
    const activity = new TerminalActivity();
    activity.observe(
      exchange({ endpoint: 'Status', url: 'https://spin.test/spin/v2/Payment/Status', resultCode: '1', statusCode: '1001' }),
    );
    activity.observe(exchange({ resultCode: '1', statusCode: '1000' }));
    activity.observe(exchange({ resultCode: '2', statusCode: '2008' }));
    expect(activity.idleAt(TERMINAL)).toBeUndefined();
    activity.observe(exchange({ resultCode: '0', statusCode: '0000' }));
    expect(activity.idleAt(TERMINAL)).toBe(5_020);
  });
});
