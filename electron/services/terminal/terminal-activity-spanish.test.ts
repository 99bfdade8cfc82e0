// Issue 41: a second request on a busy terminal is refused in the language main speaks, naming the
// request that holds it in the same words, and saying that nothing was sent.
import { describe, expect, it } from 'vitest';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { TerminalActivity } from './terminal-activity';

speakSpanishInEachTest();

const TERMINAL = { baseUrl: 'http://127.0.0.1:9', tpn: 'ESBUSY0001', profileId: 'p1' };

describe('a busy terminal, in Spanish', () => {
  it('refuses a second request naming the sale that holds it, and says nothing was sent', () => {
    const activity = new TerminalActivity();
    activity.claim(TERMINAL, { operation: 'Sale', referenceId: 'ES0001' });
    expect(() => activity.claim(TERMINAL, { operation: 'Void', referenceId: 'ES0002' })).toThrow(
      expect.objectContaining({
        detail: expect.objectContaining({
          code: 'TERMINAL_BUSY',
          message: 'Esta terminal está ocupada con una solicitud de esta PC: venta ES0001. Espere a que termine o cancélela.',
          remedy: 'No se envió nada. Abra la solicitud en espera para seguirla, o cancélela en la terminal, y luego intente de nuevo.',
          busyWith: { operation: 'Sale', profileId: 'p1', referenceId: 'ES0001' },
        }),
      }),
    );
  });
});
