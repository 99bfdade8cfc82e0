import { describe, expect, it } from 'vitest';
import type { SpinClient } from '../spin/spin-client';
import { RecoveryRegistry } from './recovery-registry';

/** A client whose every call waits until the test lets it answer; `log` says what started and ended when. */
function heldClient(tpn: string, log: string[]) {
  const release = new Map<string, () => void>();
  const client = {
    target: { baseUrl: 'http://127.0.0.1:1', tpn },
    timeoutMs: () => 1_000,
    call: (name: string, request: { ReferenceId?: string }) => {
      const label = `${tpn} ${name} ${request.ReferenceId ?? ''}`.trim();
      log.push(`start ${label}`);
      return new Promise((resolve) => release.set(label, () => (log.push(`end ${label}`), resolve({}))));
    },
  } as unknown as SpinClient;
  return { client, answer: (label: string) => release.get(label)?.() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('RecoveryRegistry.oneAtATime', () => {
  it("sends one lookup request at a time per terminal, in the order asked, and other terminals' at once", async () => {
    const registry = new RecoveryRegistry();
    const log: string[] = [];
    const one = heldClient('T1', log);
    const other = heldClient('T2', log);
    // Two lookups on T1 (each with its own client, as each recovery has) and one on T2, all at once.
    const first = registry.oneAtATime(one.client).call('Status', { ReferenceId: 'A', PaymentType: 'Credit' });
    const second = registry.oneAtATime(one.client).call('Status', { ReferenceId: 'B', PaymentType: 'Credit' });
    const elsewhere = registry.oneAtATime(other.client).call('Summary', {});
    await tick();
    expect(log).toEqual(['start T1 Status A', 'start T2 Summary']);
    one.answer('T1 Status A');
    await first;
    await tick();
    expect(log).toEqual(['start T1 Status A', 'start T2 Summary', 'end T1 Status A', 'start T1 Status B']);
    one.answer('T1 Status B');
    other.answer('T2 Summary');
    await Promise.all([second, elsewhere]);
  });

  it('a failed request does not stop the next one', async () => {
    const registry = new RecoveryRegistry();
    const failing = {
      target: { baseUrl: 'http://127.0.0.1:1', tpn: 'T3' },
      call: () => Promise.reject(new Error('connection dropped')),
    } as unknown as SpinClient;
    const log: string[] = [];
    const ok = heldClient('T3', log);
    await expect(registry.oneAtATime(failing).call('Status', { ReferenceId: 'X', PaymentType: 'Credit' })).rejects.toThrow(
      'connection dropped',
    );
    const next = registry.oneAtATime(ok.client).call('Status', { ReferenceId: 'Y', PaymentType: 'Credit' });
    await tick();
    ok.answer('T3 Status Y');
    await expect(next).resolves.toEqual({});
  });
});
