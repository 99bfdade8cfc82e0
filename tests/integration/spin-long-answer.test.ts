// A SPIn request may be held for up to 720 s (SPInProxyTimeout; Settle defaults to 420 s). Node's
// built-in fetch gives up on any answer whose headers take longer than 300 s (undici's default
// headersTimeout), so this proves the client's own HTTP stack (spin/undici-fetch.ts) waits as long
// as the request's deadline says and no less.
//
// It runs on an injected clock: the loopback service really holds the answer while vitest's fake
// timers move setTimeout (which undici's own timers and spin/deadline.ts both run on) 330 s ahead
// in a few milliseconds. Two controls prove the clock reaches both: a stock undici Agent, the
// 300 s cap this test is about, gives up on the same held answer; and the client's own deadline
// (SPInProxyTimeout + grace) still ends the exchange once it has passed. The real 330 s wait, on the
// real clock, runs in the soak tier (spin-long-answer.soak.test.ts).
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestExamples, responseExamples } from '../support/spin-examples';
import { createSpinClient, type SpinRequest } from '../../electron/services/spin/spin-client';
import { failure, signal } from '../support/spin-test-kit';
import { json, startScriptedService, type Reply, type ScriptedService } from '../support/scripted-service';

const HELD_MS = 330_000;
const PROXY_TIMEOUT_S = 340;
const GRACE_MS = 15_000;

let service: ScriptedService;
// One fake clock for the whole file, installed before undici starts any timer: undici keeps one
// module-wide ticking timer for all its long timeouts, and a tick timer from another clock (or the
// real one) would never move here. The first test proves the clock drives it.
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  service = await startScriptedService();
});
afterAll(async () => {
  vi.useRealTimers();
  await service.close();
});

/** A reply held until the test lets it go (no timer of its own, so the fake clock cannot release it). */
function heldReply(body: unknown): { reply: Reply; arrived: Promise<void>; release: () => void } {
  const arrived = signal();
  const released = signal();
  const reply: Reply = async (request, res, socket) => {
    arrived.fire();
    await released.promise;
    if (!res.destroyed) await json(body)(request, res, socket);
  };
  return { reply, arrived: arrived.promise, release: released.fire };
}

function slowSale() {
  const client = createSpinClient({ baseUrl: service.url, tpn: 'SLOWTERM01', authkey: 'FAKEKEY7QZ' }, { httpGraceMs: GRACE_MS });
  const { Tpn: _t, Authkey: _a, ...request } = requestExamples.Sale as Record<string, unknown>;
  return client.call('Sale', { ...request, SPInProxyTimeout: PROXY_TIMEOUT_S } as SpinRequest<'Sale'>);
}

describe('an answer held longer than 300 s, on an injected clock', () => {
  it('a stock undici Agent gives up at its 300 s cap (the clock reaches undici’s timers)', async () => {
    const held = heldReply(responseExamples.Sale);
    service.on('Sale', held.reply);
    const stock = new Agent();
    const answer = fetch(`${service.url}/v2/Payment/Sale`, { method: 'POST', body: '{}', dispatcher: stock } as RequestInit);
    const outcome = answer.then(
      () => 'answered',
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    );
    await held.arrived;
    await vi.advanceTimersByTimeAsync(HELD_MS);
    held.release();
    expect(await outcome).toBe('UND_ERR_HEADERS_TIMEOUT');
    await stock.close();
  });

  it(`the SPIn client’s stack waits ${HELD_MS / 1000} s and reads the answer (SPInProxyTimeout ${PROXY_TIMEOUT_S} s)`, async () => {
    const held = heldReply(responseExamples.Sale);
    service.on('Sale', held.reply);
    const sale = slowSale();
    await held.arrived;
    await vi.advanceTimersByTimeAsync(HELD_MS);
    held.release();
    const answer = await sale;
    expect(answer.GeneralResponse).toMatchObject({ ResultCode: '0', StatusCode: '0000' });
  });

  it('the client’s own deadline (SPInProxyTimeout + grace) still ends the exchange on the same clock', async () => {
    const held = heldReply(responseExamples.Sale);
    service.on('Sale', held.reply);
    const refused = failure(slowSale());
    await held.arrived;
    await vi.advanceTimersByTimeAsync(PROXY_TIMEOUT_S * 1000 + GRACE_MS + 1);
    expect((await refused).code).toBe('TIMEOUT');
    held.release();
  });
});
