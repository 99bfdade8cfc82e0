// Issue 25, item 9: the envelope's message is our plain sentence; the code and the service's own
// words travel beside it (statusCode, detail) for the Details disclosure.
import { describe, expect, it } from 'vitest';
import { explainCode } from '@shared/spin/codes';
import { SpinError } from './spin-error';
import { spinErrorToAppError } from './spin-error-to-app-error';

describe('spinErrorToAppError', () => {
  it('keeps the status code and the service text out of the message, beside it instead', () => {
    const error = new SpinError('TERMINAL', 'Terminal in use', {
      endpoint: 'Sale',
      generalResponse: { ResultCode: '1', StatusCode: '2008', Message: 'Terminal in use', DetailedMessage: 'Busy with SALE 42' },
    });
    const app = spinErrorToAppError(error);
    expect(app.message).toBe(`${explainCode('2008').label}: ${explainCode('2008').explanation}`);
    expect(app.message).not.toMatch(/2008|Busy with SALE/);
    expect(app).toMatchObject({ statusCode: '2008', detail: 'Terminal in use · Busy with SALE 42' });
  });

  it('hands a never-sent failure its network error name as the detail, not in the message', () => {
    const error = new SpinError(
      'NETWORK',
      'Could not connect to 127.0.0.1:9: nothing is listening there (connection refused). Nothing was sent.',
      {
        endpoint: 'Sale',
        notSent: true,
        detail: 'ECONNREFUSED',
      },
    );
    const app = spinErrorToAppError(error);
    expect(app).toMatchObject({ code: 'NETWORK', notSent: true, detail: 'ECONNREFUSED' });
    expect(app.message).not.toContain('ECONNREFUSED');
  });
});
