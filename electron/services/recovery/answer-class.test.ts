import { describe, expect, it } from 'vitest';
import { SpinError } from '../spin/spin-error';
import { classifyAnswer } from './answer-class';
import { judge, readStatusFailure, type StatusReading } from './status-verdict';
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

  it('reads 1012 as canceled and a catalogue decline as declined; a busy 1000 worded "Canceled" is resent, never canceled', () => {
    expect(classifyAnswer(answer('1012'))).toEqual({ kind: 'final', result: 'canceled' });
    expect(classifyAnswer(answer('1015'))).toEqual({ kind: 'final', result: 'declined' });
    // The live service answers 1000 with Message "Canceled" and DetailedMessage "Service Busy" while busy after an approval.
    const busy = new SpinError('TERMINAL', '1000', {
      endpoint: 'Void',
      generalResponse: { ResultCode: '1', StatusCode: '1000', Message: 'Canceled', DetailedMessage: 'Service Busy' },
    });
    expect(classifyAnswer(busy)).toMatchObject({ kind: 'resend', code: '1000' });
    // The docs' duplicate sample reads "Canceled" too: looked up, not taken as a cancel.
    const duplicate = new SpinError('TERMINAL', '1011', {
      endpoint: 'Sale',
      generalResponse: { ResultCode: '1', StatusCode: '1011', Message: 'Canceled', DetailedMessage: 'Duplicate Reference Id' },
    });
    expect(classifyAnswer(duplicate).kind).toBe('duplicate');
  });

  it('takes the busy wait from DelayBeforeNextRequest', () => {
    expect(classifyAnswer(answer('2008', 35))).toMatchObject({ kind: 'resend', busy: true, delaySeconds: 35 });
  });

  it('separates a connection never opened (refused) from one lost after sending (unknown)', () => {
    const network = (code: string) =>
      new SpinError('NETWORK', 'x', {
        endpoint: 'Sale',
        cause: new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) }),
      });
    expect(classifyAnswer(network('ECONNREFUSED')).kind).toBe('refused');
    expect(classifyAnswer(network('ECONNRESET')).kind).toBe('unknown');
    expect(classifyAnswer(new SpinError('TIMEOUT', 'x', { endpoint: 'Sale' })).kind).toBe('unknown');
    expect(classifyAnswer(new SpinError('BAD_RESPONSE', 'x', { endpoint: 'Sale' })).kind).toBe('unknown');
    expect(classifyAnswer(new SpinError('HTTP_STATUS', 'x', { endpoint: 'Sale', httpStatus: 502 })).kind).toBe('unknown');
    expect(classifyAnswer(new SpinError('HTTP_STATUS', 'x', { endpoint: 'Sale', httpStatus: 400 })).kind).toBe('refused');
  });

  it.each([
    ['ENOTFOUND', 'refused'],
    ['EAI_AGAIN', 'refused'],
    ['UND_ERR_CONNECT_TIMEOUT', 'refused'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'refused'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'refused'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'refused'],
    ['UND_ERR_SOCKET', 'unknown'],
    ['UND_ERR_HEADERS_TIMEOUT', 'unknown'],
    ['EPIPE', 'unknown'],
  ])('network failure %s -> %s', (code, kind) => {
    const error = new SpinError('NETWORK', 'x', {
      endpoint: 'Sale',
      cause: new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) }),
    });
    expect(classifyAnswer(error).kind).toBe(kind);
  });

  it.each([
    ['net::ERR_CONNECTION_REFUSED', 'refused'],
    ['net::ERR_NAME_NOT_RESOLVED', 'refused'],
    ['net::ERR_CERT_AUTHORITY_INVALID', 'refused'],
    ['net::ERR_PROXY_CONNECTION_FAILED', 'refused'],
    ['net::ERR_CONNECTION_RESET', 'unknown'],
    ['net::ERR_EMPTY_RESPONSE', 'unknown'],
  ])("Electron's net.fetch failure %s -> %s", (message, kind) => {
    expect(classifyAnswer(new SpinError('NETWORK', 'x', { endpoint: 'Sale', cause: new Error(message) })).kind).toBe(kind);
  });

  it('a redirect is unknown for a money move, named by its host', () => {
    const error = new SpinError('REDIRECT', 'x', {
      endpoint: 'Sale',
      httpStatus: 307,
      redirectTo: 'https://other.example:8443/spin/v2/Payment/Sale',
    });
    expect(classifyAnswer(error)).toEqual({
      kind: 'unknown',
      why: 'the service answered with a redirect to other.example:8443, which spin-desk never follows',
      said: { key: 'said_why_redirect_to', params: { host: 'other.example:8443' } },
    });
  });
});

/** The intent of a $10.00 Sale R1, as the lookups below judge answers about it. */
const SALE_INTENT: IntentLine = {
  t: 'intent',
  id: 'i',
  at: '',
  op: 'Sale',
  ref: 'R1',
  tpn: 'FLT0000001',
  profileId: 'p1',
  paymentType: 'Credit',
  amountCents: 1000,
  tipCents: 0,
  deadlineAt: '',
};

describe('judge (what a Status answer proves)', () => {
  const base = SALE_INTENT;
  const ok = { ResultCode: '0', StatusCode: '0000' };

  it('new payment: found -> approved; not found -> not yet, then not processed after the deadline', () => {
    expect(
      judge(base, { kind: 'record', record: { GeneralResponse: ok, TransactionType: 'Sale', Amounts: { Amount: 10 } } }, false),
    ).toMatchObject({ kind: 'final', result: 'approved' });
    expect(judge(base, { kind: 'not-found' }, false)).toEqual({ kind: 'not-yet' });
    expect(judge(base, { kind: 'not-found' }, true)).toMatchObject({ kind: 'final', result: 'not-processed' });
    expect(judge(base, { kind: 'record', record: { GeneralResponse: ok, TransactionType: 'Return' } }, true)).toMatchObject({
      result: 'declined',
      statusCode: '1011',
    });
  });

  it('Void: the original must be marked voided; TipAdjust: the tip must be the new one', () => {
    const voidIntent = { ...base, op: 'Void' as const };
    expect(
      judge(voidIntent, { kind: 'record', record: { GeneralResponse: ok, TransactionType: 'Sale', Voided: true } }, false),
    ).toMatchObject({ result: 'approved' });
    expect(
      judge(voidIntent, { kind: 'record', record: { GeneralResponse: ok, TransactionType: 'Sale', Voided: false } }, true),
    ).toMatchObject({ result: 'not-processed' });
    const tip = { ...base, op: 'TipAdjust' as const, tipCents: 300 };
    expect(judge(tip, { kind: 'record', record: { GeneralResponse: ok, Amounts: { TipAmount: 3 } } }, false)).toMatchObject({
      result: 'approved',
    });
    expect(judge(tip, { kind: 'record', record: { GeneralResponse: ok, Amounts: { TipAmount: 1 } } }, false)).toEqual({ kind: 'not-yet' });
  });

  it('TipAdjust: a record whose TipAmount is null (the docs sample, the nulls variant) proves nothing, even after the deadline', () => {
    const tip = { ...base, op: 'TipAdjust' as const, tipCents: 300 };
    const nullTip = { kind: 'record', record: { GeneralResponse: ok, Amounts: { Amount: 13, TipAmount: null } } } as const;
    expect(judge(tip, nullTip, true)).toMatchObject({ kind: 'inconclusive' });
    expect(judge(tip, nullTip, false)).toMatchObject({ kind: 'inconclusive' });
  });

  it('Settle: the probe transaction leaving the open batch proves the batch was closed', () => {
    const settle = { ...base, op: 'Settle' as const, probe: { ref: 'P1', paymentType: 'Credit', batchNumber: '7' } };
    expect(judge(settle, { kind: 'not-found' }, false)).toMatchObject({ result: 'approved' });
    expect(judge(settle, { kind: 'record', record: { GeneralResponse: ok, BatchNumber: '7' } }, true)).toMatchObject({
      result: 'not-processed',
    });
  });
});

describe('readStatusFailure (what a failed Status lookup proves)', () => {
  const echoing = { ReferenceId: 'R1', TransactionType: 'Sale', PaymentType: 'Credit' };
  const terminal = (code: string, response: object = echoing) =>
    new SpinError('TERMINAL', code, {
      endpoint: 'Status',
      generalResponse: { ResultCode: '1', StatusCode: code },
      response: { ...response, GeneralResponse: { ResultCode: '1', StatusCode: code } },
    });
  const read = (error: unknown): StatusReading => readStatusFailure(error, 'r1');

  it.each(['1000', '1006', '1014', '1018', '1030', '1999', '1500'])(
    '%s echoing the reference and type is no decline: ask again',
    (code) => {
      expect(read(terminal(code))).toMatchObject({ kind: 'ask-again' });
    },
  );

  it.each(['2001', '2007', '2010', '2011', '2999'])('%s asks again', (code) => {
    expect(
      read(new SpinError('PROXY', code, { endpoint: 'Status', generalResponse: { ResultCode: '2', StatusCode: code } })),
    ).toMatchObject({ kind: 'ask-again' });
  });

  it('a catalogue decline is a failed record only when it echoes the reference and a TransactionType', () => {
    expect(read(terminal('1015'))).toMatchObject({
      kind: 'answer',
      answer: { kind: 'failed-record', result: 'declined', record: { ReferenceId: 'R1' } },
    });
    expect(read(terminal('1012'))).toMatchObject({ kind: 'answer', answer: { kind: 'failed-record', result: 'canceled' } });
    expect(read(terminal('1012', { ReferenceId: 'OTHER', TransactionType: 'Sale' }))).toMatchObject({ kind: 'ask-again' });
    expect(read(terminal('1015', { ReferenceId: 'OTHER', TransactionType: 'Sale' }))).toMatchObject({ kind: 'ask-again' });
    expect(read(terminal('1015', { ReferenceId: 'R1' }))).toMatchObject({ kind: 'ask-again' });
  });

  it('1001 and 2009 are "not found", whatever HTTP status carried them', () => {
    expect(read(terminal('1001', {}))).toEqual({ kind: 'answer', answer: { kind: 'not-found' } });
    expect(read(new SpinError('PROXY', '2009', { endpoint: 'Status', generalResponse: { ResultCode: '2', StatusCode: '2009' } }))).toEqual({
      kind: 'answer',
      answer: { kind: 'not-found' },
    });
    expect(
      read(
        new SpinError('HTTP_STATUS', '2009', {
          endpoint: 'Status',
          httpStatus: 404,
          generalResponse: { ResultCode: '2', StatusCode: '2009' },
        }),
      ),
    ).toEqual({ kind: 'answer', answer: { kind: 'not-found' } });
  });

  it('2008 waits DelayBeforeNextRequest; 429 waits Retry-After; anything else backs off', () => {
    expect(read(answer('2008', 12))).toMatchObject({ kind: 'ask-again', waitSeconds: 12 });
    expect(read(new SpinError('HTTP_STATUS', '429', { endpoint: 'Status', httpStatus: 429, retryAfterSeconds: 9 }))).toMatchObject({
      kind: 'ask-again',
      waitSeconds: 9,
    });
    expect(read(new SpinError('BAD_RESPONSE', 'x', { endpoint: 'Status' }))).toEqual({ kind: 'ask-again', detail: expect.any(String) });
  });

  it('a failed record counts as a decline only for the same operation', () => {
    const base = SALE_INTENT;
    const declined = { GeneralResponse: { ResultCode: '1', StatusCode: '1015' }, ReferenceId: 'R1' };
    const failed = (TransactionType: string) =>
      ({ kind: 'failed-record', result: 'declined', record: { ...declined, TransactionType } }) as const;
    expect(judge(base, failed('Sale'), false)).toMatchObject({ kind: 'final', result: 'declined' });
    expect(judge(base, failed('Return'), true)).toMatchObject({ kind: 'inconclusive' });
  });

  it('a cancelled attempt of this sale is canceled, not declined; of another operation it says nothing', () => {
    const canceled = { GeneralResponse: { ResultCode: '1', StatusCode: '1012' }, ReferenceId: 'R1' };
    const failed = (TransactionType: string) =>
      ({ kind: 'failed-record', result: 'canceled', record: { ...canceled, TransactionType } }) as const;
    expect(judge(SALE_INTENT, failed('Sale'), false)).toMatchObject({ kind: 'final', result: 'canceled' });
    expect(judge(SALE_INTENT, failed('Return'), true)).toEqual({
      kind: 'inconclusive',
      detail: 'the reference holds a canceled Return, not this Sale',
    });
  });
});
