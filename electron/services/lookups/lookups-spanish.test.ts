// Issue 41: a lookup that finds nothing says so in the language main speaks.
import { describe, expect, it } from 'vitest';
import { fakeProfiles } from '../../../tests/support/money-move-kit';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { fakeSimulatorPerFile } from '../test-support/fake-simulator-per-file';
import { lookUpStatus } from './lookups';

const sim = fakeSimulatorPerFile(1, 5);

speakSpanishInEachTest();

describe('lookups in Spanish', () => {
  it('says in Spanish that the open batch has no transaction with that reference', async () => {
    const lookup = lookUpStatus(
      { profiles: fakeProfiles(sim.url) },
      { profileId: 'p1', paymentType: 'Credit', referenceId: 'ESNONE1', getReceipt: 'No' },
    );
    await expect(lookup).rejects.toMatchObject({
      detail: {
        code: 'NOT_FOUND',
        statusCode: '1001',
        message: 'No hay ninguna transacción con la referencia ESNONE1 en el lote abierto de la terminal.',
        fields: [{ path: 'referenceId', message: 'no está en el lote abierto' }],
      },
    });
  });
});
