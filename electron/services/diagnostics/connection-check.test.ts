// Issue 41: the connection check is worded in the language main speaks while it runs. Real checks
// against loopback servers (a self-signed HTTPS one, one that redirects every request) with main
// speaking Spanish: the steps, their details and the verdict the Troubleshooting screen shows.
import { createServer } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { CheckReport } from '@shared/ipc/diagnostics-views';
import { SENTINEL, startTlsServer } from '../../../tests/integration/diagnostics-kit';
import { DEFAULT_CHECK_TIMEOUTS, newReport, runCheck } from './connection-check';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';

const TPN = 'DIAGES0001';

speakSpanishInEachTest();

/** Runs the whole check against `baseUrl` with a complete terminal profile. */
async function checkOf(baseUrl: string): Promise<CheckReport> {
  const report = newReport('check-es', 'p', 'Caja', baseUrl, TPN);
  await runCheck(report, {
    target: async () => ({ profileId: 'p', baseUrl, tpn: TPN, authkey: SENTINEL, proxyTimeoutSeconds: 5 }),
    clientOptions: {},
    timeouts: DEFAULT_CHECK_TIMEOUTS,
    profileName: 'Caja',
  });
  return report;
}

/** An HTTP service that sends every request elsewhere, as a base URL without https:// would. */
async function redirectingServer(location: string): Promise<string> {
  const server = createServer((_request, response) => response.writeHead(301, { Location: location }).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the redirecting server has no port');
  return `http://127.0.0.1:${address.port}`;
}

describe('the connection check in Spanish', () => {
  it('names its steps and refuses a self-signed certificate in Spanish', async () => {
    const tls = await startTlsServer();
    onTestFinished(() => tls.close());
    const report = await checkOf(tls.url);

    expect(report.steps.map((step) => step.name)).toEqual([
      'Configuración de la terminal',
      'Encontrar el servicio (DNS)',
      'Conectar (TCP)',
      'Conexión segura (TLS)',
      'El servicio web responde (HTTP)',
      'Credenciales aceptadas, terminal en línea',
    ]);
    expect(report.steps.map((step) => step.detail)).toEqual([
      `TPN ${TPN} en ${tls.url}`,
      '127.0.0.1 es una dirección IP: no hay nada que buscar',
      expect.stringMatching(/^conectado a 127\.0\.0\.1 puerto \d+$/),
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'no se ejecutó: falló un paso anterior',
      'no se ejecutó: falló un paso anterior',
    ]);
    expect(report.verdict).toEqual({
      ok: false,
      kind: 'tls-self-signed',
      title: 'El certificado del servicio es autofirmado',
      explanation:
        '127.0.0.1 presentó un certificado que no emitió ninguna autoridad de confianza, así que no puede probar que es el servicio de pagos. (DEPTH_ZERO_SELF_SIGNED_CERT)',
      remedy:
        'Revise la URL base: puede apuntar al servidor equivocado, o un equipo de la red puede estar interceptando la conexión. spin-desk nunca omite esta revisión, porque la Authkey va en cada solicitud.',
    });
  });

  it('says in Spanish that the address redirects, and where to', async () => {
    const url = await redirectingServer('https://spin.example.com/v2/Payment');
    const report = await checkOf(url);

    expect(report.steps.find((step) => step.id === 'http')).toMatchObject({
      status: 'ok',
      detail: `Un servicio web respondió (HTTP 301 Moved Permanently) en ${url}, con redirección a spin.example.com; para este paso basta cualquier respuesta.`,
    });
    expect(report.verdict).toEqual({
      ok: false,
      kind: 'redirect',
      title: 'La dirección redirige a spin.example.com',
      explanation:
        '127.0.0.1 respondió a la solicitud de prueba con una redirección a https://spin.example.com/v2/Payment. spin-desk nunca sigue una redirección: cada solicitud lleva la Authkey, que solo va a la dirección del perfil de la terminal.',
      remedy:
        'Use la dirección final en el perfil de la terminal (a menudo https://), aquí https://spin.example.com, una vez que su proveedor confirme que es suya.',
    });
  });
});
