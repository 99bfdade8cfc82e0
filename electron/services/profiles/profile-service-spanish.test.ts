// Issue 41: what the terminal profiles answer for display follows the language main speaks.
import { describe, expect, it } from 'vitest';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';
import { MemoryStore } from '../settings/key-value-store';
import { MemoryVault } from '../vault/secret-vault';
import { ProfileService } from './profile-service';

speakSpanishInEachTest();

describe('terminal profiles in Spanish', () => {
  it('names the demo terminal and says what is missing before a request can go, in Spanish', async () => {
    const service = new ProfileService({
      store: new MemoryStore(),
      vault: new MemoryVault(),
      demoBaseUrl: async () => 'http://127.0.0.1:9',
    });
    await expect(service.target()).rejects.toMatchObject({
      detail: { code: 'NOT_FOUND', message: 'No hay ninguna terminal seleccionada. Primero agregue o elija una terminal.' },
    });
    const demo = await service.save({ name: 'Demostración', environment: 'demo', tpn: 'DEMO00000001', proxyTimeoutSeconds: 90 });
    expect(demo.endpointLabel).toBe('Terminal de demostración integrada (simulador)');
    await expect(service.target(demo.id)).rejects.toMatchObject({
      detail: { code: 'NO_AUTHKEY', message: 'La terminal "Demostración" todavía no tiene Authkey. Escríbala en la pantalla Terminales.' },
    });
  });
});
