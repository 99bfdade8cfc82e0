import { describe, expect, it } from 'vitest';
import type { SpinExchange } from '../spin/spin-client';
import { learnedFrom, TerminalStates } from './terminal-state';
import { speakSpanishInThisTest } from '../../../tests/support/speak-spanish';

const exchange = (fields: Partial<SpinExchange>): SpinExchange => ({
  endpoint: 'Sale',
  url: 'http://127.0.0.1/v2/Payment/Sale',
  tpn: 'TERM000001',
  profileId: 'p1',
  startedAt: 1_000,
  durationMs: 50,
  ...fields,
});

describe('terminal state from exchanges', () => {
  it.each([
    [{ resultCode: '0', statusCode: '0000' }, 'online'],
    [{ resultCode: '1', statusCode: '1015' }, 'online'],
    [{ resultCode: '2', statusCode: '2001' }, 'offline'],
    [{ resultCode: '2', statusCode: '2008' }, 'busy'],
    [{ resultCode: '2', statusCode: '2002' }, 'refused'],
    [{ resultCode: '2', statusCode: '2003' }, 'refused'],
    [{ errorCode: 'NETWORK' as const }, 'unreachable'],
  ])('%o means %s', (fields, state) => {
    expect(learnedFrom(exchange(fields))?.state).toBe(state);
  });

  it.each([
    ['Online', 'online', undefined],
    ['Offline', 'offline', '2001'],
    ['NotFound', 'refused', '2003'],
  ])('TerminalStatus %s means %s', (connection, state, statusCode) => {
    const learned = learnedFrom(
      exchange({
        endpoint: 'TerminalStatus',
        httpStatus: 200,
        responseText: JSON.stringify({ TerminalStatus: connection, Tpn: 'TERM000001' }),
      }),
    );
    expect(learned).toMatchObject({ state });
    expect(learned?.statusCode).toBe(statusCode);
  });

  it('reads a TerminalStatus refusal by its GeneralResponse, and an unknown value as nothing new', () => {
    const refusal = exchange({ endpoint: 'TerminalStatus', resultCode: '2', statusCode: '2002', responseText: '{"GeneralResponse":{}}' });
    expect(learnedFrom(refusal)?.state).toBe('refused');
    expect(learnedFrom(exchange({ endpoint: 'TerminalStatus', responseText: '{"TerminalStatus":"Sleeping"}' }))).toBeUndefined();
  });

  it.each([
    [{ resultCode: '2', statusCode: '2007' }],
    [{ errorCode: 'TIMEOUT' as const }],
    [{ errorCode: 'HTTP_STATUS' as const, httpStatus: 502 }],
  ])('%o says nothing new', (fields) => {
    expect(learnedFrom(exchange(fields))).toBeUndefined();
  });

  it('keeps the last success time through an outage, and is unknown for a terminal never asked', () => {
    const states = new TerminalStates();
    states.observe(exchange({ resultCode: '0', statusCode: '0000', startedAt: 1_000, durationMs: 10 }));
    states.observe(exchange({ resultCode: '2', statusCode: '2001', startedAt: 2_000, durationMs: 10 }));
    states.observe(exchange({ errorCode: 'TIMEOUT', startedAt: 3_000 }));
    expect(states.view('p1')).toMatchObject({
      state: 'offline',
      statusCode: '2001',
      lastSuccessAt: new Date(1_010).toISOString(),
      at: new Date(2_010).toISOString(),
    });
    expect(states.view('p2')).toMatchObject({ profileId: 'p2', state: 'unknown' });
    expect(states.view(null)).toMatchObject({ profileId: null, state: 'unknown' });
  });
});

describe('the terminal light in the language main speaks when it is read', () => {
  it('words what it learned in English, then in Spanish after a switch, with no new exchange', async () => {
    const states = new TerminalStates();
    states.observe(exchange({ endpoint: 'TerminalStatus', responseText: '{"TerminalStatus":"Offline"}' }));
    states.observe({ ...exchange({ errorCode: 'NETWORK' }), profileId: 'p2' });
    expect(states.view('p1').detail).toBe(
      'The service says the terminal is not connected (TerminalStatus Offline). Check its power and network.',
    );

    await speakSpanishInThisTest();
    expect(states.all()).toEqual([
      expect.objectContaining({
        profileId: 'p1',
        state: 'offline',
        detail: 'El servicio dice que la terminal no está conectada (TerminalStatus Offline). Revise su alimentación y su red.',
      }),
      expect.objectContaining({ profileId: 'p2', state: 'unreachable', detail: 'No se pudo llegar al servicio de pagos.' }),
    ]);
    expect(states.view('p3').detail).toBe('Ninguna solicitud ha llegado a esta terminal desde que se inició spin-desk.');
  });
});
