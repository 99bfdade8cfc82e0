// Issue 41: "Verify this terminal" reports in the language main speaks when it runs: its finding,
// its steps and what became of the test sale, through the real channel on the built-in demo terminal.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { TipCheckReport } from '@shared/ipc/diagnostics-views';
import type { ProfileList } from '@shared/ipc/profile-views';
import { data, startServices } from '../../../tests/integration/diagnostics-kit';

describe('Verify this terminal in Spanish', () => {
  it('names the finding, the steps and the voided test sale in Spanish', async () => {
    const services = await startServices();
    onTestFinished(async () => {
      await services.dispatch('app:language', { language: 'en' });
      await services.close();
    });
    await data(services, 'app:language', { language: 'es-US' });
    const demo = (await data<ProfileList>(services, 'profiles:list')).profiles[0];
    if (!demo) throw new Error('no demo terminal');

    const report = await data<TipCheckReport>(services, 'diagnostics:verifyTips', { profileId: demo.id });
    expect(report).toMatchObject({
      finding: 'included',
      title: 'En esta terminal, Amount ya incluye la propina',
      explanation:
        'spin-desk envió Amount $1.00 con TipAmount $0.10, y cobró $1.00: tomó la propina como parte de Amount (Amount $1.00, propina $0.10, total $1.00).',
      remedy:
        'spin-desk envía las ventas y capturas de esta terminal con la propina dentro de Amount y también en TipAmount. El perfil de la terminal lo recuerda; repita la prueba si cambia la terminal o su software de pagos.',
    });
    expect(report.steps.map(({ name, status, detail }) => ({ name, status, detail }))).toEqual([
      { name: 'Venta de prueba $1.00 + $0.10 de propina', status: 'ok', detail: 'Aprobada: Amount $1.00, propina $0.10, total $1.00' },
      { name: 'Leerla de nuevo (Status)', status: 'ok', detail: 'Amount $1.00, propina $0.10, total $1.00' },
      { name: 'Anularla (Void)', status: 'ok', detail: 'Se anuló $1.00' },
    ]);
    expect(report.testSale?.words).toBe(`La venta de prueba ${report.referenceId} ($1.00) se anuló: no queda nada cobrado.`);
  });
});
