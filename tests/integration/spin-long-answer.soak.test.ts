// A SPIn request may be held for up to 720 s (SPInProxyTimeout; Settle defaults to 420 s). Node's
// built-in fetch gives up on any answer whose headers take longer than 300 s, so this proves the
// client's own HTTP stack (spin/undici-fetch.ts) waits as long as the request's deadline says: a
// loopback service answers after 330 s of real time and the answer arrives. The fast tier proves
// the same on an injected clock (spin-long-answer.test.ts); this real wait (about 5.5 minutes)
// runs in the soak tier only (`npm run test:soak`), alone in this file with its own timeout.
//
//   npx vitest run --project soak tests/integration/spin-long-answer.soak.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestExamples, responseExamples } from '../support/spin-examples';
import { createSpinClient, type SpinRequest } from '../../electron/services/spin/spin-client';
import { after, json, startScriptedService, type ScriptedService } from '../support/scripted-service';

const ANSWER_AFTER_MS = 330_000;

let service: ScriptedService;
beforeAll(async () => {
  service = await startScriptedService();
});
afterAll(() => service.close());

describe('an answer slower than 300 s', () => {
  it(
    'arrives after 330 s through the default HTTP stack (SPInProxyTimeout 340 s)',
    async () => {
      service.on('Sale', after(ANSWER_AFTER_MS, json(responseExamples.Sale)));
      const client = createSpinClient({ baseUrl: service.url, tpn: 'SLOWTERM01', authkey: 'FAKEKEY7QZ' });
      const { Tpn: _t, Authkey: _a, ...request } = requestExamples.Sale as Record<string, unknown>;
      const started = performance.now();
      const sale = await client.call('Sale', { ...request, SPInProxyTimeout: 340 } as SpinRequest<'Sale'>);
      expect(performance.now() - started).toBeGreaterThanOrEqual(ANSWER_AFTER_MS - 50);
      expect(sale.GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
    },
    ANSWER_AFTER_MS + 60_000,
  );
});
