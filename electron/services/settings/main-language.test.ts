// Issue 41, item 1: what main words for display follows the language chosen over app:language.
// A real failing call (a report read with an Authkey the simulated terminal does not know, answered
// 2002) comes back with its message and remedy in Spanish once es-US is chosen, and in English
// again after a switch back: no restart, the next answer is in the new language.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { AppError } from '@shared/ipc/envelope';
import { startSimulator, type RunningSimulator } from '../../../simulator';
import type { AppServices } from '../app-services';
import { addTerminal, SENTINEL, startServices } from '../../../tests/integration/diagnostics-kit';

const TPN = 'LANGMAIN01';

/** A simulated terminal and the app's services, both closed (and main back in English) when the test ends. */
async function appWithTerminal(): Promise<{ sim: RunningSimulator; services: Awaited<ReturnType<typeof startServices>> }> {
  const sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], seed: 41 });
  const services = await startServices();
  onTestFinished(async () => {
    await services.dispatch('app:language', { language: 'en' });
    await services.close();
    await sim.close();
  });
  return { sim, services };
}

/** Reads the batch summary with a key the terminal does not know: the service answers 2002. */
async function wrongKeyError(services: AppServices, profileId: string): Promise<AppError> {
  const answer = await services.dispatch('reports:summary', { profileId });
  if (answer.ok) throw new Error('a wrong Authkey was accepted');
  return answer.error;
}

describe('main speaks the language chosen over app:language', () => {
  it('answers a failing call with its message and remedy in Spanish, then in English again', async () => {
    const { sim, services } = await appWithTerminal();
    const profile = await addTerminal(services, 'Counter', sim.url, TPN, 'WRONGKEY99');

    const english = await wrongKeyError(services, profile.id);
    expect(english).toMatchObject({
      statusCode: '2002',
      message: 'Active authKey not found: The auth key does not match any active key for this terminal (often a typo).',
      remedy:
        'Check the terminal settings in this app (TPN, auth key, test or live environment). Copy the auth key again from the iPOSpays portal.',
    });

    expect(await services.dispatch('app:language', { language: 'es-US' })).toEqual({ ok: true, data: { language: 'es-US' } });
    expect(await wrongKeyError(services, profile.id)).toMatchObject({
      statusCode: '2002',
      message:
        'No se encontró una authKey activa: La clave de autenticación (auth key) no coincide con ninguna clave activa de esta terminal (a menudo por un error al escribirla).',
      remedy:
        'Revise la configuración de la terminal en esta aplicación (TPN, auth key, ambiente de prueba o real). Copie de nuevo la auth key desde el portal de iPOSpays.',
    });

    await services.dispatch('app:language', { language: 'en' });
    expect(await wrongKeyError(services, profile.id)).toMatchObject({ message: english.message, remedy: english.remedy });
  });
});
