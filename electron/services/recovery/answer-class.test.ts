import { describe, expect, it } from 'vitest';
import { SpinError } from '../spin/spin-error';
import { classifyAnswer } from './answer-class';
import { judge } from './status-verdict';
import type { IntentLine } from '../journal/records';

const answer = (code: string, delay?: number) =>
  new SpinError(code.startsWith('1') ? 'TERMINAL' : 'PROXY', code, {
    endpoint: 'Sale',
    generalResponse: { ResultCode: code.charAt(0), StatusCode: code, ...(delay ? { DelayBeforeNextRequest: delay } : {}) },
  });

describe('classifyAnswer (the original request)', () => {
  it.each([
    ['2008', 'resend'],
    ['2001', 'resend'],
    ['1000', 'resend'],
    ['1011', 'duplicate'],
    ['1015', 'final'],
    ['1012', 'final'],
    ['2002', 'refused'],
    ['2201', 'refused'],
    ['2007', 'unknown'],
    ['2010', 'unknown'],
    ['2011', 'unknown'],
    ['1006', 'unknown'],
    ['1014', 'unknown'],
    ['1999', 'unknown'],
    ['2999', 'unknown'],
  ])('%s -> %s', (code, kind) => {
    expect(classifyAnswer(answer(code)).kind).toBe(kind);
  });

  it('takes the busy wait from DelayBeforeNextRequest', () => {
    expect(classifyAnswer(answer('2008', 35))).toMatchObject({ kind: 'resend', busy: true, delaySeconds: 35 });
  });

  it('separates a connection never opened (refused) from one lost after sending (unknown)', () => {
    const network = (code: string) => new SpinError('NETWORK', 'x', { endpoint: 'Sale', cause: new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) }) });
    expect(classifyAnswer(network('ECONNREFUSED')).kind).toBe('refused');
    expect(classifyAnswer(network('ECONNRESET')).kind).toBe('unknown');
    expect(classifyAnswer(new SpinError('TIMEOUT', 'x', { endpoint: 'Sale' })).kind).toBe('unknown');
    expect(classifyAnswer(new SpinError('BAD_RESPONSE', 'x', { endpoint: 'Sale' })).kind).toBe('unknown');
    expect(classifyAnswer(new SpinError('HTTP_STATUS', 'x', { endpoint: 'Sale', httpStatus: 502 })).kind).toBe('unknown');
    expect(classifyAnswer(new SpinError('HTTP_STATUS', 'x', { endpoint: 'Sale', httpStatus: 400 })).kind).toBe('refused');
  });
});

describe('judge (what a Status answer proves)', () => {
  const base: IntentLine = { t: 'intent', id: 'i', at: '', op: 'Sale', ref: 'R1', tpn: 'FLT0000001', profileId: 'p1', paymentType: 'Credit', amountCents: 1000, tipCents: 0, deadlineAt: '' };
  const ok = { ResultCode: '0', StatusCode: '0000' };

  it('new payment: found -> approved; not found -> not yet, then not processed after the deadline', () => {
    expect(judge(base, { kind: 'record', record: { GeneralResponse: ok, TransactionType: 'Sale', Amounts: { Amount: 10 } } }, false)).toMatchObject({ kind: 'final', result: 'approved' });
    expect(judge(base, { kind: 'not-found' }, false)).toEqual({ kind: 'not-yet' });
    expect(judge(base, { kind: 'not-found' }, true)).toMatchObject({ kind: 'final', result: 'not-processed' });
    expect(judge(base, { kind: 'record', record: { GeneralResponse: ok, TransactionType: 'Return' } }, true)).toMatchObject({ result: 'declined', statusCode: '1011' });
  });

  it('Void: the original must be marked voided; TipAdjust: the tip must be the new one', () => {
    const voidIntent = { ...base, op: 'Void' as const };
    expect(judge(voidIntent, { kind: 'record', record: { GeneralResponse: ok, TransactionType: 'Sale', Voided: true } }, false)).toMatchObject({ result: 'approved' });
    expect(judge(voidIntent, { kind: 'record', record: { GeneralResponse: ok, TransactionType: 'Sale', Voided: false } }, true)).toMatchObject({ result: 'not-processed' });
    const tip = { ...base, op: 'TipAdjust' as const, tipCents: 300 };
    expect(judge(tip, { kind: 'record', record: { GeneralResponse: ok, Amounts: { TipAmount: 3 } } }, false)).toMatchObject({ result: 'approved' });
    expect(judge(tip, { kind: 'record', record: { GeneralResponse: ok, Amounts: { TipAmount: 1 } } }, false)).toEqual({ kind: 'not-yet' });
  });

  it('Settle: the probe transaction leaving the open batch proves the batch was closed', () => {
    const settle = { ...base, op: 'Settle' as const, probe: { ref: 'P1', paymentType: 'Credit', batchNumber: '7' } };
    expect(judge(settle, { kind: 'not-found' }, false)).toMatchObject({ result: 'approved' });
    expect(judge(settle, { kind: 'record', record: { GeneralResponse: ok, BatchNumber: '7' } }, true)).toMatchObject({ result: 'not-processed' });
  });
});
