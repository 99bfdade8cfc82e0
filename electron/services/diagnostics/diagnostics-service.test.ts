// Issue 41: what the diagnostics channels refuse is worded in the language main speaks, through the
// app's real services (the language chosen over app:language, as the sidebar's picker does).
import { describe, expect, it, onTestFinished } from 'vitest';
import { startServices } from '../../../tests/integration/diagnostics-kit';

async function servicesInSpanish(): Promise<Awaited<ReturnType<typeof startServices>>> {
  const services = await startServices();
  onTestFinished(async () => {
    await services.dispatch('app:language', { language: 'en' });
    await services.close();
  });
  expect(await services.dispatch('app:language', { language: 'es-US' })).toEqual({ ok: true, data: { language: 'es-US' } });
  return services;
}

describe('diagnostics failures in Spanish', () => {
  it('says a request gone from the log and an unknown terminal in Spanish', async () => {
    const services = await servicesInSpanish();

    expect(await services.dispatch('diagnostics:logEntry', { entryId: 'gone-1' })).toMatchObject({
      ok: false,
      error: {
        code: 'NOT_FOUND',
        message:
          'Esa solicitud ya no está en el registro (guarda las últimas 500 solicitudes y 100 consultas de estado, y puede que se haya borrado).',
        fields: [{ path: 'entryId', message: 'no está en el registro de solicitudes' }],
      },
    });
    expect(await services.dispatch('diagnostics:check', { profileId: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No hay ningún perfil de terminal con el id nobody' },
    });
  });
});
