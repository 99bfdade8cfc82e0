// Issue 41: Level 3's own words for a 1001 (no such transaction) follow the language main speaks.
import { describe, expect, it } from 'vitest';
import { fakeProfiles } from '../../../tests/support/money-move-kit';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { runAddLevel3 } from './level3';

const sim = fakeSimulatorPerFile(1, 5);

speakSpanishInEachTest();

describe('Level 3 in Spanish', () => {
  it('says in Spanish that no approved transaction has this auth code, and how to check it', async () => {
    const form = {
      authCode: 'NOSUCH',
      referenceId: 'ESL3',
      paymentType: 'Credit' as const,
      header: {},
      items: [{ description: 'Tornillos' }],
    };
    await expect(runAddLevel3({ profiles: fakeProfiles(sim.url) }, form)).rejects.toMatchObject({
      detail: {
        code: 'TERMINAL',
        statusCode: '1001',
        message: expect.stringMatching(
          /: La terminal no tiene ninguna transacción aprobada en el lote abierto con este código de autorización y esta referencia\.$/,
        ),
        remedy: expect.stringMatching(/^Compare el código de autorización y la referencia con el recibo de la venta/),
      },
    });
  });
});
