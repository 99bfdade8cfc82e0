// Issue 26, item 10: the prompt endpoints as live services answer them, over loopback HTTP.
// UserChoice's success reads "Success" (not a payment's "Approved"); Disclaimer and GetSignature
// exist, take the documented fields plus the MerchantNumber and SPInProxyTimeout clients were
// seen sending, and answer 0000.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from './index';
import { TEST_TERMINAL, codes, spinClient, type SpinClient } from '../tests/support/simulator-kit';

let sim: RunningSimulator;
let spin: SpinClient;
beforeAll(async () => {
  sim = await startSimulator({ terminals: [TEST_TERMINAL], seed: 8 });
  spin = spinClient(sim.url);
});
afterAll(() => sim.close());
beforeEach(() => sim.control.reset());

describe('prompt endpoints', () => {
  it('answers a UserChoice pick with 0000 "Success", as live services do', async () => {
    const answer = await spin.post('UserChoice', { Title: 'Receipt?', ChoiceOptions: ['Print', 'Email'] });
    expect(answer.parsed).toMatchObject({
      GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Success', DetailedMessage: 'Success' },
      SelectedOption: 'Print',
    });
  });

  it('serves Disclaimer: Title required, shown and answered at once, no signature', async () => {
    const answer = await spin.post('Disclaimer', { Title: 'Deposit is refunded at return', MerchantNumber: 1, SPInProxyTimeout: 60 });
    expect([answer.status, answer.parsed]).toEqual([
      200,
      {
        GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'OK', DetailedMessage: 'OK', DelayBeforeNextRequest: null },
        Signature: '',
      },
    ]);
    const missing = await spin.post('Disclaimer', {} as never);
    expect([missing.status, codes(missing.parsed)]).toEqual([400, '2/2201']);
    expect(missing.parsed.GeneralResponse?.DetailedMessage).toMatch(/Title/);
  });

  it('serves GetSignature: a base64 PNG signature, or 1012 when the customer cancels', async () => {
    const signed = await spin.post('GetSignature', { MerchantNumber: 1, SPInProxyTimeout: 60 });
    expect(codes(signed.parsed)).toBe('0/0000');
    expect(signed.parsed.GeneralResponse?.Message).toBe('OK');
    expect(Buffer.from(String(signed.parsed.Signature), 'base64').subarray(1, 4).toString()).toBe('PNG');
    sim.control.queueAnswer(TEST_TERMINAL.tpn, { kind: 'cancel' });
    expect(codes((await spin.post('GetSignature', {})).parsed)).toBe('1/1012');
  });
});
