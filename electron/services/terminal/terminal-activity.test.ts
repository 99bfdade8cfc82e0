import { describe, expect, it } from 'vitest';
import { AppFailure } from '../app-failure';
import type { SpinExchange } from '../spin/spin-client';
import { TerminalActivity, terminalKeyOf } from './terminal-activity';

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

  it('is one terminal however its URL is spelled: the TPN at one service (host and port)', () => {
    const local = { baseUrl: 'http://127.0.0.1:8080', tpn: 'TERM000001', profileId: 'p1' };
    const activity = new TerminalActivity();
    activity.claim(local, { operation: 'Sale', referenceId: 'R1' });
    for (const baseUrl of [
      'http://localhost:8080',
      'http://LOCALHOST:8080/',
      'http://localhost.:8080//',
      'http://[::1]:8080',
      'http://127.1:8080',
      'http://127.0.0.1:8080/spin',
    ]) {
      expect(() => activity.claim({ ...local, baseUrl, profileId: 'p2' }, { operation: 'Sale', referenceId: 'R2' }), baseUrl).toThrow(
        'This terminal is busy with sale R1 from this PC',
      );
      expect(activity.running({ baseUrl, tpn: local.tpn })?.referenceId, baseUrl).toBe('R1');
    }
    // A default port written out is the same port; another port or host is another service.
    expect(terminalKeyOf({ baseUrl: 'https://Spin.Test:443/spin/', tpn: 'T1' })).toBe(
      terminalKeyOf({ baseUrl: 'https://spin.test', tpn: 'T1' }),
    );
    expect(terminalKeyOf({ baseUrl: 'http://localhost', tpn: 'T1' })).toBe(terminalKeyOf({ baseUrl: 'http://127.0.0.1:80', tpn: 'T1' }));
    expect(() => activity.claim({ ...local, baseUrl: 'http://127.0.0.1:8081' }, { operation: 'Sale', referenceId: 'R3' })).not.toThrow();
    expect(() => activity.claim({ ...local, baseUrl: 'https://spin.test' }, { operation: 'Sale', referenceId: 'R4' })).not.toThrow();
    expect(() => activity.claim({ ...local, tpn: 'TERM000002' }, { operation: 'Sale', referenceId: 'R5' })).not.toThrow();

    // The terminal's own answer, to a URL spelled another way, shows the same terminal idle.
    activity.observe(exchange({ url: 'http://LocalHost:8080/v2/Report/Summary', tpn: local.tpn, resultCode: '0', statusCode: '0000' }));
    expect(activity.idleAt(local)).toBe(5_020);
  });
});
