// Issue 41: dispatch words what it answers itself (a request that breaks the contract, a bug inside
// a handler) in the language main speaks; what it logged stays English.
import { describe, expect, it, vi } from 'vitest';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { createDispatch, type Handlers } from './dispatch';

speakSpanishInEachTest();

describe('dispatch in Spanish', () => {
  it('asks in Spanish to check a bad input, and says a bug was logged', async () => {
    const log = { error: vi.fn() };
    const broken = async () => {
      throw new Error('a bug');
    };
    const dispatch = createDispatch({ 'profiles:list': broken } as unknown as Handlers, log);
    const bad = await dispatch('payments:sale', { amountCents: -5 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', message: expect.stringMatching(/^Revise: amountCents /) } });
    expect(await dispatch('profiles:list', undefined)).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'Algo salió mal dentro de spin-desk. Los detalles quedaron registrados.' },
    });
    expect(log.error).toHaveBeenCalledWith('Handler for profiles:list failed', expect.stringContaining('a bug'));
  });
});
